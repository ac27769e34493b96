import type { LimitProblem } from './limits-problems';
import { badRequest, conflict, forbidden, notFound, type ApiError } from '../http/errors';

/** The HTTP answers of the limits (docs/approvals.md "Limits"): another company's limit, ship-to or user answers as missing. */
export function limitProblemToApiError(problem: LimitProblem): ApiError {
  switch (problem.kind) {
    case 'notCompanyAdmin':
      return forbidden('Only a company admin can manage limits');
    case 'limitNotFound':
      return notFound('ApprovalLimitError', 'code', `Limit '${problem.code}' not found`);
    case 'soldToNotFound':
      return notFound('ApprovalLimitError', 'soldTo', `Sold-to '${problem.soldTo}' not found`);
    case 'shipToNotFound':
      return notFound('ApprovalLimitError', 'shipTo', `Ship-to '${problem.shipTo}' not found`);
    case 'userNotFound':
      return notFound('ApprovalLimitError', 'user', `User '${problem.user}' not found`);
    case 'soldToNeeded':
      return badRequest('soldTo', `User '${problem.user}' orders for more than one of your sold-tos: name the sold-to`, 'ApprovalLimitError');
    case 'soldToMismatch':
      return badRequest('soldTo', `Ship-to '${problem.shipTo}' does not belong to sold-to '${problem.soldTo}'`, 'ApprovalLimitError');
    case 'subjectMissing':
      return badRequest('shipTo', 'Name the ship-to (or, for an order limit, the user) the limit is for', 'ApprovalLimitError');
    case 'subjectTwice':
      return badRequest('user', 'An order limit is for a ship-to or a user, not both', 'ApprovalLimitError');
    case 'periodForShipToOnly':
      return badRequest('user', 'A period limit is for a ship-to, not a user', 'ApprovalLimitError');
    case 'periodRangeMissing':
      return badRequest('periodRange', 'A period limit needs a periodRange: WEEK or MONTH', 'ApprovalLimitError');
    case 'periodRangeNotAllowed':
      return badRequest('periodRange', 'Only a period limit has a periodRange', 'ApprovalLimitError');
    case 'limitExists':
      return conflict('ApprovalLimitError', 'type', `There is already a limit like this: ${problem.code}`);
  }
}
