// test:api:embedded: the operators' sales report reads orders off the delivery-date index on both engines
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { ORDER_STATUSES } from '../src/db/schema/order-statuses';
import { SPENDING_STATUSES } from '../src/order-status/order-status';
import { addDays } from '../src/time/calendar-date';
import { operatorToken } from './support/admin-client';
import { adminCall } from './support/credit-control-helpers';
import { startTestServer, type TestServer } from './support/test-server';
import { setClock } from './support/test-clock';

interface LineSpec {
  product: number;
  pence: number;
  quantity: number;
  delivered: number | null;
  /** What the warehouse sent instead: another product at its own value. */
  substitute?: { product: number; pence: number } | null;
}

interface OrderSpec {
  customer: number;
  /** Days after the period's first day; negative before it. */
  day: number;
  status: (typeof ORDER_STATUSES)[number];
  range: 'DAIR' | 'CHIL';
  lines: LineSpec[];
  /** The order's net delivery charge, part of its net value (docs/minimum-order.md). */
  charge?: number;
}

interface Named {
  code: string;
  name: string;
  sales: { valuePence: number };
}

interface SalesBody {
  from: string;
  to: string;
  total: { valuePence: number };
  orders: number;
  byDay: { day: string; sales: { valuePence: number }; orders: number }[];
  ranges: Named[];
  categories: Named[];
  topCustomers: (Named & { orders: number })[];
  lapsed: { from: string; to: string; customers: (Named & { lastDelivery: string })[] };
  fillRate: { orderedQuantity: number; deliveredQuantity: number; basisPoints: number | null };
}

/** A line's net value as sent: the substitute's where there is one (orders/substitutions.ts sentTotals). */
const sent = (line: LineSpec) => line.substitute?.pence ?? line.pence;
const net = (spec: OrderSpec) => spec.lines.reduce((sum, line) => sum + sent(line), spec.charge ?? 0);
const sumBy = <T>(items: T[], key: (item: T) => string, value: (item: T) => number) => {
  const totals = new Map<string, number>();
  for (const item of items) totals.set(key(item), (totals.get(key(item)) ?? 0) + value(item));
  return Object.fromEntries([...totals].filter(([, total]) => total !== 0));
};

