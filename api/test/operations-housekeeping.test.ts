import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import { accountTokens, cartChangeKeys, registrationRequests, users } from '../src/db/schema';
import { housekeep, RETENTION_DAYS } from '../src/operations/housekeeping';
import { runScheduler } from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { openSameDatabase } from './support/test-database';
import { startTestServer, type TestServer } from './support/test-server';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-12-01T10:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

/** docs/operations.md "Housekeeping": what is no longer needed goes after its documented time, on any number of processes. */
describe('housekeeping', () => {
  let server: TestServer;
  let userId: number;
  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true', STANDING_ORDERS_INTERVAL_SECONDS: '0' } });
    const [solo] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'solo@example.com'));
    assert.ok(solo);
    userId = solo.id;
  });
  after(() => server.close());

  const db = () => server.database.db;
  const token = async (values: { purpose: string; usedAt?: Date; expiresAt: Date; owned?: boolean; registrationId?: number }) => {
    const [row] = await db()
      .insert(accountTokens)
      .values({
        tokenHash: randomUUID(),
        purpose: values.purpose,
        userId: values.owned === false || values.registrationId !== undefined ? null : userId,
        registrationId: values.registrationId ?? null,
        expiresAt: values.expiresAt,
        usedAt: values.usedAt ?? null,
      })
      .returning({ id: accountTokens.id });
    assert.ok(row);
    return row.id;
  };
  const registration = async (status: string, createdAt: Date) => {
    const [row] = await db()
      .insert(registrationRequests)
      .values({ email: `${randomUUID()}@example.com`, name: 'Sam Probe', companyName: 'Probe Ltd', phone: '01234 567890', postcode: 'YO21 1AA', status, createdAt })
      .returning({ id: registrationRequests.id });
    assert.ok(row);
    return row.id;
  };
  const changeKeys = async (count: number, createdAt: Date) => {
    const keys = Array.from({ length: count }, () => randomUUID());
    await db()
      .insert(cartChangeKeys)
      .values(keys.map((key) => ({ userId, key, status: 200, answer: '{}', createdAt })));
    return keys;
  };
  const tokensLeft = async (ids: number[]) => (await db().select({ id: accountTokens.id }).from(accountTokens).where(inArray(accountTokens.id, ids))).map((row) => row.id).sort();
  const registrationsLeft = async (ids: number[]) =>
    (await db().select({ id: registrationRequests.id }).from(registrationRequests).where(inArray(registrationRequests.id, ids))).map((row) => row.id).sort();
  const keysLeft = async (keys: string[]) => (await db().select({ key: cartChangeKeys.key }).from(cartChangeKeys).where(inArray(cartChangeKeys.key, keys))).length;

  it('removes used and expired tokens, decoys, unconfirmed requests and old change keys after their time; two processes at once remove each once', async () => {
    const keep = RETENTION_DAYS.accountTokens - 1;
    const gone = RETENTION_DAYS.accountTokens + 1;
    const usedLongAgo = await token({ purpose: 'reset', usedAt: daysAgo(gone), expiresAt: daysAgo(gone - 1) });
    const usedLately = await token({ purpose: 'unsubscribe', usedAt: daysAgo(keep), expiresAt: new Date(NOW.getTime() + 300 * DAY) });
    const expiredLongAgo = await token({ purpose: 'invitation', expiresAt: daysAgo(gone) });
    const expiredLately = await token({ purpose: 'invitation', expiresAt: daysAgo(keep) });
    const decoy = await token({ purpose: 'reset', expiresAt: daysAgo(gone), owned: false });
    const valid = await token({ purpose: 'unsubscribe', expiresAt: new Date(NOW.getTime() + 300 * DAY) });

    const oldUnconfirmed = await registration('unconfirmed', daysAgo(RETENTION_DAYS.unconfirmedRegistrations + 1));
    const itsLink = await token({ purpose: 'registrationConfirm', expiresAt: daysAgo(RETENTION_DAYS.unconfirmedRegistrations), registrationId: oldUnconfirmed });
    const newUnconfirmed = await registration('unconfirmed', daysAgo(RETENTION_DAYS.unconfirmedRegistrations - 1));
    const oldConfirmed = await registration('confirmed', daysAgo(60));

    // More than one batch of old keys.
    const oldKeys = await changeKeys(1200, daysAgo(RETENTION_DAYS.cartChangeKeys + 1));
    const newKeys = await changeKeys(3, daysAgo(RETENTION_DAYS.cartChangeKeys - 1));

    const second = await openSameDatabase(server.database);
    try {
      const [one, other] = await Promise.all([housekeep(db(), NOW), housekeep(second.db, NOW)]);
      assert.equal(one.accountTokens + other.accountTokens, 3);
      assert.equal(one.registrationRequests + other.registrationRequests, 1);
      assert.equal(one.cartChangeKeys + other.cartChangeKeys, 1200);
    } finally {
      await second.close();
    }
    assert.deepEqual(await tokensLeft([usedLongAgo, usedLately, expiredLongAgo, expiredLately, decoy, valid, itsLink]), [usedLately, expiredLately, valid].sort());
    assert.deepEqual(await registrationsLeft([oldUnconfirmed, newUnconfirmed, oldConfirmed]), [newUnconfirmed, oldConfirmed].sort());
    assert.equal(await keysLeft(oldKeys), 0);
    assert.equal(await keysLeft(newKeys), 3);
    assert.deepEqual(await housekeep(db(), NOW), { accountTokens: 0, registrationRequests: 0, cartChangeKeys: 0 }, 'nothing left to remove');
  });

  it("runs in the scheduler's pass, once an hour per process", async () => {
    // Moving the clock runs a pass too (TEST_CLOCK_CONTROL); this one makes sure a pass has run at NOW.
    await setClock(server, NOW.toISOString());
    await runScheduler(server);
    const old = await changeKeys(2, daysAgo(RETENTION_DAYS.cartChangeKeys + 1));
    assert.equal(((await runScheduler(server)) as unknown as { housekept: number }).housekept, 0, 'not again within the hour');
    assert.equal(await keysLeft(old), 2);
    await setClock(server, new Date(NOW.getTime() + 61 * 60 * 1000).toISOString());
    await runScheduler(server);
    assert.equal(await keysLeft(old), 0, 'an hour later a pass removed them');
    await setClock(server, null);
  });
});
