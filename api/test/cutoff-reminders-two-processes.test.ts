import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { outboxMessages } from '../src/db/schema';
import { dispatch, ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { kitchen, pastOrder, reminderMails, remindedDates } from './support/reminder-helpers';
import { runScheduler } from './support/standing-helpers';
import { setClock } from './support/test-clock';
import { openSameDatabase } from './support/test-database';
import { startTestServer } from './support/test-server';
import { onlyOnPostgres } from './support/engines';

const env = { TEST_CLOCK_CONTROL: 'true', STANDING_ORDERS_INTERVAL_SECONDS: '0', ...ON_DEMAND_OUTBOX };

describe('cut-off reminders with two API processes on one database', { skip: onlyOnPostgres }, () => {
  it('sends one reminder per (ship-to, range, date), however often both run at once', async () => {
    const one = await startTestServer({ env });
    const two = await startTestServer({ env, database: await openSameDatabase(one.database) });
    try {
      const place = await kitchen(one, { people: 2 });
      for (const date of ['2026-11-10', '2026-11-17', '2026-11-24']) await pastOrder(one, place, date);
      for (const now of ['2026-11-30T11:00:00Z', '2026-11-30T11:00:30Z', '2026-11-30T13:00:00Z']) {
        await Promise.all([setClock(one, now), setClock(two, now)]);
        await Promise.all([one, two, one, two, one, two].map((server) => runScheduler(server)));
      }
      assert.deepEqual(await remindedDates(one, place), ['2026-12-01']);
      const events = await one.database.db
        .select({ key: outboxMessages.orderingKey })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.type, 'cutoff.reminder'), eq(outboxMessages.channel, 'mail')));
      const ours = events.filter((event) => event.key.startsWith(`${place.shipTo}/`));
      assert.equal(ours.length, 2, 'one e-mail per user');
      await Promise.all([dispatch(one), dispatch(two)]);
      for (const person of place.users) assert.equal((await reminderMails(one, person.username)).length, 1, person.username);
    } finally {
      await two.app.close();
      await two.database.close();
      await one.close();
    }
  });
});