/** The operators' sales report (docs/reports.md "Operators' reports") against the orders it sums. */
describe('operators sales report', () => {
  let server: TestServer;
  let token: string;
  let products: { code: string }[];
  let topOf: Map<string, string>;
  let batches = 0;
  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true' } });
    token = await operatorToken(server);
    const rows = await server.database.db.execute(sql`select p.code, p.category_id as category from products p order by p.code limit 40`);
    const found = (rows as unknown as { rows: { code: string; category: string }[] }).rows;
    products = found;
    const tree = (await server.database.db.execute(sql`select id, parent_id from categories`)) as unknown as { rows: { id: string; parent_id: string | null }[] };
    const parent = new Map(tree.rows.map((row) => [row.id, row.parent_id]));
    topOf = new Map(found.map((product) => {
      let node = product.category;
      while (parent.get(parent.get(node) ?? '') !== null && parent.get(node)) node = parent.get(node) as string;
      return [product.code, node];
    }));
  });
  after(() => server.close());

  const run = (query: ReturnType<typeof sql>) => server.database.db.execute(query);

  /**
   * Sold-tos of their own and their orders, written as checkout writes them (order net = its lines' net), in a
   * year of their own: the report covers every customer, so no other test's orders fall in its days.
   */
  async function writeBatch(specs: OrderSpec[], customerCount: number): Promise<{ first: string; soldTos: string[] }> {
    batches += 1;
    const tag = `${process.pid % 10_000}${String(batches).padStart(3, '0')}`;
    const first = `${2100 + (process.pid % 60) * 12 + batches}-03-01`;
    const soldTos = Array.from({ length: customerCount }, (_, index) => `S${tag}${index}`);
    for (const soldTo of soldTos) {
      await run(sql`insert into sold_tos (code, name) values (${soldTo}, ${`Sales Co ${soldTo}`})`);
      await run(sql`insert into ship_tos (code, name, sold_to_code, address_line1, town, postcode) values (${`${soldTo}-0`}, 'Kitchen', ${soldTo}, '1 Test St', 'Leeds', 'LS1 1AA')`);
    }
    for (const [index, spec] of specs.entries()) {
      const soldTo = soldTos[spec.customer % customerCount] as string;
      const code = `${soldTo}-O${index}`;
      await run(sql`
        with cart as (
          insert into carts (code, user_id, ship_to_code, range, status)
          select ${code}, id, ${`${soldTo}-0`}, ${spec.range}, 'ordered' from users where username = 'head@example.com' returning id, user_id
        ), written as (
          insert into orders (code, user_id, ship_to_code, sold_to_code, range, status, delivery_date, net_pence, vat_pence, gross_pence, delivery_charge_pence, source_cart_id, idempotency_key)
          select ${code}, user_id, ${`${soldTo}-0`}, ${soldTo}, ${spec.range}, ${spec.status}, ${addDays(first, spec.day)}, ${net(spec)}, 0, ${net(spec)}, ${spec.charge ?? 0}, id, ${code} from cart returning id
        )
        insert into order_lines (order_id, line_number, product_code, name, pack_size, unit_price_pence, vat_rate_bp, quantity, net_pence, vat_pence, delivered_quantity, substitution)
        select written.id, line.n, line.code, 'Line', '1 x 1', line.pence, 0, line.quantity, line.pence, 0, line.delivered, line.substitution
        from written, jsonb_to_recordset(${JSON.stringify(
          spec.lines.map((line, n) => ({
            n,
            code: products[line.product % products.length]?.code,
            pence: line.pence,
            quantity: line.quantity,
            delivered: line.delivered,
            substitution: line.substitute
              ? { productCode: products[line.substitute.product % products.length]?.code, name: 'Substitute', packSize: '1 x 2', quantity: line.quantity, unitPricePence: line.substitute.pence, vatRateBp: 0, netPence: line.substitute.pence, vatPence: 0 }
              : null,
          })),
        )}::jsonb)
          as line(n int, code text, pence int, quantity int, delivered int, substitution jsonb)`);
    }
    return { first, soldTos };
  }

  const sales = async (query: string, bearer: string | undefined = token) => adminCall(server, bearer, 'GET', `/reports/sales${query}`);

  it('sums, to the penny, the orders that count by day, range, category and customer; lists the lapsed; rates the fill (property)', async () => {
    const line = fc.record({ product: fc.nat(39), pence: fc.integer({ min: 0, max: 500_000 }), quantity: fc.integer({ min: 1, max: 20 }), delivered: fc.option(fc.integer({ min: 0, max: 20 })), substitute: fc.option(fc.record({ product: fc.nat(39), pence: fc.integer({ min: 0, max: 500_000 }) }), { freq: 4 }) });
    const order = fc.record({
      customer: fc.nat(3),
      day: fc.integer({ min: -80, max: 40 }),
      status: fc.constantFrom(...ORDER_STATUSES),
      range: fc.constantFrom('DAIR' as const, 'CHIL' as const),
      lines: fc.array(line, { minLength: 1, maxLength: 3 }),
      charge: fc.constantFrom(0, 0, 1_500, 999),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(order, { maxLength: 14 }), async (specs) => {
        const { first, soldTos } = await writeBatch(specs, 4);
        const last = addDays(first, 27);
        const answer = await sales(`?from=${first}&to=${last}`);
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        const body = answer.body as unknown as SalesBody;
        const counted = specs.filter((spec) => SPENDING_STATUSES.includes(spec.status));
        const inPeriod = counted.filter((spec) => spec.day >= 0 && spec.day <= 27);
        const soldToOf = (spec: OrderSpec) => soldTos[spec.customer % soldTos.length] as string;

        assert.equal(body.total.valuePence, inPeriod.reduce((sum, spec) => sum + net(spec), 0));
        assert.equal(body.orders, inPeriod.length);
        assert.equal(body.byDay.length, 28);
        for (const [index, day] of body.byDay.entries()) {
          assert.equal(day.day, addDays(first, index));
          const mine = inPeriod.filter((spec) => spec.day === index);
          assert.equal(day.sales.valuePence, mine.reduce((sum, spec) => sum + net(spec), 0), day.day);
          assert.equal(day.orders, mine.length, day.day);
        }
        assert.deepEqual(Object.fromEntries(body.ranges.map((range) => [range.code, range.sales.valuePence]).filter(([, pence]) => pence !== 0)), sumBy(inPeriod, (spec) => spec.range, net));
        const lines = inPeriod.flatMap((spec) => spec.lines);
        const byCategory = sumBy(lines, (one) => topOf.get(products[(one.substitute?.product ?? one.product) % products.length]?.code ?? '') as string, sent);
        const charges = inPeriod.reduce((sum, spec) => sum + (spec.charge ?? 0), 0);
        assert.deepEqual(Object.fromEntries(body.categories.map((category) => [category.code, category.sales.valuePence])), { ...byCategory, ...(charges ? { DELIVERY: charges } : {}) });
        assert.equal(body.categories.reduce((sum, category) => sum + category.sales.valuePence, 0), body.total.valuePence, 'the categories add up to the total');
        const customers = Object.fromEntries(body.topCustomers.map((customer) => [customer.code, customer.sales.valuePence]));
        assert.deepEqual(Object.fromEntries(Object.entries(customers).filter(([, pence]) => pence !== 0)), sumBy(inPeriod, soldToOf, net));
        assert.equal(body.topCustomers.length, new Set(inPeriod.map(soldToOf)).size);
        const pences = body.topCustomers.map((customer) => customer.sales.valuePence);
        assert.deepEqual(pences, [...pences].sort((a, b) => b - a), 'largest first');

        // As of the period's last day: ordered in days -42..13 (the 8 weeks before the last 2), none from 14 on.
        assert.deepEqual([body.lapsed.from, body.lapsed.to], [addDays(first, -42), addDays(first, 13)]);
        const lapsed = soldTos.filter((soldTo) => {
          const mine = counted.filter((spec) => soldToOf(spec) === soldTo);
          return mine.some((spec) => spec.day >= -42 && spec.day <= 13) && !mine.some((spec) => spec.day >= 14);
        });
        assert.deepEqual(body.lapsed.customers.map((customer) => customer.code).sort(), lapsed.sort());
        for (const customer of body.lapsed.customers) {
          const mine = counted.filter((spec) => soldToOf(spec) === customer.code && spec.day >= -42);
          assert.equal(customer.sales.valuePence, mine.reduce((sum, spec) => sum + net(spec), 0));
          assert.equal(customer.lastDelivery, addDays(first, Math.max(...mine.map((spec) => spec.day))));
        }

        const reported = inPeriod.filter((spec) => spec.status === 'delivered').flatMap((spec) => spec.lines).filter((one) => one.delivered !== null);
        const ordered = reported.reduce((sum, one) => sum + one.quantity, 0);
        const delivered = reported.reduce((sum, one) => sum + (one.delivered ?? 0), 0);
        assert.deepEqual(body.fillRate, { orderedQuantity: ordered, deliveredQuantity: delivered, basisPoints: ordered === 0 ? null : Math.round((delivered * 10_000) / ordered) });
      }),
      { numRuns: 10 },
    );
  });

  it('defaults to the 28 London days to today and downloads each table as CSV', async () => {
    await setClock(server, '2026-11-20T23:30:00Z');
    const answer = await sales('');
    assert.equal(answer.status, 200);
    const body = answer.body as unknown as SalesBody;
    assert.deepEqual([body.from, body.to], ['2026-10-24', '2026-11-20']);

    const { first, soldTos } = await writeBatch([
      { customer: 0, day: 3, status: 'delivered', range: 'DAIR', lines: [{ product: 0, pence: 123_400, quantity: 4, delivered: 3 }, { product: 1, pence: 56, quantity: 1, delivered: 1 }] },
      { customer: 1, day: 3, status: 'cancelled', range: 'DAIR', lines: [{ product: 0, pence: 7, quantity: 1, delivered: null }] },
      { customer: 1, day: -20, status: 'placed', range: 'CHIL', lines: [{ product: 2, pence: 999, quantity: 1, delivered: null }] },
    ], 2);
    const period = `from=${first}&to=${addDays(first, 6)}`;
    const csv = async (table: string) => {
      const response = await server.request(`/admin/v1/reports/sales.csv?table=${table}&${period}`, { token });
      return { status: response.status, headers: response.headers, text: await response.text() };
    };
    const days = await csv('days');
    assert.equal(days.status, 200);
    assert.match(days.headers.get('content-type') ?? '', /^text\/csv/);
    assert.equal(days.headers.get('content-disposition'), `attachment; filename="sales-days-${first}-${addDays(first, 6)}.csv"`);
    const dayLines = days.text.trim().split('\r\n');
    assert.equal(dayLines[0], 'Delivery date,Orders,Sales (GBP)');
    assert.equal(dayLines.length, 8);
    assert.equal(dayLines[4], `${addDays(first, 3)},1,1234.56`);
    assert.equal((await csv('customers')).text, `Customer,Account,Orders,Sales (GBP)\r\nSales Co ${soldTos[0]},${soldTos[0]},1,1234.56\r\n`);
    assert.equal((await csv('ranges')).text, 'Range,Name,Sales (GBP)\r\nDAIR,Dairy,1234.56\r\n');
    assert.match((await csv('lapsed')).text, new RegExp(`^Customer,Account,Last delivery,Sales in the 8 weeks \\(GBP\\)\\r\\nSales Co ${soldTos[1]},${soldTos[1]},${addDays(first, -20)},9\\.99\\r\\n$`));
    assert.match((await csv('categories')).text, /^Category,Sales \(GBP\)\r\n/);
    const fill = (await sales(`?${period}`)).body as unknown as SalesBody;
    assert.deepEqual(fill.fillRate, { orderedQuantity: 5, deliveredQuantity: 4, basisPoints: 8000 });
    await setClock(server, null);
  });

  it('answers 400 for a bad or reversed period, 401 without a token and 403 for a customer', async () => {
    for (const query of ['?from=2026-02-30', '?to=1999-12-01', '?from=2026-11-02&to=2026-11-01', '?from=2026-01-01&to=2026-03-31', '.csv?table=orders', '?from=yesterday']) {
      const answer = await sales(query);
      assert.equal(answer.status, 400, `${query}: ${JSON.stringify(answer.body)}`);
    }
    assert.equal((await server.request('/admin/v1/reports/sales')).status, 401);
    assert.equal((await sales('', await server.tokenFor('buyer@example.com'))).status, 403);
    assert.equal((await server.request('/admin/v1/reports/sales.csv', { token: await server.tokenFor('buyer@example.com') })).status, 403);
  });
});
