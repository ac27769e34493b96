#!/usr/bin/env node
/**
 * Cart and order load benchmark on PostgreSQL: a catalogue of 10 000 products and 100 000 past orders,
 * then requests/s and p50/p99 latency (autocannon, loopback, one bench user per connection) for
 * add-to-cart into carts growing to 50 lines, update quantity, get cart (50 lines), place order (each
 * from a fresh, ready cart), an order history page, the order guide ("usual items": the ship-to's last 90
 * days of its two years of orders) and a 200-line bulk add into an empty cart; it ends with the ratios of
 * docs/decisions-left-open.md#weekly-ordering (order guide p99 against order history p99, bulk add p99 against single add p99).
 * `limits` places orders again with the bench ship-to carrying a per-order, a week and a month limit that no
 * order passes (docs/approvals.md "Limits"): with it, place order and the limits run alternately `--rounds`
 * times in one run, and the run ends with the ratio of checkout with limits to checkout without. `credit` does the
 * same with a credit limit on the bench sold-to that every order stays within (docs/credit-control.md): the
 * policy locks the sold-to's credit row and reads its exposure in one statement.
 *
 *   node bench/cart-orders.mjs [--products 10000] [--orders 100000] [--duration 10] [--warmup 2]
 *                              [--connections 10] [--database-url postgres://postgres@127.0.0.1:5432/test]
 *                              [--reuse] [--keep] [--only add,update,get,order,limits,credit,history,guide,bulk] [--rounds 3]
 *                              [--price-rules]
 *
 * --reuse keeps an existing benchmark database of the same size instead of rebuilding it; --keep leaves it
 * behind afterwards. Every response must be 2xx, and every order request must place a new order: a run with
 * an error, or one that ran out of ready carts (so that repeats were answered as idempotent replays), stops
 * with an error instead of printing figures.
 *
 * Comparing commits (bench/compare-commits.mjs runs this alternately): --api-dir runs another checkout's API
 * (its seed and migrations too), on its own database named with --db-tag; --json FILE writes the rows, each
 * with its measured window on the monotonic clock, for cutting a CPU profile (BENCH_API_NODE_ARGS='--cpu-prof
 * --cpu-prof-dir=DIR'). BENCH_COUNT_QUERIES=1 counts the API's statements (bench/lib/count-queries.mjs) and adds
 * statements a request and the most frequent statements to each row. --max-order-rate sizes the ready carts
 * prepared before each place-order run: (warm-up + duration) × that rate, split over the connections.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_INVOICE_ENV } from './lib/invoice-env.mjs';
import { nowMicros } from './lib/cpu-profile.mjs';
import { queryCountsSince, readQueryCounts } from './lib/query-counts.mjs';
import { seedPriceRules } from './lib/price-rules.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    orders: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '4181' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    reuse: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    only: { type: 'string', default: 'add,update,get,order,history,guide,bulk' },
    rounds: { type: 'string', default: '3' },
    'api-dir': { type: 'string' },
    'db-tag': { type: 'string', default: '' },
    json: { type: 'string' },
    'max-order-rate': { type: 'string', default: '1500' },
    'price-rules': { type: 'boolean', default: false },
  },
});
const PRODUCTS = Number(args.products);
const PAST_ORDERS = Number(args.orders);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const ONLY = new Set(args.only.split(','));
const ROUNDS = Number(args.rounds);
const MAX_ORDER_RATE = Number(args['max-order-rate']);
for (const [name, value] of Object.entries({ PRODUCTS, PAST_ORDERS, DURATION, CONNECTIONS, ROUNDS, MAX_ORDER_RATE })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
}

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const API_DIR = resolve(args['api-dir'] ?? resolve(BENCH_DIR, '../api'));
if (!/^[a-z0-9_]*$/.test(args['db-tag'])) throw new Error('--db-tag: lower-case letters, digits and _ only');
const CLIENT = { id: 'storefront', secret: 'bench-storefront-secret-0123456789' };
const ORIGIN = `http://127.0.0.1:${PORT}`;
const BASE = '/occ/v2/b2b';
// Bench users order for the demo ship-to that has both ranges and its own sold-to price list.
const SHIP_TO = '0000410002';
const SOLD_TO = '0000100001';
const RANGE = 'DAIR';
const SCOPE = `shipTo=${SHIP_TO}&salesOrg=${RANGE}`;
const CART_LINES = 50;
/**
 * Ready carts per user for one place-order run (warm-up and measurement): enough for the fastest rate the
 * run could reach; a connection that still runs out fails the run (see `load`).
 */
