import type { CommerceProblem } from '../carts/problems';

export type { PlaceProblem } from '../order-status/problems';

/** Why an amendment or cancellation was refused: values, answered over HTTP by orders/problem-answers.ts. */
export type OrderChangeProblem =
  | { kind: 'orderNotFound'; code: string }
  | { kind: 'statusClosed'; code: string; status: string }
  | { kind: 'cutoffPassed' }
  | { kind: 'badLine'; index: number; problem: CommerceProblem }
  | { kind: 'repeatedProduct'; index: number; productCode: string }
  | { kind: 'orderTooLarge'; maximumPence: number }
  | { kind: 'purchaseOrderMissing' }
  | { kind: 'ownerDisabled' }
  | Extract<CommerceProblem, { kind: 'belowMinimumOrder' }>;
