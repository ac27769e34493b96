import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Database } from '../src/db/client';
import type { NotificationHandlers } from '../src/db/listener';
import { NotifiedCopy } from '../src/db/notified-copy';

/** A database whose notifications the test sends and loses by hand; `read` counts the copy's reads. */
function fakeDatabase() {
  let handlers: NotificationHandlers | undefined;
  const database = {
    db: {},
    listen: (_channel: string, given: NotificationHandlers) => {
      handlers = given;
      return Promise.resolve(() => {
        handlers = undefined;
        return Promise.resolve();
      });
    },
  } as unknown as Database;
  return {
    database,
    notify: () => handlers?.onMessage(''),
    lose: () => handlers?.onLost(new Error('connection reset')),
    listening: () => handlers !== undefined,
  };
}

const quietLog = { warn: () => undefined };

describe('a copy kept until notified (db/notified-copy.ts)', () => {
  it('is read at start, dropped and read again on a notification', async () => {
    const fake = fakeDatabase();
    let reads = 0;
    const copy = new NotifiedCopy(fake.database, { channel: 'c', name: 'test', read: () => Promise.resolve(++reads) }, quietLog);
    await copy.start();
    assert.equal(copy.value, 1);
    fake.notify();
    assert.equal(copy.value, null, 'dropped as soon as the change is heard');
    await copy.settled();
    assert.equal(copy.value, 2);
    await copy.close();
  });

  it('keeps nothing read while not listening: a change in that window would go unheard', async () => {
    const fake = fakeDatabase();
    let reads = 0;
    const copy = new NotifiedCopy(fake.database, { channel: 'c', name: 'test', read: () => Promise.resolve(++reads) }, quietLog);
    await copy.start();
    fake.lose();
    assert.equal(fake.listening(), false);
    await copy.readAgain();
    assert.equal(copy.value, null, 'callers go on reading the database until the copy listens again');
    await copy.close();
  });
});
