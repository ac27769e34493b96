import type { orderLines, orders } from '../db/schema';
import type { Cause } from '../tracing/cause';
import type { PlacedBy } from './order-event';
import type { OrderOrigin } from './order-status';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/** Why an order moves: policies and reactions tell an approval from a checkout by it. */
export type MoveCause = 'checkout' | 'standingOrder' | 'amendment' | 'decision' | 'creditRelease' | 'resubmission' | 'limitChange' | 'statusReport' | 'cancellation' | 'cutoff';

/** Who moves an order: kept with the change; an operator's move goes into the audit log too. */
export interface Mover {
  /** 'operator:<e-mail>', 'client:<client id>', 'customer:<username>' or 'system:<job>'. */
  changedBy: string;
  operatorId: number | null;
  cause: MoveCause;
  /** The request or job making the move: the move's events carry it (tracing/cause.ts). */
  trace: Cause | undefined;
  /** The decider's name, as a rejected buyer is told who rejected their order. */
  name?: string;
  /** More for the audit log, e.g. the delivered quantities an operator reported with the move. */
  auditDetails?: Record<string, unknown>;
}

/** An order as the process moves it: locked by the caller (FOR UPDATE), or written in its transaction. */
export interface OrderInProcess {
  order: OrderRow;
  shipToName: string;
  cutoffTime: string;
  /** The buyer: the addressee of the order's e-mails and notices. */
  placedBy: PlacedBy;
  /** The lines as they stand, when the caller has them; the process reads them when its event needs them. */
  lines?: OrderLineRow[];
}

/** A request to place an order (order-process.ts): new, amended, decided, released, sent for another date or re-checked. */
export interface PlacementRequest extends OrderInProcess {
  /** 'new' for an order just written: its row holds its lines and totals, and the status the request settles. */
  from: OrderOrigin;
  by: Mover;
  /** The note kept with the move (a decider's comment). */
  note: string | null;
  /** The order before this change (an amendment): what an earlier approval covered. */
  before?: Pick<OrderRow, 'status' | 'netPence' | 'approvalReasons'>;
  /**
   * Set by a caller that ran canPlace (orders/can-place.ts) on these very lines in this transaction
   * (checkout, a standing order's delivery, an amendment), so the lines are not read and checked again.
   */
  linesCheckedNow?: boolean;
  /**
   * What the caller learned for a policy in a statement it made anyway, keyed as the policy's module names it
   * (e.g. whether any spending limit applies, read with the order insert), so the policy need not ask again.
   */
  policyInputs?: Readonly<Record<string, unknown>>;
}
