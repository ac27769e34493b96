import type { CommerceProblem } from './problems';
import { ApiError, badRequest, conflict, notFound, unprocessable } from '../http/errors';
import { formatPence } from '../pricing/money';
import { accountProblemToApiError } from '../accounts/problem-answers';
import { shortfallMessage } from '../pricing/delivery-charge/delivery-charge';

/**
 * The HTTP answers of cart and checkout problems. Someone else's cart, or one of a ship-to or range the
 * caller no longer holds, answers exactly like a cart that does not exist.
 */
export function cartProblemToApiError(problem: CommerceProblem): ApiError {
  switch (problem.kind) {
    case 'shipToNotFound':
      return accountProblemToApiError(problem);
    case 'cartNotFound':
      return notFound('CartError', 'cartId', `Cart '${problem.cartId}' not found`);
    case 'activeCartNeedsScope':
      return badRequest(problem.parameter, `Cart 'active' needs the query parameter '${problem.parameter}'`);
    case 'productUnknown':
      return badRequest('product.code', `Product '${problem.productCode}' not found`, 'UnknownIdentifierError');
    case 'productOtherRange':
      return badRequest('product.code', `Product '${problem.productCode}' is not in the ${problem.range} range of this cart`, 'CartError');
    case 'productDiscontinued':
      return badRequest('product.code', `Product '${problem.productCode}' is no longer sold`, 'CartError');
    case 'belowMinimum':
      return badRequest('quantity', `Product '${problem.productCode}' must be ordered in at least ${problem.minimum} cases`, 'CartError');
    case 'quantityTooLarge':
      return badRequest('quantity', `Product '${problem.productCode}' cannot exceed ${problem.maximum} cases in one cart`, 'CartError');
    case 'cartFull':
      return badRequest('entries', `A cart holds at most ${problem.maximum} lines`, 'CartError');
    case 'entryNotFound':
      return new ApiError(404, 'CartEntryError', `Cart entry ${problem.entryNumber} not found`, 'notFound', 'entryNumber');
    case 'entryProductMismatch':
      return badRequest('product.code', `Entry ${problem.entryNumber} is product '${problem.productCode}'`, 'CartEntryError');
    case 'staleVersion':
      return conflict('CartError', 'If-Match', `The cart has changed since it was read (now version ${problem.currentVersion}); reload it and try again`);
    case 'deliveryDateNotOrderable':
      return badRequest('requestedDeliveryDate', `Delivery date ${problem.date} cannot be ordered for (${problem.why})`, 'CartError');
    case 'notSaved':
      return conflict('CartError', 'cartId', 'Only a saved cart can be restored');
    case 'notSavedCart':
      return conflict('CartError', 'cartId', "Only a saved cart's lines can be added to the cart");
    case 'alreadySaved':
      return conflict('CartError', 'cartId', 'The cart is already saved');
    case 'emptyCart':
      return unprocessable('CartError', 'entries', 'The cart is empty');
    case 'deliveryDateExpired':
      return unprocessable('CartError', 'requestedDeliveryDate', `Delivery date ${problem.date} can no longer be ordered for (${problem.why}); choose another`);
    case 'linesNotOrderable':
      return unprocessable(
        'CartError',
        'entries',
        `Some lines cannot be ordered: ${problem.lines.map((line) => `${line.productCode} (${line.reason})`).join(', ')}`,
      );
    case 'orderTooLarge':
      return unprocessable('CartError', 'entries', `An order's total cannot exceed ${formatPence(problem.maximumPence)}; split it into several orders`);
    case 'deliveryDateMissing':
      return unprocessable('CartError', 'requestedDeliveryDate', 'Choose a delivery date before placing the order');
    case 'purchaseOrderMissing':
      return unprocessable('CartError', 'purchaseOrderNumber', 'This account requires a purchase order number');
    case 'stockShort':
      return conflict(
        'StockError',
        'entries',
        `Not enough stock for delivery on ${problem.deliveryDate}: ${problem.lines.map((line) => `${line.name} (${line.productCode}): ${line.available} left, ${line.quantity} in the cart`).join('; ')}. Nothing was ordered; change these lines or the delivery date`,
      );
    case 'belowMinimumOrder':
      // The cart says the same before checkout (cart-view.ts): the words are the one rule's (docs/minimum-order.md).
      return unprocessable('MinimumOrderError', 'entries', shortfallMessage({ belowMinimum: 'refuse', minimumOrderPence: problem.minimumOrderPence, shortPence: problem.shortPence }));
    case 'cartAlreadyOrdered':
      return conflict('CartError', 'cartId', `The cart has already been ordered as ${problem.orderCode}`);
    case 'idempotencyKeyReused':
      return unprocessable('IdempotencyError', 'Idempotency-Key', `This Idempotency-Key was already used for order ${problem.orderCode} of another cart`);
  }
}
