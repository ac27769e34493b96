import type { CommerceProblem } from '../carts/problems';
import { cartProblemToApiError } from '../errors/catalogue/carts';
import { ApiError, badRequest, notFound } from '../http/errors';
import { formatPence } from '../pricing/money';

/** Why an amendment or cancellation was refused: values, mapped to HTTP answers in `orderChangeProblemToApiError` only. */
export type OrderChangeProblem =
  | { kind: 'orderNotFound'; code: string }
  | { kind: 'statusClosed'; code: string; status: string }
  | { kind: 'cutoffPassed' }
  | { kind: 'badLine'; index: number; problem: CommerceProblem }
  | { kind: 'repeatedProduct'; index: number; productCode: string }
  | { kind: 'orderTooLarge'; maximumPence: number }
  | { kind: 'purchaseOrderMissing' };

export const CUTOFF_PASSED_MESSAGE = 'The cut-off for this delivery has passed';

export function orderChangeProblemToApiError(problem: OrderChangeProblem): ApiError {
  switch (problem.kind) {
    case 'orderNotFound':
      return notFound('OrderError', 'code', `Order '${problem.code}' not found`);
    case 'statusClosed':
      return new ApiError(409, 'OrderError', `Order ${problem.code} is ${problem.status} and can no longer be changed`, 'notAmendable', 'status');
    case 'cutoffPassed':
      return new ApiError(409, 'OrderError', CUTOFF_PASSED_MESSAGE, 'cutoffPassed', 'code');
    case 'badLine': {
      // The cart's wording for the same rule, with the line it is about: "entries.2.quantity", "Line 3: …".
      const lineError = cartProblemToApiError(problem.problem);
      return badRequest(`entries.${problem.index}.${lineError.subject ?? 'product.code'}`, `Line ${problem.index + 1}: ${lineError.message}`, 'OrderError');
    }
    case 'repeatedProduct':
      return badRequest(`entries.${problem.index}.product.code`, `Line ${problem.index + 1}: product '${problem.productCode}' is already on an earlier line; change that line's quantity instead`, 'OrderError');
    case 'orderTooLarge':
      return badRequest('entries', `An order's total cannot exceed ${formatPence(problem.maximumPence)}; split it into several orders`, 'OrderError');
    case 'purchaseOrderMissing':
      return badRequest('purchaseOrderNumber', 'This account requires a purchase order number', 'OrderError');
  }
}
