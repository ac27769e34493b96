import type { QueuedChange, QueueRefusal } from './queue-types';

/**
 * The offline cart's IndexedDB (docs/phone.md, "The offline cart"): `changes` in the order they were made (an
 * auto-incremented `seq`), `refusals` by key; each row carries its owner (queue-owner.ts) and every read filters
 * by it, so one browser's queues never mix users or accounts.
 */
const DB_NAME = 'mv-offline-cart';
const CHANGES = 'changes';
const REFUSALS = 'refusals';

let opening: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(CHANGES, { keyPath: 'seq', autoIncrement: true }).createIndex('owner', 'owner');
      db.createObjectStore(REFUSALS, { keyPath: 'key' }).createIndex('owner', 'owner');
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab deleting or upgrading the database: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = undefined;
      reject(request.error ?? new Error('IndexedDB unavailable'));
    };
  });
  return opening;
}

function run<T>(store: string, mode: IDBTransactionMode, work: (objects: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> {
  return open().then(
    (db) =>
      new Promise<T | undefined>((resolve, reject) => {
        const transaction = db.transaction(store, mode);
        const request = work(transaction.objectStore(store));
        transaction.oncomplete = () => resolve(request?.result);
        transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
        transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
      }),
  );
}

export async function putChange(change: QueuedChange): Promise<void> {
  await run(CHANGES, 'readwrite', (objects) => objects.add(change));
}

/** The owner's queued changes, oldest first. */
export async function ownerChanges(owner: string): Promise<QueuedChange[]> {
  return (await run<QueuedChange[]>(CHANGES, 'readonly', (objects) => objects.index('owner').getAll(owner)))?.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)) ?? [];
}

export async function deleteChange(seq: number): Promise<void> {
  await run(CHANGES, 'readwrite', (objects) => objects.delete(seq));
}

export async function putRefusal(refusal: QueueRefusal): Promise<void> {
  await run(REFUSALS, 'readwrite', (objects) => objects.put(refusal));
}

export async function ownerRefusals(owner: string): Promise<QueueRefusal[]> {
  return (await run<QueueRefusal[]>(REFUSALS, 'readonly', (objects) => objects.index('owner').getAll(owner))) ?? [];
}

export async function deleteRefusal(key: string): Promise<void> {
  await run(REFUSALS, 'readwrite', (objects) => objects.delete(key));
}

/** Everything of every owner: signing out leaves nothing queued behind. */
export async function clearAll(): Promise<void> {
  await run(CHANGES, 'readwrite', (objects) => objects.clear());
  await run(REFUSALS, 'readwrite', (objects) => objects.clear());
}

/** Changes and refusals of owners other than `owner` (another user signed in on this browser). */
export async function clearOthers(owner: string): Promise<void> {
  for (const store of [CHANGES, REFUSALS]) {
    await run(store, 'readwrite', (objects) => {
      const cursor = objects.openCursor();
      cursor.onsuccess = () => {
        const current = cursor.result;
        if (!current) return;
        if ((current.value as { owner?: string }).owner !== owner) current.delete();
        current.continue();
      };
      return undefined;
    });
  }
}
