import { badRequest, conflict, notFound, type ApiError } from '../../http/errors';
import type { RegistrationDecisionProblem } from './problems';

/** The HTTP answers of the back office's decisions on registration requests (docs/people.md). */
export function registrationDecisionProblemToApiError(problem: RegistrationDecisionProblem): ApiError {
  switch (problem.kind) {
    case 'registrationNotFound':
      return notFound('RegistrationError', 'id', `Registration request ${problem.id} not found`);
    case 'registrationNotConfirmed':
      return conflict('RegistrationError', 'status', `Registration request ${problem.id} is ${problem.status}: no decision can be made`);
    case 'soldToNotFound':
      return badRequest('soldTo', `Sold-to '${problem.soldTo}' not found`, 'RegistrationError');
    case 'shipToNotOfSoldTo':
      return badRequest('shipTos', `Ship-to '${problem.shipTo}' does not belong to sold-to '${problem.soldTo}'`, 'RegistrationError');
    case 'addressTaken':
      return conflict('RegistrationError', 'email', `A user with the e-mail address '${problem.email}' already exists`);
  }
}
