// test:api:embedded: the report sums the trigger-kept spend days and the lines through the new index on both engines
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { ORDER_STATUSES } from '../src/db/schema/order-statuses';
import { SPENDING_STATUSES } from '../src/order-status/order-status';
import { BASE, startTestServer, type TestServer } from './support/test-server';
import { setClock } from './support/test-clock';
import { cartFor, checkedOut, QUAYSIDE } from './support/limit-helpers';
import { shopper } from './support/cart-helpers';

interface OrderSpec {
  site: number;
  day: number;
  status: (typeof ORDER_STATUSES)[number];
  /** Each line, and what the warehouse sent instead where it substituted (docs/substitutions.md). */
  lines: { product: number; pence: number; substitute?: { product: number; pence: number } | null }[];
  /** The order's net delivery charge, part of its net value (docs/minimum-order.md). */
  charge?: number;
}

interface Company {
  soldTo: string;
  sites: string[];
  token: string;
}

interface ReportBody {
  from: string;
  to: string;
  months: string[];
  total: { valuePence: number };
  sites: { code: string; spend: { valuePence: number }; months: { month: string; spend: { valuePence: number } }[]; limits: { periodRange: string; threshold: { valuePence: number } }[] }[];
  byMonth: { month: string; spend: { valuePence: number } }[];
  categories: { code: string; name: string; spend: { valuePence: number } }[];
}

