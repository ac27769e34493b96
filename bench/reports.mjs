#!/usr/bin/env node
/**
 * Reports benchmark (docs/reports.md "How fast"): GET /users/current/reports/spend for a head office, or with
 * `--report sales` the operators' GET /admin/v1/reports/sales (the 28 days to today, every customer), on a
 * database of `--orders` orders, beside GET /health/live and the head office's order history (GET
 * /users/current/orders) on the same API in the same run, alternately, one request at a time. Prints p50/p99 of
 * each, and the plans (EXPLAIN) of the report's reads, which must use indexes.
 *
 *   node bench/reports.mjs [--report spend|sales] [--orders 100000] [--share 0.1] [--requests 300] [--database-url postgres://postgres@127.0.0.1:5432/test]
 *
 * The database is the demo seed plus, written in bulk SQL, 200 companies of 5 sites and the bench's own head office
 * (5 sites, `bench-head@example.com`); the orders, 4 lines each, spread over the 24 months before today, `--share`
 * of them the bench head office's, the rest its neighbours'; one in ten is cancelled or held, which the report skips.
 */
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, URLSearchParams } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, startProcess, waitForUrl } from './lib/process.mjs';
import { BENCH_INVOICE_ENV } from './lib/invoice-env.mjs';

const { values: args } = parseArgs({
  options: {
    report: { type: 'string', default: 'spend' },
    orders: { type: 'string', default: '100000' },
    share: { type: 'string', default: '0.1' },
    requests: { type: 'string', default: '300' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const ORDERS = Number(args.orders);
const SHARE = Number(args.share);
const REQUESTS = Number(args.requests);
if (!Number.isInteger(ORDERS) || ORDERS < 1) throw new Error('--orders must be a positive whole number');
if (!(SHARE > 0 && SHARE <= 1)) throw new Error('--share must be above 0 and at most 1');
if (!Number.isInteger(REQUESTS) || REQUESTS < 10) throw new Error('--requests must be a whole number of at least 10');
const SALES = args.report === 'sales';
if (!SALES && args.report !== 'spend') throw new Error('--report must be spend or sales');

const API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../api');
const CLIENT = { id: 'storefront', secret: 'bench-storefront-secret-0123456789' };
const SECRETS = { STOREFRONT_CLIENT_ID: CLIENT.id, STOREFRONT_CLIENT_SECRET: CLIENT.secret, SESSION_SECRET: 'bench-session-secret-0123456789-0123456789' };
const HEAD = 'bench-head@example.com';
const OPERATOR = { email: 'admin@meadowvale.example', password: 'Meadowvale-demo-1' };
const log = (message) => console.error(`[bench] ${message}`);

async function freshDatabase() {
  const name = 'mv_bench_reports';
  const admin = new pg.Client({ connectionString: args['database-url'] });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(args['database-url']);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    cleanup: async () => {
      const client = new pg.Client({ connectionString: args['database-url'] });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The companies, sites, head office and orders, in a few statements; the triggers keep the spend days as they go. */
async function writeOrders(client) {
  await client.query(`insert into sold_tos (code, name) select 'BS' || lpad(c::text, 4, '0'), 'Bench company ' || c from generate_series(0, 200) c`);
  await client.query(`insert into ship_tos (code, name, sold_to_code, address_line1, town, postcode)
    select 'BS' || lpad(c::text, 4, '0') || '-' || s, 'Bench site ' || c || '-' || s, 'BS' || lpad(c::text, 4, '0'), '1 Bench Street', 'York', 'YO1 1AA'
    from generate_series(0, 200) c, generate_series(1, 5) s`);
  await client.query(`insert into ship_to_ranges (ship_to_code, range, delivery_weekdays) select code, 'DAIR', '{1,2,3,4,5}' from ship_tos where sold_to_code = 'BS0000'`);
  await client.query(`insert into users (username, customer_id, name, email, password_hash)
    select $1, 'CBENCH', 'Bench Head Office', $1, password_hash from users where username = 'head@example.com'`, [HEAD]);
  await client.query(`insert into user_ship_tos (user_id, ship_to_code) select u.id, s.code from users u, ship_tos s where u.username = $1 and s.sold_to_code = 'BS0000'`, [HEAD]);
  await client.query(`insert into user_roles (user_id, sold_to_code, role) select id, 'BS0000', 'admin' from users where username = $1`, [HEAD]);
  await client.query(`insert into approval_limits (code, sold_to_code, type, threshold_pence, period_range, ship_to_code) values ('BENCH-M', 'BS0000', 'periodThreshold', 500000, 'MONTH', 'BS0000-1')`);
  const products = (await client.query(`select code from products where range = 'DAIR' order by code`)).rows.map((row) => row.code);
  // Order i: the bench head office's when i is below ORDERS × SHARE, else a neighbour's; a delivery date in the 730 days before today.
  await client.query(
    `with placed as (
       select i, case when i < $1 then 'BS0000-' || (1 + i % 5) else 'BS' || lpad((1 + i % 200)::text, 4, '0') || '-' || (1 + (i / 200) % 5) end as ship_to,
              current_date - (i * 7919 % 730) as day,
              case when i % 10 = 3 then 'cancelled' when i % 10 = 7 then 'pendingApproval' else 'delivered' end as status
       from generate_series(0, $2 - 1) i
     ), new_carts as (
       insert into carts (code, user_id, ship_to_code, range, status)
       select 'bench-' || p.i, u.id, p.ship_to, 'DAIR', 'ordered' from placed p, (select id from users where username = $3) u
       returning id, code, user_id, ship_to_code
     )
     insert into orders (code, user_id, ship_to_code, sold_to_code, range, status, delivery_date, net_pence, vat_pence, gross_pence, source_cart_id, idempotency_key)
     select 'B-' || p.i, c.user_id, p.ship_to, split_part(p.ship_to, '-', 1), 'DAIR', p.status, p.day,
            (select sum(500 + ((p.i * 31 + n * 17) % 4000)) from generate_series(0, 3) n), 0,
            (select sum(500 + ((p.i * 31 + n * 17) % 4000)) from generate_series(0, 3) n), c.id, c.code
     from new_carts c join placed p on c.code = 'bench-' || p.i`,
    [Math.round(ORDERS * SHARE), ORDERS, HEAD],
  );
  await client.query(
    `insert into order_lines (order_id, line_number, product_code, name, pack_size, unit_price_pence, vat_rate_bp, quantity, net_pence, vat_pence, delivered_quantity)
     select o.id, n, ($1::text[])[1 + ((o.id * 13 + n * 7) % cardinality($1::text[]))], 'Bench line', '1 x 1',
            500 + ((substr(o.code, 3)::int * 31 + n * 17) % 4000), 0, 1, 500 + ((substr(o.code, 3)::int * 31 + n * 17) % 4000), 0,
            case when o.status <> 'delivered' then null when (o.id + n) % 20 = 0 then 0 else 1 end
     from orders o, generate_series(0, 3) n where o.code like 'B-%'`,
    [products],
  );
  await client.query('vacuum analyze');
}

/** The plans of the report's two reads as the API asks them (reports/spend-report.ts), for the bench head office. */
async function plans(client) {
  const sites = (await client.query(`select code from ship_tos where sold_to_code = 'BS0000' order by code`)).rows.map((row) => row.code);
  const from = (await client.query(`select to_char(date_trunc('month', current_date) - interval '5 months', 'YYYY-MM-DD') as d`)).rows[0].d;
  const to = (await client.query(`select to_char(date_trunc('month', current_date) + interval '1 month' - interval '1 day', 'YYYY-MM-DD') as d`)).rows[0].d;
  const statuses = ['placed', 'confirmed', 'picking', 'dispatched', 'delivered'];
  const explain = async (text, values) => (await client.query(`explain ${text}`, values)).rows.map((row) => row['QUERY PLAN']).join('\n');
  return {
    'spend days (site, month)': await explain(
      `select ship_to_code, to_char(delivery_date, 'YYYY-MM'), sum(net_pence) from order_spend_days
       where ship_to_code = any($1) and delivery_date >= $2 and delivery_date <= $3 and status = any($4) group by 1, 2`,
      [sites, from, to, statuses],
    ),
    'order lines (category)': await explain(
      `select p.category_id, sum(l.net_pence) from orders o join order_lines l on l.order_id = o.id left join products p on p.code = l.product_code
       where o.ship_to_code = any($1) and o.delivery_date >= $2 and o.delivery_date <= $3 and o.status = any($4) group by p.category_id`,
      [sites, from, to, statuses],
    ),
  };
}

/** The plans of the operators' report's reads (reports/sales-report.ts) for the 28 days to today. */
async function salesPlans(client) {
  const statuses = ['placed', 'confirmed', 'picking', 'dispatched', 'delivered'];
  const explain = async (text, values) => (await client.query(`explain ${text}`, values)).rows.map((row) => row['QUERY PLAN']).join('\n');
  const period = `o.delivery_date >= current_date - 27 and o.delivery_date <= current_date and o.status = any($1)`;
  return {
    'orders (day, range)': await explain(`select o.delivery_date, o.range, sum(o.net_pence), count(*), sum(o.delivery_charge_pence) from orders o where ${period} group by 1, 2`, [statuses]),
    'order lines (category)': await explain(
      `select p.category_id, sum(coalesce((l.substitution->>'netPence')::bigint, l.net_pence)) from order_lines l
       left join products p on p.code = coalesce(l.substitution->>'productCode', l.product_code)
       where l.order_id = any(array(select o.id from orders o where ${period})) group by p.category_id`,
      [statuses],
    ),
    'orders (top customers)': await explain(
      `select o.sold_to_code, min(s.name), sum(o.net_pence) from orders o left join sold_tos s on s.code = o.sold_to_code where ${period} group by o.sold_to_code order by 3 desc limit 10`,
      [statuses],
    ),
    'orders (lapsed)': await explain(
      `select o.sold_to_code, max(o.delivery_date), sum(o.net_pence) from orders o left join sold_tos s on s.code = o.sold_to_code
       where o.delivery_date >= current_date - 69 and o.status = any($1) group by o.sold_to_code having max(o.delivery_date) < current_date - 13 order by 3 desc limit 50`,
      [statuses],
    ),
    'order lines (fill rate)': await explain(
      `select sum(l.quantity), sum(l.delivered_quantity) from order_lines l
       where l.order_id = any(array(select o.id from orders o where o.delivery_date >= current_date - 27 and o.delivery_date <= current_date and o.status = 'delivered'))
         and l.delivered_quantity is not null`,
      [],
    ),
  };
}

async function operatorToken(base) {
  const response = await fetch(`${base}/admin/v1/auth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify(OPERATOR),
  });
  if (!response.ok) throw new Error(`operator sign-in: ${response.status} ${await response.text()}`);
  return (await response.json()).access_token;
}

async function token(base) {
  const response = await fetch(`${base}/authorizationserver/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: HEAD, password: 'Meadowvale-demo-1', channel: 'cfi' }).toString(),
  });
  if (!response.ok) throw new Error(`sign-in of ${HEAD}: ${response.status} ${await response.text()}`);
  return (await response.json()).access_token;
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

const database = await freshDatabase();
let api;
try {
  log('seeding the demo');
  const seed = startProcess(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts'], { cwd: API_DIR, env: { DATABASE_URL: database.url, ...SECRETS, LOG_LEVEL: 'warn' } });
  const { code } = await seed.exited;
  if (code !== 0) throw new Error(`seed failed (${code}): ${seed.output()}`);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  log(`writing ${ORDERS} orders`);
  const written = performance.now();
  await writeOrders(client);
  log(`written in ${((performance.now() - written) / 1000).toFixed(1)} s`);
  const counts = (await client.query(`select count(*)::int as orders, (select count(*)::int from order_lines) as lines,
    count(*) filter (where sold_to_code = 'BS0000' and delivery_date >= date_trunc('month', current_date) - interval '5 months')::int as in_report,
    count(*) filter (where delivery_date between current_date - 27 and current_date)::int as in_sales from orders`)).rows[0];
  const explained = SALES ? await salesPlans(client) : await plans(client);
  await client.end();

  const port = await freePort();
  api = startProcess(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: API_DIR, env: { DATABASE_URL: database.url, ...SECRETS, API_PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production', ...BENCH_INVOICE_ENV } });
  const base = `http://127.0.0.1:${port}`;
  await waitForUrl(`${base}/health/ready`, { process: api });
  const bearer = { authorization: `Bearer ${await token(base)}` };
  const routes = {
    'GET /health/live (reference)': { url: `${base}/health/live`, headers: {} },
    'GET /users/current/orders (reference)': { url: `${base}/occ/v2/b2b/users/current/orders?shipTo=BS0000-1&salesOrg=DAIR`, headers: bearer },
    ...(SALES
      ? { 'GET /admin/v1/reports/sales': { url: `${base}/admin/v1/reports/sales`, headers: { authorization: `Bearer ${await operatorToken(base)}` } } }
      : { 'GET /users/current/reports/spend': { url: `${base}/occ/v2/b2b/users/current/reports/spend`, headers: bearer } }),
  };
  const times = Object.fromEntries(Object.keys(routes).map((name) => [name, []]));
  let sample;
  // Warm-up, then the routes in turn, one request at a time, so each meets the same machine.
  for (let round = -20; round < REQUESTS; round++) {
    for (const [name, route] of Object.entries(routes)) {
      const started = performance.now();
      const response = await fetch(route.url, { headers: route.headers });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${name}: ${response.status} ${body.slice(0, 300)}`);
      if (round >= 0) times[name].push(performance.now() - started);
      if (name.includes('reports')) sample = body;
    }
  }
  const report = JSON.parse(sample);
  console.log(
    SALES
      ? `PostgreSQL, ${counts.orders} orders (${counts.lines} lines), ${counts.in_sales} of them delivered in the sales report's 28 days; ${REQUESTS} requests a route, alternating`
      : `PostgreSQL, ${counts.orders} orders (${counts.lines} lines); the bench head office: 5 sites, ${counts.in_report} orders in the report's six months; ${REQUESTS} requests a route, alternating`,
  );
  for (const [name, values] of Object.entries(times)) console.log(`${name}: p50 ${percentile(values, 0.5).toFixed(1)} ms, p99 ${percentile(values, 0.99).toFixed(1)} ms`);
  console.log(
    SALES
      ? `report: total ${report.total.formattedValue}, ${report.orders} orders, ${report.topCustomers.length} top customers, ${report.lapsed.customers.length} lapsed, fill rate ${report.fillRate.basisPoints} bp`
      : `report: total ${report.total.formattedValue}, ${report.sites.length} sites, ${report.categories.length} categories`,
  );
  for (const [name, plan] of Object.entries(explained)) {
    console.log(`plan, ${name}:\n${plan}`);
    if (/Seq Scan on (orders|order_lines|order_spend_days)\b/.test(plan)) console.log(`!! ${name} reads a whole table`);
  }
} finally {
  await api?.stop();
  await database.cleanup();
}
