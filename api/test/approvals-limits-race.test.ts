import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { approvalLimits } from '../src/db/schema';
import { addDays } from '../src/time/calendar-date';
import { shopper, type Shopper } from './support/cart-helpers';
import { cartFor, checkout, HARBOUR, type HeldOrderBody, QUAYSIDE } from './support/limit-helpers';
import { startTestServer, type TestServer } from './support/test-server';
import { onlyOnPostgres } from './support/engines';

/**
 * Two orders racing for the last of a week's budget, sent truly in parallel (on PostgreSQL, on separate
 * connections): either fits alone, both do not. Whatever the timing, one is placed and the other held.
 */
describe("a ship-to's week budget under racing checkouts", { skip: onlyOnPostgres }, () => {
  const ROUNDS = 6;
  let server: TestServer;
  let dairy: Shopper;
  let chilled: Shopper;
  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true' } });
    // Quayside takes chilled on Mondays, Wednesdays and Fridays and dairy on the other weekdays: two carts at once.
    dairy = await shopper(server, QUAYSIDE);
    chilled = await shopper(server, { ...QUAYSIDE, salesOrg: 'CHIL' });
  });
  after(() => server.close());

  it('places one and holds the other, round after round', async () => {
    let limitSet = false;
    for (let round = 0; round < ROUNDS; round++) {
      const monday = addDays('2027-02-01', 7 * round);
      const at = `${addDays(monday, -4)}T09:00:00Z`;
      const dairyNet = await cartFor(server, dairy, { at, deliveryDate: addDays(monday, 3) });
      const chilledNet = await cartFor(server, chilled, { at, deliveryDate: addDays(monday, 2) });
      if (!limitSet) {
        await server.database.db
          .insert(approvalLimits)
          .values({ code: 'AL-RACE01', soldToCode: HARBOUR, type: 'periodThreshold', periodRange: 'WEEK', thresholdPence: Math.max(dairyNet, chilledNet), shipToCode: QUAYSIDE.shipTo });
        limitSet = true;
      }
      const answers = await Promise.all([checkout(dairy), checkout(chilled)]);
      for (const answer of answers) assert.equal(answer.status, 201, JSON.stringify(answer.body));
      const statuses = answers.map((answer) => (answer.body as unknown as HeldOrderBody).status).sort();
      assert.deepEqual(statuses, ['pendingApproval', 'placed'], `round ${round}`);
      const held = answers.map((answer) => answer.body as unknown as HeldOrderBody).find((order) => order.status === 'pendingApproval');
      assert.equal(held?.approval?.reasons[0]?.amount, dairyNet + chilledNet);
    }
  });
});
