/**
 * A cart change made while offline (docs/phone.md, "The offline cart"): what the customer asked for, with the
 * product's name and minimum so a refusal can be worded like any other at the line. Shared by the browser's
 * queue and the Server Action that replays it; plain data only.
 */
export type CartChange =
  | { kind: 'add'; productCode: string; productName: string; minimum: number; quantity: number }
  /** A cart line's new quantity (0 removes the line); `was` its quantity before, for the header's count. */
  | { kind: 'set'; entryNumber: number; productCode: string; productName: string; minimum: number; quantity: number; was?: number };

/**
 * How many cases the queued changes add to (or take from) the cart the shop has: every add, and for each line
 * changed its last queued quantity less the quantity its first change replaced (nothing when that is unknown).
 */
export function queuedUnits(changes: CartChange[]): number {
  let units = 0;
  const lines = new Map<number, { was: number | undefined; quantity: number }>();
  for (const change of changes) {
    if (change.kind === 'add') units += change.quantity;
    else lines.set(change.entryNumber, { was: lines.get(change.entryNumber)?.was ?? change.was, quantity: change.quantity });
  }
  for (const line of lines.values()) units += line.was === undefined ? 0 : line.quantity - line.was;
  return units;
}

/** Adds waiting to be sent whose product has no line in the cart: one pending line per product, its cases summed. */
export function pendingAdds(changes: CartChange[], inCart: (productCode: string) => boolean): { productCode: string; productName: string; quantity: number }[] {
  const pending = new Map<string, { productCode: string; productName: string; quantity: number }>();
  for (const change of changes) {
    if (change.kind !== 'add' || inCart(change.productCode)) continue;
    const line = pending.get(change.productCode) ?? { productCode: change.productCode, productName: change.productName, quantity: 0 };
    line.quantity += change.quantity;
    pending.set(change.productCode, line);
  }
  return [...pending.values()];
}

/** A change waiting in IndexedDB: in the order made (`seq`), for one account (`owner`), with its idempotency key. */
export interface QueuedChange {
  seq?: number;
  owner: string;
  key: string;
  change: CartChange;
  queuedAt: number;
}

/** A change the shop refused once it was sent (no longer sold, below the minimum…), kept until dismissed. */
export interface QueueRefusal {
  key: string;
  owner: string;
  change: CartChange;
  message: string;
}

/** What replaying one change came to. */
export type ReplayAnswer =
  | { status: 'done' }
  | { status: 'refused'; message: string }
  /** The storefront or the API could not be reached: the change stays queued and is sent again with its key. */
  | { status: 'offline' }
  /** The change was queued for another account or user than the session's: it is not sent. */
  | { status: 'notYours' };

/** The window event the offline banner listens to, and the value it reads at mount. */
export const QUEUED_CHANGES_EVENT = 'mv:queued-changes';
/** Fired after a replay that sent something: pages refresh what they show. */
export const QUEUE_REPLAYED_EVENT = 'mv:queue-replayed';
/** Fired when the queued changes or the refusals of this tab's account changed (here or in another tab). */
export const QUEUE_CHANGED_EVENT = 'mv:queue-changed';

declare global {
  interface Window {
    __mvQueuedChanges?: number;
    /** What the queued changes add to the cart's count of cases (queuedUnits), set with `__mvQueuedChanges`. */
    __mvQueuedUnits?: number;
  }
}
