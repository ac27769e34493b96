import type { OperatorProblem } from './problems';
import { ApiError, conflict, notFound, unprocessable } from '../../http/errors';

/** The HTTP answers of the operator invitations (docs/people.md "Operators") and a rep's assignments. */
export function operatorProblemToApiError(problem: OperatorProblem): ApiError {
  switch (problem.kind) {
    case 'operatorNotFound':
      return notFound('OperatorError', 'id', `Operator ${problem.id} not found`);
    case 'emailTaken':
      return conflict('OperatorError', 'email', `${problem.email} is already an operator`);
    case 'selfDisable':
      return conflict('OperatorError', 'id', 'You cannot disable yourself');
    case 'statusUnchangeable':
      return conflict('OperatorError', 'status', `Operator ${problem.email} is ${problem.status}: cannot ${problem.action}`);
    case 'alreadyAccepted':
      return conflict('OperatorError', 'id', `${problem.email} has already accepted their invitation`);
    case 'notSales':
      return unprocessable('OperatorError', 'role', `${problem.email} is ${problem.role}: only a sales operator is assigned customers`);
    case 'soldToNotFound':
      return unprocessable('OperatorError', `soldTos.${problem.index}`, `Sold-to '${problem.code}' not found`);
  }
}
