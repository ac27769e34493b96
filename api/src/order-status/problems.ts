import type { CommerceProblem } from '../carts/problems';
import type { OrderStatus } from './order-status';

/** Why a status change was refused: values, answered over HTTP by orders/problem-answers.ts. */
export type StatusProblem =
  | { kind: 'orderNotFound'; code: string }
  | { kind: 'transitionNotAllowed'; from: OrderStatus; to: OrderStatus }
  | { kind: 'decidedByApproval'; from: OrderStatus; to: OrderStatus }
  | { kind: 'quantitiesNotAllowed'; status: OrderStatus }
  | { kind: 'unknownEntry'; entryNumber: number }
  | { kind: 'deliveredMoreThanOrdered'; entryNumber: number; ordered: number }
  | { kind: 'substituteNotAllowed'; entryNumber: number }
  | { kind: 'unknownSubstitute'; entryNumber: number; productCode: string }
  | { kind: 'orderTooLarge'; maximumPence: number };

/**
 * Why an order cannot be placed as asked (orders/can-place.ts, and any placement policy that refuses,
 * order-process.ts): the same values for checkout, amendments, standing orders, approvals and resubmissions.
 */
export type PlaceProblem =
  | { kind: 'ownerDisabled' }
  | { kind: 'emptyCart' }
  | { kind: 'linesNotOrderable'; lines: { index: number; productCode: string; problem: CommerceProblem }[] }
  | { kind: 'nothingSellable' }
  | { kind: 'orderTooLarge'; maximumPence: number }
  | { kind: 'purchaseOrderMissing' };

