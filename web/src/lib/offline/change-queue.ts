'use client';

import { queueOwnerAction, replayQueuedChangeAction } from './queue-actions';
import { clearAll, clearOthers, deleteChange, deleteRefusal, ownerChanges, ownerRefusals, putChange, putRefusal } from './queue-store';
import { QUEUE_CHANGED_EVENT, QUEUE_REPLAYED_EVENT, QUEUED_CHANGES_EVENT, queuedUnits, type CartChange, type QueueRefusal } from './queue-types';

/**
 * The offline cart (docs/phone.md, "The offline cart"). Cart changes made while the browser is offline wait in
 * IndexedDB, each with an idempotency key, for the account of the session (its owner tag, fetched while online
 * and kept in this tab's sessionStorage, which signing out and switching account clear). Back online, one tab at a
 * time (Web Locks) sends them in the order made through the same Server Action path as the page, key included;
 * the API makes a change once per key, so a change sent twice (a lost answer, another tab) counts once. Refusals
 * are kept for the cart page to show at their lines. Orders are never queued.
 */

/** sessionStorage, under the prefix the shell clears on sign-out and account switch (components/shell/client-caches.ts). */
const OWNER_KEY = 'mv:queue-owner';
const LOCK = 'mv-offline-cart';
const CHANNEL = 'mv-offline-cart';

let owner: string | null = null;
let started = false;
let replaying: Promise<void> | undefined;
let channel: BroadcastChannel | undefined;

/** How long a tag learnt in this tab is trusted before the next page asks again (a replay checks it anyway). */
const OWNER_FRESH_MS = 10 * 60_000;

function storedOwner(): { owner: string; at: number } | null {
  try {
    const [value, at] = (window.sessionStorage.getItem(OWNER_KEY) ?? '').split(' ');
    return value ? { owner: value, at: Number(at) || 0 } : null;
  } catch {
    return null;
  }
}

function storeOwner(value: string | null): void {
  try {
    if (value) window.sessionStorage.setItem(OWNER_KEY, `${value} ${Date.now()}`);
    else window.sessionStorage.removeItem(OWNER_KEY);
  } catch {
    // no sessionStorage (private mode): the tag lives in memory for this page only
  }
}

export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Whether a change made now can be queued: offline, with IndexedDB, and the session's owner known. */
export const canQueue = (): boolean => isOffline() && typeof indexedDB !== 'undefined' && owner !== null;

/**
 * Publishes the count for the offline banner and the cases for the header's cart count (`mv:queued-changes`,
 * `window.__mvQueuedChanges` and `__mvQueuedUnits`) and tells this tab's components.
 */
async function publish(): Promise<void> {
  const changes = owner ? (await ownerChanges(owner).catch(() => [])).map((queued) => queued.change) : [];
  const [count, units] = [changes.length, queuedUnits(changes)];
  window.__mvQueuedChanges = count;
  window.__mvQueuedUnits = units;
  window.dispatchEvent(new CustomEvent(QUEUED_CHANGES_EVENT, { detail: { count, units } }));
  window.dispatchEvent(new Event(QUEUE_CHANGED_EVENT));
}

/** After a change to the queue: this tab and the others publish again. */
async function changed(): Promise<void> {
  channel?.postMessage('changed');
  await publish();
}

/** Queues a cart change; its key is made here, once, and sent with every try. */
export async function queueChange(change: CartChange): Promise<boolean> {
  if (!owner) return false;
  try {
    await putChange({ owner, key: crypto.randomUUID(), change, queuedAt: Date.now() });
  } catch {
    return false;
  }
  await changed();
  return true;
}

export async function queuedChanges(): Promise<CartChange[]> {
  return owner ? (await ownerChanges(owner).catch(() => [])).map((queued) => queued.change) : [];
}

export async function refusals(): Promise<QueueRefusal[]> {
  return owner ? ownerRefusals(owner).catch(() => []) : [];
}

export async function dismissRefusal(key: string): Promise<void> {
  await deleteRefusal(key).catch(() => undefined);
  await changed();
}

/** Sign-out: nothing queued, and no refusal, stays behind for whoever signs in next. */
export async function clearQueuedChanges(): Promise<void> {
  storeOwner(null);
  owner = null;
  await clearAll().catch(() => undefined);
  if (started) await changed();
}

async function withLock(work: () => Promise<void>): Promise<void> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) await navigator.locks.request(LOCK, work);
  else await work();
}

/** Sends the owner's queued changes in order; stops at the first that cannot reach the shop (it is sent again later, same key). */
export function replayQueue(): Promise<void> {
  replaying ??= withLock(async () => {
    let sent = 0;
    try {
      for (;;) {
        if (!owner || isOffline()) break;
        const [next] = await ownerChanges(owner);
        if (!next || next.seq === undefined) break;
        let answer;
        try {
          answer = await replayQueuedChangeAction(next.owner, next.key, next.change);
        } catch {
          break;
        }
        if (answer.status === 'offline') break;
        if (answer.status === 'notYours') {
          // The session is now another user's or account's: learn its tag; these changes are not sent.
          await learnOwner();
          break;
        }
        if (answer.status === 'refused') await putRefusal({ key: next.key, owner: next.owner, change: next.change, message: answer.message });
        await deleteChange(next.seq);
        sent += 1;
        await changed();
      }
    } finally {
      replaying = undefined;
    }
    if (sent > 0) window.dispatchEvent(new Event(QUEUE_REPLAYED_EVENT));
  });
  return replaying;
}

/** Asks the storefront whose session this is (only while online); other owners' leftovers are dropped. */
async function learnOwner(): Promise<void> {
  let fresh: string | null;
  try {
    fresh = await queueOwnerAction();
  } catch {
    return;
  }
  owner = fresh;
  storeOwner(fresh);
  if (fresh) await clearOthers(fresh).catch(() => undefined);
  else await clearAll().catch(() => undefined);
  await publish();
}

/** Starts the queue in this tab (idempotent): publishes the count, learns the owner while online, replays on reconnect. */
export function startChangeQueue(): void {
  if (started || typeof window === 'undefined' || typeof indexedDB === 'undefined') return;
  started = true;
  const stored = storedOwner();
  owner = stored?.owner ?? null;
  void publish();
  if ('BroadcastChannel' in window) {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void publish();
  }
  window.addEventListener('online', () => void learnOwner().then(replayQueue));
  if (isOffline()) return;
  if (!stored || Date.now() - stored.at > OWNER_FRESH_MS) void learnOwner().then(replayQueue);
  else void replayQueue();
}
