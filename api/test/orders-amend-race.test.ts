import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq } from 'drizzle-orm';
import { outboxMessages } from '../src/db/schema';
import { amend, assertTotalsAddUp, cancel, linesOf, orderOf, placeOrderAt, type Line } from './support/amend-helpers';
import { setClock } from './support/test-clock';
import { sellableProducts, shopper, SOLO, type Shopper } from './support/cart-helpers';
import { integrationEnv, integrationToken, reportStatus } from './support/integration-client';
import { startTestServer, type TestServer } from './support/test-server';
import { onlyOnPostgres } from './support/engines';

/**
 * Customer changes racing each other and the ERP, sent truly in parallel (on PostgreSQL they run on separate
 * connections). Whatever the timing, the outcome is that of the two requests one after the other: the loser
 * gets a 409, and the order's lines, totals, status and events are never half of one and half of the other.
 */
describe('amend and cancel racing the ERP and each other', { skip: onlyOnPostgres }, () => {
  const ROUNDS = 8;
  let server: TestServer;
  let solo: Shopper;
  let erp: string;
  let products: string[];
  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true', ...integrationEnv() } });
    solo = await shopper(server, SOLO);
    erp = await integrationToken(server);
    products = await sellableProducts(server, 'DAIR', 4);
  });
  after(() => server.close());

  const eventTypes = async (code: string) =>
    (
      await server.database.db
        .select({ type: outboxMessages.type })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.orderingKey, code), eq(outboxMessages.channel, 'webhook')))
        .orderBy(asc(outboxMessages.id))
    ).map((row) => row.type);

  async function placedOrder(confirm: boolean) {
    const order = await placeOrderAt(server, solo, { at: '2026-12-04T09:00:00Z', deliveryDate: '2026-12-08', quantities: [3, 2] });
    await setClock(server, '2026-12-07T10:00:00Z');
    if (confirm) assert.equal((await reportStatus(server, erp, order.code, { status: 'confirmed' })).status, 200);
    return order;
  }

  /** Starts `second` a little after `first`, by a different head start each round, so each side gets to be first. */
  async function race<A, B>(round: number, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
    const headStart = new Promise((resolve) => setTimeout(resolve, (round % 4) * 4));
    return Promise.all([first(), headStart.then(second)]);
  }

  const amendedLines = (): Line[] => [
    { code: products[2] ?? '', quantity: 7 },
    { code: products[3] ?? '', quantity: 1 },
  ];

  it('cancel against the ERP moving the order to picking: exactly one wins, the other gets 409', async (t) => {
    const outcomes = { cancel: 0, picking: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const order = await placedOrder(true);
      const [picking, cancelled] = await race(round, () => reportStatus(server, erp, order.code, { status: 'picking' }), () => cancel(solo, order.code));
      assert.deepEqual([cancelled.status, picking.status].sort(), [200, 409], `round ${round}`);
      const final = await orderOf(solo, order.code);
      assert.equal(final.status, cancelled.status === 200 ? 'cancelled' : 'picking');
      outcomes[cancelled.status === 200 ? 'cancel' : 'picking']++;
      assert.deepEqual(await eventTypes(order.code), ['order.placed', 'order.status_changed', cancelled.status === 200 ? 'order.cancelled' : 'order.status_changed']);
    }
    t.diagnostic(`winners: ${JSON.stringify(outcomes)}`);
  });

  it('amend against the ERP moving the order to picking: the amendment lands whole before picking, or is refused whole', async (t) => {
    const outcomes = { amendFirst: 0, pickingFirst: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const order = await placedOrder(true);
      const [picking, amended] = await race(round, () => reportStatus(server, erp, order.code, { status: 'picking' }), () => amend(solo, order.code, amendedLines()));
      // Picking is always allowed from confirmed, whether the amendment came first or not.
      assert.equal(picking.status, 200, `round ${round}: ${JSON.stringify(picking.body)}`);
      const final = await orderOf(solo, order.code);
      assert.equal(final.status, 'picking');
      assertTotalsAddUp(final);
      if (amended.status === 200) {
        outcomes.amendFirst++;
        assert.deepEqual(linesOf(final), amendedLines());
        assert.deepEqual(await eventTypes(order.code), ['order.placed', 'order.status_changed', 'order.amended', 'order.status_changed']);
      } else {
        outcomes.pickingFirst++;
        assert.equal(amended.status, 409, `round ${round}: ${JSON.stringify(amended.body)}`);
        assert.equal(amended.body.errors?.[0]?.reason, 'notAmendable');
        assert.deepEqual(linesOf(final), linesOf(order));
        assert.deepEqual(final.totalPriceWithTax, order.totalPriceWithTax);
        assert.deepEqual(await eventTypes(order.code), ['order.placed', 'order.status_changed', 'order.status_changed']);
      }
    }
    t.diagnostic(`winners: ${JSON.stringify(outcomes)}`);
  });

  it('amend against cancel: the amendment is refused after the cancel, or lands whole before it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const order = await placedOrder(false);
      const [cancelled, amended] = await race(round, () => cancel(solo, order.code), () => amend(solo, order.code, amendedLines()));
      assert.equal(cancelled.status, 200, `round ${round}: ${JSON.stringify(cancelled.body)}`);
      const final = await orderOf(solo, order.code);
      assert.equal(final.status, 'cancelled');
      assertTotalsAddUp(final);
      if (amended.status === 200) {
        assert.deepEqual(linesOf(final), amendedLines());
        assert.deepEqual(await eventTypes(order.code), ['order.placed', 'order.amended', 'order.cancelled']);
      } else {
        assert.equal(amended.status, 409);
        assert.deepEqual(linesOf(final), linesOf(order));
        assert.deepEqual(await eventTypes(order.code), ['order.placed', 'order.cancelled']);
      }
    }
  });

  it('two cancels and two amendments at once: one cancel wins, and the lines are wholly one version', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const order = await placedOrder(false);
      const other: Line[] = [{ code: products[1] ?? '', quantity: 9 }];
      const answers = await Promise.all([cancel(solo, order.code), cancel(solo, order.code), amend(solo, order.code, amendedLines()), amend(solo, order.code, other)]);
      assert.deepEqual(answers.slice(0, 2).map((answer) => answer.status).sort(), [200, 409], `round ${round}`);
      const final = await orderOf(solo, order.code);
      assertTotalsAddUp(final);
      const versions = [linesOf(order), amendedLines(), other].map((lines) => JSON.stringify(lines));
      assert.ok(versions.includes(JSON.stringify(linesOf(final))), `round ${round}: lines are one whole version`);
      const types = await eventTypes(order.code);
      assert.equal(types.filter((type) => type === 'order.cancelled').length, 1);
      assert.equal(types.at(-1), 'order.cancelled');
      assert.equal(types.filter((type) => type === 'order.amended').length, answers.slice(2).filter((answer) => answer.status === 200).length);
    }
  });
});
