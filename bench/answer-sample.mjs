#!/usr/bin/env node
/**
 * Records the API's answers to a fixed journey of requests, so that a refactoring can show it changed no answer:
 * the demo database on a fresh PGlite directory, the demo users signing in, searching (prices by sold-to, sorted
 * by price), filling and changing carts, placing, amending and cancelling orders, an order held for approval and
 * approved, the standing orders, the order guide, invoices and credits, the back office's orders and mails
 * (their texts), answers to bad input, and the webhook posts the ERP receives (in a stable order). Each answer is kept as status, content type
 * and body, with instants, UUIDs and tokens replaced by placeholders, since those differ between any two runs.
 *
 *   node bench/answer-sample.mjs --dir <checkout> --out before.json
 *   node bench/answer-sample.mjs --compare before.json after.json
 *
 * --dir is a checkout whose API runs (its node_modules in place); it defaults to this one.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { URLSearchParams } from 'node:url';

const { values: args, positionals } = parseArgs({
  options: {
    dir: { type: 'string', default: resolve(dirname(fileURLToPath(import.meta.url)), '..') },
    out: { type: 'string' },
    port: { type: 'string', default: '4391' },
    compare: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});

const PASSWORD = 'Meadowvale-demo-1';
const CLIENT_SECRET = 'answer-sample-storefront-secret-0123456789';
const BASE = '/occ/v2/b2b';

if (args.compare) {
  process.exit(compare(positionals[0], positionals[1]));
}
if (!args.out) throw new Error('--out <file> is required');
const answers = await record(resolve(args.dir), Number(args.port));
writeFileSync(args.out, `${JSON.stringify(answers, null, 1)}\n`);
console.log(`${answers.length} answers written to ${args.out}`);

function compare(beforeFile, afterFile) {
  const before = JSON.parse(readFileSync(beforeFile, 'utf8'));
  const after = JSON.parse(readFileSync(afterFile, 'utf8'));
  let differences = 0;
  for (let index = 0; index < Math.max(before.length, after.length); index++) {
    const a = JSON.stringify(before[index]);
    const b = JSON.stringify(after[index]);
    if (a === b) continue;
    differences++;
    console.log(`#${index} ${before[index]?.request ?? after[index]?.request}\n  before: ${a?.slice(0, 600)}\n  after:  ${b?.slice(0, 600)}`);
  }
  console.log(`${before.length} answers before, ${after.length} after, ${differences} differ`);
  return differences === 0 ? 0 : 1;
}

/** Instants, seconds left, UUIDs, cart codes and versions, bearer tokens, trace ids and hashes differ from run to run; nothing else may. */
function normalise(text) {
  return text
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)?/g, '<instant>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/[A-Za-z0-9_-]{32,}/g, '<token>')
    .replace(/\b[0-9a-f]{16}\b/g, '<cart>')
    .replace(/"secondsLeft":\d+/g, '"secondsLeft":<seconds>');
}

async function record(dir, port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'answer-sample-'));
  const posts = [];
  const receiver = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/erp') posts.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(204).end();
    });
  });
  await new Promise((done) => receiver.listen(port + 1, '127.0.0.1', done));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    API_PORT: String(port),
    STOREFRONT_CLIENT_SECRET: CLIENT_SECRET,
    SESSION_SECRET: 'answer-sample-session-secret-0123456789-0123456789',
    STANDING_ORDERS_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'warn',
    WEBHOOK_URL: `http://127.0.0.1:${port + 1}/erp`,
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_SECRET: `whsec_${Buffer.from('answer-sample-webhook-secret-0123').toString('base64')}`,
    OUTBOX_POLL_SECONDS: '1',
  };
  delete env.DATABASE_URL;
  const api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(dir, 'api'),
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await ready(origin, api);
    const answers = await journey(origin, () => settled(posts));
    const webhooks = posts.map(normalise).sort();
    return [...answers, ...webhooks.map((body) => ({ request: 'webhook POST /erp', status: 204, type: 'application/json', body }))];
  } finally {
    receiver.close();
    api.kill('SIGTERM');
    await new Promise((done) => api.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits until no webhook post has arrived for three seconds. */
async function settled(posts) {
  let seen = -1;
  while (seen !== posts.length) {
    seen = posts.length;
    await new Promise((done) => setTimeout(done, 3000));
  }
}

async function ready(origin, child) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`the API stopped with ${child.exitCode}`);
    const answer = await fetch(`${origin}/health/ready`).catch(() => null);
    if (answer?.ok) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('the API did not become ready in 150 s');
}

