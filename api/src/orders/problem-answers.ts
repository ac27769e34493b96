import type { CommerceProblem } from '../carts/problems';
import { ApiError, badRequest, conflict, forbidden, notFound, unprocessable } from '../http/errors';
import { QUANTITY_STATUSES } from '../order-status/order-status';
import type { StatusProblem } from '../order-status/problems';
import type { CompanyOrdersProblem } from './company-orders';
import type { OrderChangeProblem, PlaceProblem } from './problems';
import { formatPence } from '../pricing/money';
import { cartProblemToApiError } from '../carts/problem-answers';

/** The HTTP answers of the order use cases (checkout, amendments, cancellation, status reports), in one place. */

export const orderNotFound = (code: string) => notFound('OrderError', 'code', `Order '${code}' not found`);

const CUTOFF_PASSED_MESSAGE = 'The cut-off for this delivery has passed';

const ownerDisabled = () => forbidden('This user is disabled and can place or change no orders');

const orList = (values: readonly string[]) => (values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : (values[0] ?? ''));

export function statusProblemToApiError(problem: StatusProblem): ApiError {
  switch (problem.kind) {
    case 'orderNotFound':
      return orderNotFound(problem.code);
    case 'transitionNotAllowed':
      return conflict('OrderStatusError', 'status', `An order that is ${problem.from} cannot become ${problem.to}`);
    case 'decidedByApproval':
      return conflict('OrderStatusError', 'status', `An order that is ${problem.from} cannot become ${problem.to} by a status report: held orders are decided in approvals${problem.from === 'awaitingCredit' || problem.to === 'awaitingCredit' ? ' or by the credit team' : ''}`);
    case 'quantitiesNotAllowed':
      return badRequest('lines', `Delivered quantities can only be reported with status ${orList(QUANTITY_STATUSES)}, not ${problem.status}`, 'OrderStatusError');
    case 'unknownEntry':
      return badRequest('lines.entryNumber', `The order has no entry ${problem.entryNumber}`, 'OrderStatusError');
    case 'deliveredMoreThanOrdered':
      return badRequest('lines.deliveredQuantity', `Entry ${problem.entryNumber} was ordered ${problem.ordered} times; more cannot be delivered`, 'OrderStatusError');
    case 'substituteNotAllowed':
      return unprocessable('OrderStatusError', 'lines.substitutedBy', `Entry ${problem.entryNumber} does not allow a substitute: the customer did not tick "Allow a substitute"`);
    case 'unknownSubstitute':
      return unprocessable('OrderStatusError', 'lines.substitutedBy', `Entry ${problem.entryNumber} cannot be substituted by '${problem.productCode}': the shop has no such other product`);
    case 'orderTooLarge':
      return unprocessable('OrderStatusError', 'lines.unitPrice', `With these substitutes the order's total would exceed ${formatPence(problem.maximumPence)}`);
  }
}

export function orderChangeProblemToApiError(problem: OrderChangeProblem): ApiError {
  switch (problem.kind) {
    case 'orderNotFound':
      return orderNotFound(problem.code);
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
    case 'ownerDisabled':
      return ownerDisabled();
    case 'belowMinimumOrder':
      return cartProblemToApiError(problem);
  }
}

/** Checkout: the cart's problems in the cart's words, and an owner who may order nothing. */
export function checkoutProblemToApiError(problem: CommerceProblem | Extract<PlaceProblem, { kind: 'ownerDisabled' }>): ApiError {
  return problem.kind === 'ownerDisabled' ? ownerDisabled() : cartProblemToApiError(problem);
}

/** Head office's view of its sites' orders: a site or order outside the caller's sold-tos is one that does not exist. */
export function companyOrdersProblemToApiError(problem: CompanyOrdersProblem): ApiError {
  switch (problem.kind) {
    case 'notCompanyViewer':
      return forbidden("Only a company's admins and approvers see the orders of its sites", 'scope');
    case 'siteNotFound':
      return notFound('OrderError', 'site', `Site '${problem.site}' not found`);
    case 'orderNotFound':
      return orderNotFound(problem.code);
    case 'periodWithoutSite':
      return badRequest('site', 'A period needs the site whose budget it is', 'ValidationError');
  }
}
