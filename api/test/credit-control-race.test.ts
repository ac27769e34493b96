import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createCompany, createPerson } from './support/approval-helpers';
import { creditFeedEnv, setCredit } from './support/credit-control-helpers';
import { onlyOnPostgres } from './support/engines';
import { cartFor, checkout } from './support/limit-helpers';
import { ON_DEMAND_OUTBOX } from './support/outbox-helpers';
import { startTestServer, type TestServer } from './support/test-server';

const MONDAY = '2027-03-01T09:00:00Z';
const DELIVERY = '2027-03-03';

describe('credit control: two checkouts racing for the last of a sold-to credit', { skip: onlyOnPostgres }, () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { ...creditFeedEnv(), ...ON_DEMAND_OUTBOX, TEST_CLOCK_CONTROL: 'true' } });
  });
  after(async () => server.close());

  it('places one and holds the other, every time', async () => {
    for (let round = 0; round < 5; round++) {
      const company = await createCompany(server);
      const buyers = [await createPerson(server, company, []), await createPerson(server, company, [])];
      for (const buyer of buyers) await cartFor(server, buyer.who, { at: MONDAY, deliveryDate: DELIVERY });
      // Both carts cost the same: the credit left covers one order, not two.
      const [one] = await Promise.all(buyers.map((buyer) => buyer.who.call('GET', '/users/current/carts/active')));
      const gross = (one?.body as { totalPriceWithTax: { valuePence: number } }).totalPriceWithTax.valuePence;
      await setCredit(server, company.soldTo, { limit: gross * 2 - 1, onHold: false });
      const answers = await Promise.all(buyers.map((buyer) => checkout(buyer.who)));
      for (const answer of answers) assert.equal(answer.status, 201, JSON.stringify(answer.body));
      const statuses = answers.map((answer) => (answer.body as { status: string }).status).sort();
      assert.deepEqual(statuses, ['awaitingCredit', 'placed'], `round ${round}`);
    }
  });
});