async function journey(origin, eventsSent) {
  const answers = [];
  const basic = `Basic ${Buffer.from(`storefront:${CLIENT_SECRET}`).toString('base64')}`;
  async function call(token, method, path, body, raw) {
    const headers = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST' && path.includes('/orders')) headers['idempotency-key'] = `sample-${answers.length}`;
    const response = await fetch(`${origin}${path}`, { method, headers, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
    const text = await response.text();
    answers.push({ request: `${method} ${path}`, status: response.status, type: response.headers.get('content-type'), body: normalise(text) });
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  async function token(username) {
    const response = await fetch(`${origin}/authorizationserver/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username, password: PASSWORD, channel: 'cfi' }).toString(),
    });
    if (!response.ok) throw new Error(`sign-in of ${username}: ${response.status}`);
    return (await response.json()).access_token;
  }
  async function operatorToken() {
    const response = await fetch(`${origin}/admin/v1/auth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@meadowvale.example', password: PASSWORD }),
    });
    if (!response.ok) throw new Error(`operator sign-in: ${response.status}`);
    return (await response.json()).access_token;
  }

  const scoped = (shipTo, range) => (path) => `${BASE}${path}${path.includes('?') ? '&' : '?'}shipTo=${shipTo}&salesOrg=${range}`;

  async function shopAndOrder(user, at, quantities, po) {
    const search = await call(user, 'GET', at('/products/search?query=:name-asc&pageSize=40'));
    const codes = (search.products ?? []).filter((p) => (p.minOrderQuantity ?? 1) === 1 && !p.discontinued && p.stock?.stockLevelStatus !== 'outOfStock').map((p) => p.code);
    await call(user, 'DELETE', at('/users/current/carts/active'));
    await call(user, 'POST', at('/users/current/carts'));
    for (const [index, quantity] of quantities.entries()) {
      await call(user, 'POST', at('/users/current/carts/active/entries'), { product: { code: codes[index] }, quantity });
    }
    await call(user, 'PUT', at('/users/current/carts/active/entries/0'), { quantity: quantities[0] + 1 });
    await call(user, 'GET', at('/users/current/carts/active?fields=FULL'));
    await call(user, 'GET', at('/users/current/carts/current/approvalcheck'));
    const dates = await call(user, 'GET', at('/users/current/deliverydates'));
    await call(user, 'PUT', at('/users/current/carts/active'), { requestedDeliveryDate: dates.deliveryDates?.[0]?.date, purchaseOrderNumber: po });
    await call(user, 'GET', at('/users/current/carts/current/approvalcheck'));
    const order = await call(user, 'POST', at('/users/current/orders?cartId=active'));
    return { order, codes };
  }

  const solo = await token('solo@example.com');
  const atSolo = scoped('0000410001', 'DAIR');
  await call(solo, 'GET', atSolo('/users/current'));
  await call(solo, 'GET', atSolo('/products/search?query=:name-asc&pageSize=20'));
  await call(solo, 'GET', atSolo('/products/search?query=:price-asc&pageSize=20'));
  await call(solo, 'GET', atSolo('/products/search?query=:price-desc&pageSize=20'));
  const found = await call(solo, 'GET', atSolo('/products/search?query=milk&pageSize=10'));
  const firstCode = found.products?.[0]?.code ?? 'none';
  await call(solo, 'GET', atSolo(`/products/${encodeURIComponent(firstCode)}`));
  await call(solo, 'GET', atSolo('/products/suggestions?term=che'));
  await call(solo, 'GET', atSolo('/catalogs/meadowvaleProductCatalog/Online/categories/DAIR'));
  const { order: soloOrder, codes: soloCodes } = await shopAndOrder(solo, atSolo, [2, 3, 1], 'PO-SAMPLE-1');
  await call(solo, 'GET', atSolo(`/users/current/orders/${soloOrder.code}`));
  await call(solo, 'GET', atSolo('/users/current/orders'));
  const amendment = { entries: [{ product: { code: soloCodes[0] }, quantity: 5 }, { product: { code: soloCodes[3] }, quantity: 2 }], purchaseOrderNumber: 'PO-SAMPLE-1B' };
  await call(solo, 'POST', atSolo(`/users/current/orders/${soloOrder.code}/amendmentcheck`), amendment);
  await call(solo, 'PUT', atSolo(`/users/current/orders/${soloOrder.code}`), amendment);
  await call(solo, 'GET', atSolo(`/users/current/orders/${soloOrder.code}`));
  await call(solo, 'POST', atSolo(`/users/current/orders/${soloOrder.code}/reorder`));
  const { order: secondOrder } = await shopAndOrder(solo, atSolo, [1], 'PO-SAMPLE-2');
  await call(solo, 'POST', atSolo(`/users/current/orders/${secondOrder.code}/cancel`));
  await call(solo, 'GET', atSolo(`/users/current/orders/${secondOrder.code}`));
  await call(solo, 'GET', atSolo('/users/current/standingorders'));
  await call(solo, 'GET', atSolo('/users/current/orderguide'));
  await call(solo, 'GET', atSolo('/users/current/notificationpreferences'));
  await call(solo, 'GET', atSolo('/users/current/carts'));
  await call(solo, 'POST', atSolo('/users/current/carts/active/entries'), { product: { code: 'NO-SUCH' }, quantity: 1 });
  await call(solo, 'POST', atSolo('/users/current/carts/active/entries'), { product: { code: soloCodes[0] }, quantity: 0 });
  await call(solo, 'POST', atSolo('/users/current/carts/active/entries'), undefined, '{"product":');
  await call(solo, 'GET', atSolo('/users/current/orders/MV-999999'));
  await call(solo, 'POST', atSolo('/users/current/orders?cartId=active'));

  const multi = await token('multi@example.com');
  for (const [shipTo, range] of [['0000410002', 'CHIL'], ['0000410003', 'DAIR'], ['0000410004', 'CHIL']]) {
    const at = scoped(shipTo, range);
    await call(multi, 'GET', at('/products/search?query=:price-asc&pageSize=10'));
    await call(multi, 'GET', at(`/products/${encodeURIComponent(firstCode)}`));
  }

  const buyer = await token('buyer@example.com');
  const head = await token('head@example.com');
  const atQuayside = scoped('0000410002', 'DAIR');
  const { order: held } = await shopAndOrder(buyer, atQuayside, [20, 20, 20], 'PO-HELD-1');
  await call(buyer, 'GET', atQuayside(`/users/current/orders/${held.code}`));
  await call(head, 'GET', atQuayside('/users/current/orderapprovals'));
  await call(head, 'GET', atQuayside('/users/current/orderapprovals/summary'));
  await call(head, 'POST', atQuayside(`/users/current/orderapprovals/${held.code}/decision`), { decision: 'APPROVE', comment: 'Fine for the weekend' });
  await call(buyer, 'GET', atQuayside(`/users/current/orders/${held.code}`));
  const { order: heldAgain } = await shopAndOrder(buyer, atQuayside, [30, 10], 'PO-HELD-2');
  await call(head, 'POST', atQuayside(`/users/current/orderapprovals/${heldAgain.code}/decision`), { decision: 'REJECT', comment: 'Too much this week' });
  await call(buyer, 'GET', atQuayside(`/users/current/orders/${heldAgain.code}`));
  await call(head, 'GET', atQuayside('/users/current/orders'));

  const kitchen = await token('kitchen@example.com');
  const atKitchen = scoped('0000410005', 'DAIR');
  await call(kitchen, 'GET', atKitchen('/users/current/orders'));
  await call(kitchen, 'GET', atKitchen('/users/current/invoices'));
  await call(kitchen, 'GET', atKitchen('/users/current/creditrequests'));
  await call(kitchen, 'GET', atKitchen('/users/current/checkins/due'));

  const operator = await operatorToken();
  await call(operator, 'GET', '/admin/v1/orders');
  await call(operator, 'GET', `/admin/v1/orders/${soloOrder.code}`);
  await call(operator, 'POST', `/admin/v1/orders/${soloOrder.code}/status`, { status: 'confirmed' });
  await call(operator, 'GET', `/admin/v1/orders/${soloOrder.code}`);
  await call(operator, 'GET', `/admin/v1/orders/${held.code}`);
  // Mails are written by the outbox, after the answer: read them once it has sent everything.
  await eventsSent();
  const mails = await call(operator, 'GET', '/admin/v1/mail');
  for (const mail of (mails.messages ?? []).slice(0, 12)) await call(operator, 'GET', `/admin/v1/mail/${mail.id}`);
  await call(operator, 'GET', '/admin/v1/audit');
  return answers;
}