const READY_CARTS_PER_USER = Math.ceil(((WARMUP + DURATION) * MAX_ORDER_RATE) / CONNECTIONS);
/** Lines of one bulk add (quick order), and the empty carts per user it fills, one per request. */
const BULK_LINES = 200;
const EMPTY_CARTS_PER_USER = 300;

const log = (message) => console.error(`[bench] ${message}`);

function run(command, commandArgs, env) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, commandArgs, { cwd: API_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${command} ${commandArgs.join(' ')} exited with ${code}`))));
  });
}

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function prepareDatabase() {
  const name = `mv_bench_cart_orders_${PRODUCTS}_${PAST_ORDERS}${args['price-rules'] ? '_rules' : ''}${args['db-tag'] ? `_${args['db-tag']}` : ''}`;
  const url = new URL(args['database-url']);
  url.pathname = `/${name}`;
  const exists = await withClient(args['database-url'], async (admin) => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0);
  let fresh = !(args.reuse && exists);
  if (!fresh) {
    const seeded = await withClient(url.toString(), (db) =>
      db.query("select count(*)::int as n from orders where idempotency_key like 'seed-%'").then((r) => r.rows[0].n, () => -1),
    );
    fresh = seeded !== PAST_ORDERS;
  }
  if (fresh) {
    await withClient(args['database-url'], async (admin) => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    });
  }
  const drop = () => withClient(args['database-url'], (admin) => admin.query(`drop database if exists ${name} with (force)`));
  return { url: url.toString(), fresh, cleanup: args.keep ? async () => {} : drop };
}

/** One bench user per connection, holding the bench ship-to, with the demo users' password hash. */
async function seedUsers(db) {
  await db.query(
    `insert into users (username, customer_id, name, email, password_hash)
     select 'bench-' || i || '@example.com', 'B' || lpad(i::text, 7, '0'), 'Bench user ' || i, 'bench-' || i || '@example.com',
            (select password_hash from users where username = 'solo@example.com')
     from generate_series(1, $1::int) as i
     on conflict do nothing`,
    [CONNECTIONS],
  );
  await db.query(
    `insert into user_ship_tos (user_id, ship_to_code)
     select id, $1 from users where username like 'bench-%' on conflict do nothing`,
    [SHIP_TO],
  );
}

/**
 * Past orders in bulk, set-based: a cart per order (orders.source_cart_id is required and unique), the
 * orders spread over the bench users and the last two years, three snapshot lines each, then the totals. Codes
 * come from the shop's own sequence, after the demo's orders.
 */
async function seedPastOrders(db) {
  const started = Date.now();
  await db.query('begin');
  await db.query(
    `with bench as (select array_agg(id order by id) as ids from users where username like 'bench-%')
     insert into carts (code, user_id, ship_to_code, range, status)
     select 'seed' || lpad(i::text, 12, '0'), bench.ids[1 + i % array_length(bench.ids, 1)], $2, $3, 'ordered'
     from generate_series(1, $1::int) as i, bench`,
    [PAST_ORDERS, SHIP_TO, RANGE],
  );
  await db.query(
    `insert into orders (code, user_id, ship_to_code, sold_to_code, range, status, placed_at, delivery_date,
                         net_pence, vat_pence, gross_pence, source_cart_id, idempotency_key)
     select 'MV-' || lpad(nextval('order_number_seq')::text, 6, '0'), user_id, ship_to_code, $1, range, 'delivered',
            now() - ($2::int - n) * interval '10 minutes', (now() - ($2::int - n) * interval '10 minutes' + interval '2 days')::date,
            0, 0, 0, id, 'seed-' || n
     from (select id, user_id, ship_to_code, range, row_number() over (order by id) as n from carts where code like 'seed%') as c`,
    [SOLD_TO, PAST_ORDERS],
  );
  await db.query(
    `with catalogue as (select array_agg(code order by code) as codes from products where range = $1 and not discontinued)
     insert into order_lines (order_id, line_number, product_code, name, pack_size, unit_price_pence, vat_rate_bp, quantity, net_pence, vat_pence)
     select o.id, l, p.code, p.name, p.pack_size, p.list_price_pence, p.vat_rate_bp, 1 + (o.id + l) % 6,
            p.list_price_pence * (1 + (o.id + l) % 6), (p.list_price_pence * (1 + (o.id + l) % 6) * p.vat_rate_bp + 5000) / 10000
     from orders o cross join generate_series(0, 2) as l cross join catalogue
     join products p on p.code = catalogue.codes[1 + (o.id * 7 + l * 13) % array_length(catalogue.codes, 1)]
     where o.idempotency_key like 'seed-%'`,
    [RANGE],
  );
  await db.query(
    `update orders o set net_pence = t.net, vat_pence = t.vat, gross_pence = t.net + t.vat
     from (select order_id, sum(net_pence)::int as net, sum(vat_pence)::int as vat from order_lines group by order_id) as t
     where t.order_id = o.id`,
  );
  await db.query('commit');
  await db.query('vacuum analyze');
  log(`seeded ${PAST_ORDERS} past orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Access tokens written straight into the token table: sign-in (argon2, rate limits) is not what is measured here. */
async function benchTokens(db) {
  const users = (await db.query("select id from users where username like 'bench-%' order by id")).rows;
  const tokens = [];
  for (const user of users) {
    const token = randomBytes(32).toString('base64url');
    await db.query(
      `insert into oauth_tokens (access_hash, client_id, user_id, family, access_expires_at)
       values ($1, $2, $3, $4, now() + interval '2 hours')`,
      [createHash('sha256').update(token).digest('hex'), CLIENT.id, user.id, randomUUID()],
    );
    tokens.push({ userId: user.id, token });
  }
  return tokens;
}

/** Ready-to-order saved carts (five lines and a delivery date each), so every order comes from a fresh cart. */
async function seedReadyCarts(db, deliveryDate, codes) {
  await db.query("delete from carts where code like 'ready%' and status <> 'ordered'");
  await db.query(
    `with bench as (select id, row_number() over (order by id) as u from users where username like 'bench-%')
     insert into carts (code, user_id, ship_to_code, range, status, name, saved_at, requested_delivery_date)
     select 'ready' || lpad(bench.u::text, 4, '0') || lpad(i::text, 7, '0') || $5, bench.id, $1, $2, 'saved', 'Bench', now(), $3::date
     from bench cross join generate_series(1, $4::int) as i`,
    [SHIP_TO, RANGE, deliveryDate, READY_CARTS_PER_USER, randomBytes(3).toString('hex')],
  );
  await db.query(
    `insert into cart_entries (cart_id, entry_number, product_code, quantity)
     select c.id, l, ($1::text[])[1 + (c.id + l * 7) % array_length($1::text[], 1)], 1 + l
     from carts c cross join generate_series(0, 4) as l
     where c.code like 'ready%' and c.status = 'saved'`,
    [codes],
  );
}

/** Empty saved carts for the bulk-add scenario: each request fills a fresh one, as a quick order into an empty cart. */
async function seedEmptyCarts(db) {
  await db.query("delete from carts where code like 'bulk%' and status <> 'ordered'");
  await db.query(
    `with bench as (select id, row_number() over (order by id) as u from users where username like 'bench-%')
     insert into carts (code, user_id, ship_to_code, range, status, name, saved_at)
     select 'bulk' || lpad(bench.u::text, 4, '0') || lpad(i::text, 7, '0') || $4, bench.id, $1, $2, 'saved', 'Bench', now()
     from bench cross join generate_series(1, $3::int) as i`,
    [SHIP_TO, RANGE, EMPTY_CARTS_PER_USER, randomBytes(3).toString('hex')],
  );
}

async function emptyCartCodes(db, userId) {
  const rows = await db.query(
    "select code from carts c where user_id = $1 and code like 'bulk%' and status = 'saved' and not exists (select 1 from cart_entries e where e.cart_id = c.id) order by id",
    [userId],
  );
  return rows.rows.map((row) => row.code);
}

async function waitForApi(child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    const ok = await fetch(`${ORIGIN}/health/ready`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('API did not become ready within 120 s');
}

async function api(token, method, path, body) {
  const response = await fetch(ORIGIN + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

let failureReported = false;
/** The first non-2xx answer of a run is printed, so a broken scenario shows why rather than only a count. */
function reportFirstFailure(status, body) {
  if (status < 300 || failureReported) return;
  failureReported = true;
  log(`first failure: HTTP ${status} ${String(body).slice(0, 300)}`);
}

/**
 * One autocannon run where connection i acts as bench user i: `requestsFor(i)` is that connection's cycle
 * of requests (autocannon loops over it), so each user's cart sees one request at a time. With `once`, each
 * request may be sent only once (an order from a ready cart): a connection that comes round to its first
 * request again rejects the run.
 */
/**
 * Paths of every `once` request sent so far: a request cut off at the end of the warm-up may still be placing
 * its order while the next run reads the ready carts, so those carts are left out by path.
 */
const sentOnce = new Set();

function load(tokens, requestsFor, duration, { once = false } = {}) {
  let next = 0;
  let exhausted = 0;
  return new Promise((resolvePromise, reject) => {
    autocannon(
      {
        url: ORIGIN,
        connections: CONNECTIONS,
        duration,
        setupClient: (client) => {
          const index = next++ % tokens.length;
          const auth = { authorization: `Bearer ${tokens[index].token}` };
          const json = { 'content-type': 'application/json' };
          const requests = requestsFor(index).filter((request) => !(once && sentOnce.has(request.path)));
          // autocannon fails obscurely on an empty list ("reading 'requestBuffer'"); say what ran out.
          if (requests.length === 0) throw new Error(`bench user ${index + 1} has no requests to send (no ready carts left?)`);
          let answered = 0;
          const onResponse = (status, body) => {
            reportFirstFailure(status, body);
            answered += 1;
            if (once && answered > requests.length) exhausted += 1;
          };
          client.setRequests(
            requests.map((request) => ({
              ...request,
              ...(once && { setupRequest: (req) => (sentOnce.add(req.path), req) }),
              headers: { ...auth, ...(request.body === undefined ? {} : json), ...request.headers },
              onResponse,
            })),
          );
        },
      },
      (error, result) => {
        if (error) return reject(error);
        if (exhausted > 0) {
          return reject(new Error(`${exhausted} requests repeated an earlier one (ready carts ran out): raise --max-order-rate`));
        }
        resolvePromise(result);
      },
    );
  });
}

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc; 0 when it is gone. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU used by the API process and by the PostgreSQL backends serving this database: on a shared, busy
 * machine req/s depends on who won the cores, CPU per request much less so.
 */
async function cpuMeter(db, apiPid, dbName) {
  const backends = (await db.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName])).rows.map((r) => r.pid);
  const sample = () => ({ api: cpuSeconds(apiPid), pg: backends.reduce((sum, pid) => sum + cpuSeconds(pid), 0) });
  const start = sample();
  return () => {
    const end = sample();
    return { api: end.api - start.api, pg: end.pg - start.pg };
  };
}

/** Orders placed from the bench's ready carts, so far. */
async function benchOrderCount(db) {
  return (await db.query("select count(*)::int as n from orders where idempotency_key like 'bench-ready%'")).rows[0].n;
}

async function readyCartCodes(db, userId) {
  const rows = await db.query("select code from carts where user_id = $1 and code like 'ready%' and status = 'saved' order by id", [userId]);
  return rows.rows.map((row) => row.code);
}

/** Every bench user's active cart with exactly CART_LINES lines, through the API. */
async function fillCarts(tokens, codes) {
  await Promise.all(
    tokens.map(async ({ token }) => {
      const cart = await api(token, 'GET', `${BASE}/users/current/carts/active?${SCOPE}`);
      if (cart.totalItems === CART_LINES) return;
      await api(token, 'DELETE', `${BASE}/users/current/carts/active?${SCOPE}`);
      for (const code of codes) await api(token, 'POST', `${BASE}/users/current/carts/active/entries?${SCOPE}`, { product: { code }, quantity: 1 });
    }),
  );
}

/** The bench ship-to's limits for the `limits` scenario: high enough that every order is placed, not held. */
async function setBenchLimits(db, on) {
  await db.query("delete from approval_limits where code like 'AL-BENCH%'");
  if (!on) return;
  await db.query(
    `insert into approval_limits (code, sold_to_code, type, threshold_pence, period_range, ship_to_code)
     values ('AL-BENCH1', $1, 'orderThreshold', 1000000000, null, $2),
            ('AL-BENCH2', $1, 'periodThreshold', 1000000000, 'WEEK', $2),
            ('AL-BENCH3', $1, 'periodThreshold', 1000000000, 'MONTH', $2)`,
    [SOLD_TO, SHIP_TO],
  );
}

/**
 * The bench sold-to's credit for the `credit` scenario: a limit no order reaches, so every order is placed. The
 * orders placed before the round count as invoiced, as the ERP invoices a real history: exposure then sums the
 * round's own orders alone, a few hundred, where a real sold-to has its open orders of a week or two.
 */
async function setBenchCredit(db, on) {
  await db.query('delete from credit_accounts where sold_to_code = $1', [SOLD_TO]);
  if (!on) return;
  await db.query('update orders set invoiced = true where sold_to_code = $1 and not invoiced', [SOLD_TO]);
  await db.query('insert into credit_accounts (sold_to_code, limit_pence, on_hold) values ($1, 2000000000, false)', [SOLD_TO]);
}

function scenarios(db, tokens, codes, bulkCodes, deliveryDate) {
  const readyCarts = () => seedReadyCarts(db, deliveryDate, codes);
  const placeOrders = async () => {
    // One client runs one query at a time: node-postgres deprecates queueing them on it.
    const byUser = [];
    for (const { userId } of tokens) byUser.push(await readyCartCodes(db, userId));
    return (index) =>
      byUser[index].map((code) => ({
        method: 'POST',
        path: `${BASE}/users/current/orders?cartId=${code}&${SCOPE}`,
        headers: { 'idempotency-key': `bench-${code}` },
      }));
  };
  const order = { key: 'order', name: 'place order (each from a fresh 5-line cart)', fresh: true, places: true, before: readyCarts, requests: placeOrders };
  const limits = {
    key: 'limits',
    name: 'place order, ship-to with order, week and month limits',
    fresh: true,
    places: true,
    before: async () => {
      await readyCarts();
      await setBenchLimits(db, true);
    },
    after: () => setBenchLimits(db, false),
    requests: placeOrders,
  };
  const credit = {
    key: 'credit',
    name: 'place order, sold-to with a credit limit',
    fresh: true,
    places: true,
    before: async () => {
      await readyCarts();
      await setBenchCredit(db, true);
    },
    after: () => setBenchCredit(db, false),
    requests: placeOrders,
  };
  const compared = [...(ONLY.has('limits') ? [limits] : []), ...(ONLY.has('credit') ? [credit] : [])];
  const addBody = (i) => JSON.stringify({ product: { code: codes[i % CART_LINES] }, quantity: 1 + (i % 3) });
  return [
    {
      key: 'add',
      name: `add to cart (cart grows to ${CART_LINES} lines)`,
      before: () => Promise.all(tokens.map(({ token }) => api(token, 'DELETE', `${BASE}/users/current/carts/active?${SCOPE}`))),
      requests: async () => () =>
        Array.from({ length: CART_LINES }, (_, i) => ({ method: 'POST', path: `${BASE}/users/current/carts/active/entries?${SCOPE}`, body: addBody(i) })),
    },
    {
      key: 'update',
      name: `update quantity (${CART_LINES}-line cart)`,
      before: () => fillCarts(tokens, codes),
      requests: async () => () =>
        Array.from({ length: CART_LINES }, (_, i) => ({
          method: 'PUT',
          path: `${BASE}/users/current/carts/active/entries/${i}?${SCOPE}`,
          body: JSON.stringify({ quantity: 1 + ((i * 7) % 20) }),
        })),
    },
    {
      key: 'get',
      name: `get cart (${CART_LINES} lines, fields=FULL)`,
      before: () => fillCarts(tokens, codes),
      requests: async () => () => [{ method: 'GET', path: `${BASE}/users/current/carts/active?${SCOPE}&fields=FULL` }],
    },
    ...(compared.length > 0 ? Array.from({ length: ROUNDS }, () => [order, ...compared]).flat() : [order]),
    {
      key: 'history',
      name: `order history page (20 of ${Math.round(PAST_ORDERS / tokens.length)} orders per user, pages 0-9)`,
      requests: async () => () =>
        Array.from({ length: 10 }, (_, page) => ({ method: 'GET', path: `${BASE}/users/current/orders?${SCOPE}&pageSize=20&currentPage=${page}` })),
    },
    {
      key: 'guide',
      name: `order guide (usual items of a ship-to with ${PAST_ORDERS} orders over two years)`,
      requests: async () => () => [{ method: 'GET', path: `${BASE}/users/current/orderguide?${SCOPE}` }],
    },
    {
      key: 'bulk',
      name: `bulk add, ${BULK_LINES} lines into an empty cart`,
      fresh: true,
      requests: async () => {
        const body = JSON.stringify({ entries: bulkCodes.map((code, i) => ({ product: { code }, quantity: 1 + (i % 4) })) });
        const byUser = [];
        for (const { userId } of tokens) byUser.push(await emptyCartCodes(db, userId));
        return (index) => byUser[index].map((code) => ({ method: 'POST', path: `${BASE}/users/current/carts/${code}/entries/bulk?${SCOPE}`, body }));
      },
    },
  ].filter((scenario) => ONLY.has(scenario.key));
}

/** Checkout with limits (or credit) against checkout without, over the alternating rounds of this run. */
function checkoutRatio(rows, key) {
  const of = (wanted) => rows.filter((row) => row.key === wanted);
  const [plain, limited] = [of('order'), of(key)];
  if (plain.length === 0 || limited.length === 0) return;
  const mean = (list, pick) => list.reduce((sum, row) => sum + pick(row), 0) / list.length;
  const rps = mean(plain, (row) => row.rps) / mean(limited, (row) => row.rps);
  const cpu = (row) => Number(row.apiCpu) + Number(row.pgCpu);
  const cpuRatio = mean(limited, cpu) / mean(plain, cpu);
  const p99 = mean(limited, (row) => row.p99) / mean(plain, (row) => row.p99);
  console.log(`${key} / order over ${limited.length} alternating rounds: time a request ${rps.toFixed(2)}× (by req/s), CPU a request ${cpuRatio.toFixed(2)}×, p99 ${p99.toFixed(2)}× (target ≤ 1.1×)`);
}

async function main() {
  const prepared = await prepareDatabase();
  const env = {
    DATABASE_URL: prepared.url,
    STOREFRONT_CLIENT_ID: CLIENT.id,
    STOREFRONT_CLIENT_SECRET: CLIENT.secret,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
    ...BENCH_INVOICE_ENV,
  };
  const db = new pg.Client({ connectionString: prepared.url });
  let apiProcess;
  try {
    if (prepared.fresh) {
      const started = Date.now();
      log(`seeding ${PRODUCTS} products…`);
      await run(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts', '--products', String(PRODUCTS)], env);
      log(`seeded the catalogue in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await db.connect();
    if (prepared.fresh) {
      await seedUsers(db);
      await seedPastOrders(db);
      if (args['price-rules']) await seedPriceRules(db, SOLD_TO, log);
    }
    // BENCH_API_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof', profiles the API under load.
    const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
    if (process.env.BENCH_COUNT_QUERIES) nodeArgs.push('--import', resolve(BENCH_DIR, 'lib/count-queries.mjs'));
    apiProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: { ...process.env, ...env, API_PORT: String(PORT) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForApi(apiProcess);
    const tokens = await benchTokens(db);
    const codes = (
      await db.query('select code from products where range = $1 and not discontinued and min_order_quantity = 1 order by code limit $2', [RANGE, CART_LINES])
    ).rows.map((row) => row.code);
    const placesOrders = ONLY.has('order') || ONLY.has('limits') || ONLY.has('credit');
    const dates = placesOrders ? await api(tokens[0].token, 'GET', `${BASE}/users/current/deliverydates?${SCOPE}`) : undefined;
    const deliveryDate = dates?.deliveryDates?.[0]?.date;
    if (placesOrders && deliveryDate === undefined) throw new Error(`no delivery date to order for: ${JSON.stringify(dates)}`);
    const bulkCodes = (
      await db.query('select code from products where range = $1 and not discontinued and min_order_quantity = 1 order by code offset $2 limit $3', [RANGE, CART_LINES, BULK_LINES])
    ).rows.map((row) => row.code);
    if (ONLY.has('bulk')) await seedEmptyCarts(db);

    const rows = [];
    for (const scenario of scenarios(db, tokens, codes, bulkCodes, deliveryDate)) {
      if (scenario.before) await scenario.before();
      // What autovacuum does on a live server (it may be off here, as on this machine's PostgreSQL): without
      // it every run leaves the last one's dead cart and line versions in the indexes, and runs get slower.
      await db.query('vacuum (analyze) carts, cart_entries, orders, order_lines, order_counts');
      const once = { once: scenario.places === true };
      if (WARMUP > 0) await load(tokens, await scenario.requests(), WARMUP, once);
      const requests = await scenario.requests();
      const ordersBefore = await benchOrderCount(db);
      const queriesBefore = await readQueryCounts(apiProcess.pid);
      const meter = await cpuMeter(db, apiProcess.pid, new URL(prepared.url).pathname.slice(1));
      const from = nowMicros();
      const result = await load(tokens, requests, DURATION, once);
      const to = nowMicros();
      const cpu = meter();
      const queries = await queryCountsSince(apiProcess.pid, queriesBefore);
      if (scenario.after) await scenario.after();
      const errors = result.errors + result.timeouts + result.non2xx;
      if (errors > 0) {
        log(`  errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, status codes ${JSON.stringify(result.statusCodeStats)}`);
        throw new Error(`${scenario.name}: ${errors} requests failed; no figures from a run with errors`);
      }
      if (scenario.key === 'bulk' && result.requests.total > EMPTY_CARTS_PER_USER * tokens.length) {
        throw new Error('more bulk adds than empty carts: later ones added to full carts. Raise EMPTY_CARTS_PER_USER.');
      }
      if (scenario.places) {
        // Every answered order request must have placed an order: fewer orders than answers means replays.
        const placed = (await benchOrderCount(db)) - ordersBefore;
        if (placed < result['2xx']) throw new Error(`${scenario.name}: ${result['2xx']} answers but ${placed} new orders: idempotent replays were measured`);
      }
      const perRequest = (seconds) => ((seconds * 1000) / Math.max(1, result.requests.total)).toFixed(2);
      const row = {
        key: scenario.key,
        scenario: scenario.name,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        apiCpu: perRequest(cpu.api),
        pgCpu: perRequest(cpu.pg),
        errors,
        requests: result.requests.total,
        window: { from, to },
        ...(queries && { statements: (queries.total / Math.max(1, result.requests.total)).toFixed(2), topStatements: queries.top(result.requests.total) }),
      };
      rows.push(row);
      log(`${row.scenario}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, CPU/request API ${row.apiCpu} ms + PG ${row.pgCpu} ms${row.statements ? `, ${row.statements} statements/request` : ''}`);
    }
    const cartSize = await api(tokens[0].token, 'GET', `${BASE}/users/current/carts/active?${SCOPE}`);
    console.log(`\npostgres, ${PRODUCTS} products, ${PAST_ORDERS} past orders, ${CONNECTIONS} connections (one user each), ${DURATION} s per scenario after ${WARMUP} s warm-up`);
    console.log(`(bench user 1's cart ended with ${cartSize.totalItems} lines, ${cartSize.totalUnitCount} cases)\n`);
    console.log(`(load average at the end: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})\n`);
    console.log('| scenario | req/s | p50 ms | p99 ms | API CPU ms/req | PG CPU ms/req | statements/req |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) console.log(`| ${row.scenario} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.apiCpu} | ${row.pgCpu} | ${row.statements ?? '-'} |`);
    if (args.json) writeFileSync(args.json, JSON.stringify({ apiDir: API_DIR, apiPid: apiProcess.pid, rows }, null, 2));
    // docs/decisions-left-open.md#weekly-ordering targets, as ratios of this run: order guide p99 ≤ 2× history p99, 200-line bulk add p99 ≤ 10× one add's.
    const p99Of = (key) => rows.find((row) => row.key === key)?.p99;
    const ratio = (key, reference, target) => {
      const [a, b] = [p99Of(key), p99Of(reference)];
      if (a !== undefined && b !== undefined) console.log(`${key} p99 / ${reference} p99 = ${a} / ${b} ms = ${(a / b).toFixed(2)}× (target ≤ ${target}×)`);
    };
    console.log('');
    ratio('guide', 'history', 2);
    ratio('bulk', 'add', 10);
    checkoutRatio(rows, 'limits');
    checkoutRatio(rows, 'credit');
  } finally {
    if (apiProcess && apiProcess.exitCode === null) {
      apiProcess.kill('SIGTERM');
      await new Promise((r) => apiProcess.once('exit', r));
    }
    await db.end().catch(() => undefined);
    await prepared.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