/** Head office's spend report (docs/reports.md) against the orders it sums, on a company of each test's own. */
describe('spend report', () => {
  let server: TestServer;
  let products: { code: string; category: string }[];
  let topOf: Map<string, string>;
  let companies = 0;
  before(async () => {
    server = await startTestServer({ env: { TEST_CLOCK_CONTROL: 'true' } });
    await setClock(server, '2026-11-20T10:00:00Z');
    const rows = await server.database.db.execute(sql`select p.code, p.category_id as category from products p order by p.code limit 40`);
    products = (rows as unknown as { rows: { code: string; category: string }[] }).rows;
    const tree = (await server.database.db.execute(sql`select id, parent_id from categories`)) as unknown as { rows: { id: string; parent_id: string | null }[] };
    const parent = new Map(tree.rows.map((row) => [row.id, row.parent_id]));
    // The top category of a leaf: the ancestor whose parent is a range (a root).
    topOf = new Map(products.map((product) => {
      let node = product.category;
      while (parent.get(parent.get(node) ?? '') !== null && parent.get(node)) node = parent.get(node) as string;
      return [product.code, node];
    }));
  });
  after(() => server.close());

  const run = (query: ReturnType<typeof sql>) => server.database.db.execute(query);

  /** A sold-to with `siteCount` ship-tos and a head office user who is its admin. */
  async function company(siteCount: number): Promise<Company> {
    companies += 1;
    const tag = `${process.pid % 10_000}${String(companies).padStart(3, '0')}`;
    const soldTo = `R${tag}`;
    const username = `head-${tag}@reports.example`;
    await run(sql`insert into sold_tos (code, name) values (${soldTo}, ${`Report Co ${tag}`})`);
    const sites = Array.from({ length: siteCount }, (_, index) => `${soldTo}-${index}`);
    for (const [index, site] of sites.entries()) {
      await run(sql`insert into ship_tos (code, name, sold_to_code, address_line1, town, postcode) values (${site}, ${`Site ${index}`}, ${soldTo}, '1 Test St', 'Leeds', 'LS1 1AA')`);
    }
    await run(sql`insert into users (username, customer_id, name, email, password_hash)
      select ${username}, ${`cust-${tag}`}, 'Head Office', ${username}, password_hash from users where username = 'head@example.com'`);
    for (const site of sites) await run(sql`insert into user_ship_tos (user_id, ship_to_code) select id, ${site} from users where username = ${username}`);
    await run(sql`insert into user_roles (user_id, sold_to_code, role) select id, ${soldTo}, 'admin' from users where username = ${username}`);
    return { soldTo, sites, token: await server.tokenFor(username) };
  }

  /** Writes the orders as checkout would (order net = its lines' net), each from a cart of its own. */
  async function writeOrders(of: Company, specs: OrderSpec[]): Promise<void> {
    for (const [index, spec] of specs.entries()) {
      const site = of.sites[spec.site % of.sites.length] as string;
      const code = `${of.soldTo}-O${index}`;
      const net = spec.lines.reduce((sum, line) => sum + (line.substitute?.pence ?? line.pence), spec.charge ?? 0);
      const deliveryDate = new Date(Date.UTC(2026, 4, 1) + spec.day * 86_400_000).toISOString().slice(0, 10);
      await run(sql`
        with cart as (
          insert into carts (code, user_id, ship_to_code, range, status)
          select ${code}, id, ${site}, 'DAIR', 'ordered' from users where username = 'head@example.com' returning id, user_id
        ), written as (
          insert into orders (code, user_id, ship_to_code, sold_to_code, range, status, delivery_date, net_pence, vat_pence, gross_pence, delivery_charge_pence, source_cart_id, idempotency_key)
          select ${code}, user_id, ${site}, ${of.soldTo}, 'DAIR', ${spec.status}, ${deliveryDate}, ${net}, 0, ${net}, ${spec.charge ?? 0}, id, ${code} from cart returning id
        )
        insert into order_lines (order_id, line_number, product_code, name, pack_size, unit_price_pence, vat_rate_bp, quantity, net_pence, vat_pence, substitution)
        select written.id, line.n, line.code, 'Line', '1 x 1', line.pence, 0, 1, line.pence, 0, line.substitution
        from written, jsonb_to_recordset(${JSON.stringify(
          spec.lines.map((line, n) => ({
            n,
            code: products[line.product % products.length]?.code,
            pence: line.pence,
            substitution: line.substitute
              ? { productCode: products[line.substitute.product % products.length]?.code, name: 'Substitute', packSize: '1 x 2', quantity: 1, unitPricePence: line.substitute.pence, vatRateBp: 0, netPence: line.substitute.pence, vatPence: 0 }
              : null,
          })),
        )}::jsonb) as line(n int, code text, pence int, substitution jsonb)`);
    }
  }

  async function report(of: Company, query = ''): Promise<{ status: number; body: ReportBody; headers: Headers; text: string }> {
    const response = await server.request(`${BASE}/users/current/reports/spend${query}`, { token: of.token });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {}) as ReportBody };
  }

  it('sums, to the penny, the net value of the orders that spend, by site, month and category (property)', async () => {
    const substitute = fc.option(fc.record({ product: fc.nat(39), pence: fc.integer({ min: 0, max: 500_000 }) }), { freq: 4 });
    const line = fc.record({ product: fc.nat(39), pence: fc.integer({ min: 0, max: 500_000 }), substitute });
    const order = fc.record({
      site: fc.nat(2),
      day: fc.integer({ min: 0, max: 213 }),
      status: fc.constantFrom(...ORDER_STATUSES),
      lines: fc.array(line, { minLength: 1, maxLength: 4 }),
      charge: fc.option(fc.integer({ min: 1, max: 5_000 }), { nil: undefined, freq: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(order, { maxLength: 12 }), async (specs) => {
        const of = await company(3);
        await writeOrders(of, specs);
        const { status, body } = await report(of, '?from=2026-05&to=2026-11');
        assert.equal(status, 200);
        const counted = specs.filter((spec) => SPENDING_STATUSES.includes(spec.status));
        // As sent (orders/substitutions.ts sentTotals): a substitute's value, and the order's delivery charge.
        const net = (spec: OrderSpec) => spec.lines.reduce((sum, one) => sum + (one.substitute?.pence ?? one.pence), spec.charge ?? 0);
        const monthOf = (spec: OrderSpec) => new Date(Date.UTC(2026, 4, 1) + spec.day * 86_400_000).toISOString().slice(0, 7);
        assert.equal(body.total.valuePence, counted.reduce((sum, spec) => sum + net(spec), 0));
        for (const [index, site] of of.sites.entries()) {
          const mine = counted.filter((spec) => spec.site === index);
          const answered = body.sites.find((entry) => entry.code === site);
          assert.equal(answered?.spend.valuePence, mine.reduce((sum, spec) => sum + net(spec), 0));
          for (const month of answered.months) assert.equal(month.spend.valuePence, mine.filter((spec) => monthOf(spec) === month.month).reduce((sum, spec) => sum + net(spec), 0));
        }
        for (const month of body.byMonth) assert.equal(month.spend.valuePence, counted.filter((spec) => monthOf(spec) === month.month).reduce((sum, spec) => sum + net(spec), 0));
        const byCategory = new Map<string, number>();
        for (const spec of counted) {
          for (const one of spec.lines) {
            const sent = one.substitute ?? one;
            const top = topOf.get(products[sent.product % products.length]?.code ?? '') as string;
            byCategory.set(top, (byCategory.get(top) ?? 0) + sent.pence);
          }
          if (spec.charge) byCategory.set('DELIVERY', (byCategory.get('DELIVERY') ?? 0) + spec.charge);
        }
        assert.deepEqual(
          Object.fromEntries(body.categories.map((category) => [category.code, category.spend.valuePence])),
          Object.fromEntries([...byCategory].filter(([, pence]) => pence !== 0)),
        );
      }),
      { numRuns: 12 },
    );
  });

  it('defaults to this London month and the five before, shows month limits, and downloads each table as CSV', async () => {
    const of = await company(2);
    await run(sql`insert into approval_limits (code, sold_to_code, type, threshold_pence, period_range, ship_to_code)
      values (${`${of.soldTo}-L`}, ${of.soldTo}, 'periodThreshold', 50000, 'MONTH', ${of.sites[0]})`);
    // 2026-11-01 is day 184 after 2026-05-01; 123456 pence placed in November at site 0, 7 pence cancelled.
    await writeOrders(of, [
      { site: 0, day: 184, status: 'placed', lines: [{ product: 0, pence: 123_400 }, { product: 1, pence: 56 }] },
      { site: 1, day: 184, status: 'cancelled', lines: [{ product: 0, pence: 7 }] },
    ]);
    const { status, body } = await report(of);
    assert.equal(status, 200);
    assert.equal(body.from, '2026-06');
    assert.equal(body.to, '2026-11');
    assert.deepEqual(body.months, ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    assert.equal(body.total.valuePence, 123_456);
    assert.deepEqual(body.sites[0]?.limits.map((limit) => [limit.periodRange, limit.threshold.valuePence]), [['MONTH', 50_000]]);
    assert.equal(body.sites[1]?.spend.valuePence, 0);

    const csv = await report(of, '.csv?table=sites');
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
    assert.equal(csv.headers.get('content-disposition'), 'attachment; filename="spend-sites-2026-06-2026-11.csv"');
    const lines = csv.text.trim().split('\r\n');
    assert.equal(lines[0], 'Site,Account,Month,Spend (GBP),Monthly limit (GBP)');
    assert.ok(lines.includes(`Site 0,${of.sites[0]},2026-11,1234.56,500.00`), csv.text);
    assert.ok(lines.includes(`Site 1,${of.sites[1]},2026-11,0.00,`), csv.text);
    const months = await report(of, '.csv?table=months&from=2026-10&to=2026-11');
    assert.equal(months.text, 'Month,Spend (GBP)\r\n2026-10,0.00\r\n2026-11,1234.56\r\n');
  });

  it('counts an order placed through checkout at its net value, by site and by category alike', async () => {
    const buyer = await shopper(server, QUAYSIDE);
    await cartFor(server, buyer, { at: '2027-02-26T09:00:00Z', deliveryDate: '2027-03-02', quantities: [3, 2, 5] });
    const order = await checkedOut(buyer);
    const head = { soldTo: '0000100001', sites: [QUAYSIDE.shipTo], token: await server.tokenFor('head@example.com') };
    const { status, body } = await report(head, '?from=2027-03&to=2027-03');
    assert.equal(status, 200);
    assert.equal(order.status, 'placed');
    assert.equal(body.total.valuePence, order.subTotal.valuePence);
    assert.equal(body.sites.find((site) => site.code === QUAYSIDE.shipTo)?.spend.valuePence, order.subTotal.valuePence);
    assert.equal(body.categories.reduce((sum, category) => sum + category.spend.valuePence, 0), order.subTotal.valuePence);
    await setClock(server, '2026-11-20T10:00:00Z');
  });

  it('answers 400 for a bad or reversed period and 403 for anyone but a company admin', async () => {
    const of = await company(1);
    for (const query of ['?from=2026-13', '?to=0099-12', '?from=2026-11&to=2026-01', '?from=2020-01&to=2026-01', '.csv?table=orders']) {
      const { status, text } = await report(of, query);
      assert.equal(status, 400, `${query}: ${text}`);
    }
    const buyer = await server.tokenFor('buyer@example.com');
    const response = await server.request(`${BASE}/users/current/reports/spend`, { token: buyer });
    assert.equal(response.status, 403);
  });
});
