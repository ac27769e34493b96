import type { OrderStatus } from './order-status';

/** Why a status change was refused: values, answered over HTTP by errors/catalogue/orders.ts. */
export type StatusProblem =
  | { kind: 'orderNotFound'; code: string }
  | { kind: 'transitionNotAllowed'; from: OrderStatus; to: OrderStatus }
  | { kind: 'decidedByApproval'; from: OrderStatus; to: OrderStatus }
  | { kind: 'quantitiesNotAllowed'; status: OrderStatus }
  | { kind: 'unknownEntry'; entryNumber: number }
  | { kind: 'deliveredMoreThanOrdered'; entryNumber: number; ordered: number };
