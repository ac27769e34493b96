import { ApiError, badRequest, conflict, unprocessable } from '../http/errors';
import type { Result as GenericResult } from '../errors/result';
import { formatPence } from '../pricing/money';

/**
 * Business outcomes of cart and checkout use cases: returned as values, never thrown (style #8), and turned
 * into HTTP answers in exactly one place, `problemToApiError`.
 */
export type CommerceProblem =
  | { kind: 'productUnknown'; productCode: string }
  | { kind: 'productOtherRange'; productCode: string; range: string }
  | { kind: 'productDiscontinued'; productCode: string }
  | { kind: 'belowMinimum'; productCode: string; minimum: number }
  | { kind: 'quantityTooLarge'; productCode: string; maximum: number }
  | { kind: 'cartFull'; maximum: number }
  | { kind: 'entryNotFound'; entryNumber: number }
  | { kind: 'entryProductMismatch'; entryNumber: number; productCode: string }
  | { kind: 'staleVersion'; currentVersion: number }
  | { kind: 'deliveryDateNotOrderable'; date: string; why: string }
  | { kind: 'notSaved' }
  | { kind: 'notSavedCart' }
  | { kind: 'alreadySaved' }
  | { kind: 'emptyCart' }
  | { kind: 'deliveryDateExpired'; date: string; why: string }
  | { kind: 'linesNotOrderable'; lines: { productCode: string; reason: string }[] }
  | { kind: 'deliveryDateMissing' }
  | { kind: 'orderTooLarge'; maximumPence: number }
  | { kind: 'purchaseOrderMissing' }
  | { kind: 'cartAlreadyOrdered'; orderCode: string }
  | { kind: 'idempotencyKeyReused'; orderCode: string };

export type Result<T> = GenericResult<T, CommerceProblem>;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(problem: CommerceProblem): Result<T> => ({ ok: false, problem });

export function problemToApiError(problem: CommerceProblem): ApiError {
  switch (problem.kind) {
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
    case 'cartAlreadyOrdered':
      return conflict('CartError', 'cartId', `The cart has already been ordered as ${problem.orderCode}`);
    case 'idempotencyKeyReused':
      return unprocessable('IdempotencyError', 'Idempotency-Key', `This Idempotency-Key was already used for order ${problem.orderCode} of another cart`);
  }
}

/** The value of a successful result; a problem becomes the ApiError the error handler renders. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw problemToApiError(result.problem);
  return result.value;
}
