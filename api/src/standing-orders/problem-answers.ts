import { ApiError, badRequest, conflict, notFound } from '../http/errors';
import type { StandingOrderProblem } from './problems';
import { cartProblemToApiError } from '../carts/problem-answers';

/** The HTTP answers of the standing-order use cases, in one place. */

const CUTOFF_PASSED = 'The cut-off for this delivery has passed';

const lineRefused = (index: number, message: string) => badRequest(`entries.${index}.product.code`, message, 'StandingOrderError');

export function standingOrderProblemToApiError(problem: StandingOrderProblem): ApiError {
  switch (problem.kind) {
    case 'standingOrderNotFound':
      return notFound('StandingOrderError', 'code', `Standing order '${problem.code}' not found`);
    case 'deliveryNotFound':
      return notFound('StandingOrderError', 'date', `Standing order '${problem.code}' has no delivery on ${problem.date}`);
    case 'cutoffPassed':
      return new ApiError(409, 'StandingOrderError', CUTOFF_PASSED, 'cutoffPassed', 'date');
    case 'bankHolidayCancels':
      return conflict('StandingOrderError', 'date', 'A bank holiday cancels this delivery; there is nothing to change');
    case 'standingOrderEnded':
      return conflict('StandingOrderError', 'status', `Standing order '${problem.code}' has ended and cannot be changed`);
    case 'badTransition':
      return conflict('StandingOrderError', 'status', `Standing order '${problem.code}' is ${problem.status} and cannot be ${problem.action}`);
    case 'weekdayNotDelivered':
      return badRequest('weekdays', `Weekday ${problem.weekday} is not a delivery day of this ship-to for this range`);
    case 'startDateInPast':
      return badRequest('startDate', 'The start date cannot be in the past');
    case 'startDateTooFar':
      return badRequest('startDate', 'The start date must be within a year from today');
    case 'endBeforeStart':
      return badRequest('endDate', 'The end date cannot be before the start date');
    case 'endDateInPast':
      return badRequest('endDate', 'The end date cannot be in the past');
    case 'emptyCart':
      return badRequest('cartId', 'The cart is empty: add products before making it a standing order');
    case 'emptyEntries':
      return badRequest('entries', 'A delivery needs at least one line; skip the delivery instead');
    case 'tooManyLines':
      return badRequest('entries', `At most ${problem.maximum} lines`);
    case 'repeatedLine':
      return lineRefused(problem.index, `Product '${problem.productCode}' is listed more than once`);
    case 'lineRefused':
      return lineRefused(problem.index, cartProblemToApiError(problem.problem).message);
    case 'purchaseOrderMissing':
      return badRequest('purchaseOrderNumber', 'This account requires a purchase order number');
    case 'cart':
      return cartProblemToApiError(problem.problem);
  }
}
