import { ApiError, invalidToken, notFound } from '../../http/errors';
import type { AssistedEndProblem, AssistedStartProblem, ShipToUsersProblem } from './problems';

/** The HTTP answers of acting for a customer (docs/assisted-service.md). */
export function assistedStartProblemToApiError(problem: AssistedStartProblem): ApiError {
  switch (problem.kind) {
    case 'userShipToNotFound':
      return notFound('UserError', 'username', `User '${problem.username}' at ship-to '${problem.shipTo}' not found`);
    case 'userDisabled':
      return new ApiError(409, 'UserError', `User '${problem.username}' is disabled`, 'userDisabled', 'username');
    case 'operatorTokenExpiring':
      return invalidToken('Your back office session is ending: sign in again');
  }
}

export function shipToUsersProblemToApiError(problem: ShipToUsersProblem): ApiError {
  return notFound('ShipToError', 'code', `Ship-to '${problem.code}' not found`);
}

export function assistedEndProblemToApiError(problem: AssistedEndProblem): ApiError {
  return notFound('AssistedSessionError', 'id', `Session ${problem.id} not found`);
}
