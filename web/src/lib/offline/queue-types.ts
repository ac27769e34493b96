/**
 * A cart change made while offline (docs/phone.md, "The offline cart"): what the customer asked for, with the
 * product's name and minimum so a refusal can be worded like any other at the line. Shared by the browser's
 * queue and the Server Action that replays it; plain data only.
 */
export type CartChange =
  | { kind: 'add'; productCode: string; productName: string; minimum: number; quantity: number }
  /** A cart line's new quantity; 0 removes the line. */
  | { kind: 'set'; entryNumber: number; productCode: string; productName: string; minimum: number; quantity: number };

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
  }
}
