import type { CommerceProblem } from '../carts/problems';

/** Why an order cannot be placed as asked (orders/can-place.ts): the same values for checkout, amendments and standing orders. */
export type PlaceProblem =
  | { kind: 'ownerDisabled' }
  | { kind: 'emptyCart' }
  | { kind: 'linesNotOrderable'; lines: { index: number; productCode: string; problem: CommerceProblem }[] }
  | { kind: 'nothingSellable' }
  | { kind: 'orderTooLarge'; maximumPence: number }
  | { kind: 'purchaseOrderMissing' };

/** Why an amendment or cancellation was refused: values, answered over HTTP by orders/problem-answers.ts. */
export type OrderChangeProblem =
  | { kind: 'orderNotFound'; code: string }
  | { kind: 'statusClosed'; code: string; status: string }
  | { kind: 'cutoffPassed' }
  | { kind: 'badLine'; index: number; problem: CommerceProblem }
  | { kind: 'repeatedProduct'; index: number; productCode: string }
  | { kind: 'orderTooLarge'; maximumPence: number }
  | { kind: 'purchaseOrderMissing' }
  | { kind: 'ownerDisabled' };
