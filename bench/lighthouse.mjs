#!/usr/bin/env node
/**
 * Page performance of the storefront's production build: Lighthouse 12.x (npm, installed outside the
 * repository, into /tmp) with the system Chromium, mobile preset, on home, a category page, search results,
 * cart and checkout, signed in (the session cookie is passed with --extra-headers). Prints, per page, the
 * performance score, LCP, CLS, TBT, the JavaScript transferred and Lighthouse's benchmarkIndex of the host.
 * Usual items and an order's detail page are measured too (`--pages usual,order`): before filling the cart, the
 * bench places one order of the user, so both pages have something to show.
 *
 * Beside each page, in the same run and alternating with it, the bare Next.js page of the peers
 * (shared/peers/next-bare/serve.sh: same next/react versions, one client component) is measured, and each
 * page's score and LCP are printed next to the bare page's with the difference in points and the LCP ratio
 * (issue 13's target: within 2 points, LCP at most 1.3x). Then, at the same CPU slowdown in Chromium, the time
 * from a click on Add to cart on a category page to the header's updated unit count.
 *
 *   node bench/lighthouse.mjs [--runs 1] [--pages home,category,search,cart,checkout,usual,order[,about]] [--web-port 3190] [--api-port 4191] [--no-build] [--reports DIR]
 *                             [--cpu-slowdown 4] [--bare-port 3556] [--no-bare] [--peers DIR] [--add-to-cart-runs 5] [--before-dist DIR]
 *
 * It starts its own API (demo data on a fresh embedded database in a temporary directory) and `next start`
 * on the build in web/.next (built first unless --no-build and a build exists). With --reports DIR the full
 * Lighthouse JSON reports are kept there ({page}-{run}.json), for the LCP element, long tasks and script treemap.
 *
 * --before-dist DIR (relative to web/, e.g. a copy of the previous commit's .next) serves that build too, on the
 * next port, with the same API and session, and measures each page on it as well, alternating with the current
 * build and the bare page; the lines of that build are printed as `{page}*before` beside the current ones.
 *
 * The preset's 4x CPU slowdown assumes a host with a benchmarkIndex of 1500-2000 (Lighthouse's docs/throttling.md);
 * on a slower host it simulates a phone slower than the mid-tier one intended, and the docs advise a lower
 * multiplier: --cpu-slowdown sets it, and the benchmarkIndex column shows which applies.
 */
/* global document, performance, MutationObserver -- inside page.evaluate, which runs in the browser */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, URLSearchParams } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    pages: { type: 'string', default: 'home,category,search,cart,checkout,usual,order' },
    'web-port': { type: 'string', default: '3190' },
    'api-port': { type: 'string', default: '4191' },
    'no-build': { type: 'boolean', default: false },
    reports: { type: 'string' },
    'cpu-slowdown': { type: 'string', default: '4' },
    'bare-port': { type: 'string', default: '3556' },
    'no-bare': { type: 'boolean', default: false },
    peers: { type: 'string' },
    'add-to-cart-runs': { type: 'string', default: '5' },
    'before-dist': { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const CPU_SLOWDOWN = Number(args['cpu-slowdown']);
if (!(CPU_SLOWDOWN >= 1)) throw new Error('--cpu-slowdown must be a number of at least 1');
const WEB_PORT = Number(args['web-port']);
const API_PORT = Number(args['api-port']);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIR = join(ROOT, 'web');
const LH_VERSION = '12.8.2';
const LH_DIR = process.env.LH_DIR ?? '/tmp/peers/lighthouse-bench';
const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
const USER = { username: 'solo@example.com', password: 'Meadowvale-demo-1', shipTo: '0000410001', salesOrg: 'DAIR' };
const SECRETS = {
  STOREFRONT_CLIENT_ID: 'storefront',
  STOREFRONT_CLIENT_SECRET: 'bench-lighthouse-client-secret-0123456789',
  SESSION_SECRET: 'bench-lighthouse-session-secret-0123456789abcdef',
};
const BARE_PORT = Number(args['bare-port']);
const BARE = `http://127.0.0.1:${BARE_PORT}/`;
/** The peers: where --peers says, else shared/peers beside the repository (as CI lays it out). */
const PEERS = resolve(args.peers ?? join(ROOT, '../shared/peers'));
const ADD_TO_CART_RUNS = Number(args['add-to-cart-runs']);
const WEB = `http://127.0.0.1:${WEB_PORT}`;
const API = `http://127.0.0.1:${API_PORT}`;

const log = (message) => console.error(`[lighthouse] ${message}`);

function installLighthouse() {
  mkdirSync(LH_DIR, { recursive: true });
  const installed = join(LH_DIR, 'node_modules/lighthouse/package.json');
  if (existsSync(installed) && JSON.parse(readFileSync(installed, 'utf8')).version === LH_VERSION) return;
  log(`installing lighthouse@${LH_VERSION} into ${LH_DIR}`);
  if (!existsSync(join(LH_DIR, 'package.json'))) writeFileSync(join(LH_DIR, 'package.json'), '{"private":true}\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `lighthouse@${LH_VERSION}`], { cwd: LH_DIR, stdio: 'inherit' });
}

function start(name, command, commandArgs, cwd, env) {
  const child = spawn(command, commandArgs, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  child.on('exit', (code) => code && code !== 0 && log(`${name} exited with ${code}\n${stderr}`));
  return child;
}

async function waitFor(url, seconds = 90) {
  for (let i = 0; i < seconds * 4; i += 1) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

async function userToken() {
  const basic = Buffer.from(`${SECRETS.STOREFRONT_CLIENT_ID}:${SECRETS.STOREFRONT_CLIENT_SECRET}`).toString('base64');
  const response = await fetch(`${API}/authorizationserver/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: USER.username, password: USER.password, channel: 'cfi' }),
  });
  if (!response.ok) throw new Error(`token: ${response.status} ${await response.text()}`);
  return (await response.json()).access_token;
}

/** A cart with a few lines, so the cart and checkout pages show what a customer sees. */
async function fillCart(token, { skip = 0 } = {}) {
  const scope = `shipTo=${USER.shipTo}&salesOrg=${USER.salesOrg}`;
  const search = await fetch(`${API}/occ/v2/b2b/products/search?query=${encodeURIComponent(':name-asc')}&pageSize=20&${scope}`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.json());
  const products = search.products.filter((p) => p.stock.stockLevelStatus !== 'outOfStock').slice(skip, skip + 6);
  for (const product of products) {
    const response = await fetch(`${API}/occ/v2/b2b/users/current/carts/active/entries?${scope}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ product: { code: product.code }, quantity: product.minOrderQuantity }),
    });
    if (!response.ok) throw new Error(`add to cart: ${response.status} ${await response.text()}`);
  }
}

/**
 * One placed order of the user (the cart filled, a delivery date set, ordered), so usual items and the order
 * page have something to show; answers the order's code.
 */
async function placeOrder(token) {
  const scope = `shipTo=${USER.shipTo}&salesOrg=${USER.salesOrg}`;
  const base = `${API}/occ/v2/b2b/users/current`;
  const call = async (method, path, body, headers = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  await fillCart(token, { skip: 6 });
  const { deliveryDates } = await call('GET', `/deliverydates?${scope}`);
  await call('PUT', `/carts/active?${scope}`, { requestedDeliveryDate: deliveryDates[0].date, purchaseOrderNumber: 'BENCH-1' });
  const order = await call('POST', `/orders?cartId=active&${scope}`, undefined, { 'idempotency-key': randomUUID() });
  return order.code;
}

/** Signs in through the storefront's own sign-in page in Chromium and returns the session cookie header. */
async function sessionCookie() {
  const require = createRequire(join(WEB_DIR, 'package.json'));
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.split(' ') });
  try {
    const page = await browser.newPage();
    await page.goto(`${WEB}/login/`);
    await page.getByLabel('Email address').fill(USER.username);
    await page.getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    const cookies = await page.context().cookies(WEB);
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  } finally {
    await browser.close();
  }
}

function lighthouse(url, cookie, out) {
  execFileSync(
    process.execPath,
    [
      join(LH_DIR, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      `--throttling.cpuSlowdownMultiplier=${CPU_SLOWDOWN}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 },
  );
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const audits = report.audits;
  const scripts = (audits['network-requests'].details?.items ?? []).filter((item) => item.resourceType === 'Script');
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcpMs: audits['largest-contentful-paint'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    jsKb: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    benchmarkIndex: report.environment.benchmarkIndex,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The bare Next.js page of the peers, served by its own script (it installs and builds on first use). */
async function startBarePage() {
  const script = join(PEERS, 'next-bare/serve.sh');
  if (!existsSync(script)) throw new Error(`no ${script}: pass --peers DIR or --no-bare`);
  log(`starting the bare Next.js page (${script}) on port ${BARE_PORT}`);
  const bare = spawn('bash', [script, String(BARE_PORT)], { env: { ...process.env, PROJECT_DIR: ROOT }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  bare.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  bare.on('exit', (code) => code && log(`bare page exited with ${code}\n${stderr}`));
  await waitFor(BARE, 600);
  return bare;
}

/** Stops a process started detached (npx, next start and its children: the whole group). */
function stopGroup(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

/**
 * Time from a click on Add to cart (first orderable card of a category page) to the header's unit count
 * showing the new total, in Chromium at the bench's CPU slowdown (DevTools' CPU throttling), signed in.
 */
async function addToCartTimings(cookieHeader) {
  const require = createRequire(join(WEB_DIR, 'package.json'));
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.split(' ') });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    await context.addCookies(
      cookieHeader.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: WEB };
      }),
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const timings = [];
    for (let run = 0; run < ADD_TO_CART_RUNS; run += 1) {
      await page.goto(`${WEB}/category/DAIR-MILK/`);
      await page.waitForLoadState('networkidle');
      timings.push(
        await page.evaluate(
          () =>
            new Promise((resolveTiming, reject) => {
              const countText = () => document.querySelector('[data-testid="cart-count"] span')?.textContent?.trim();
              const before = countText();
              const button = [...document.querySelectorAll('[aria-label="Products"] article button')].find(
                (candidate) => candidate.textContent === 'Add to cart' && !candidate.disabled,
              );
              if (!button) return reject(new Error('no Add to cart button'));
              const header = document.querySelector('header');
              const observer = new MutationObserver(() => {
                if (countText() !== before) {
                  observer.disconnect();
                  resolveTiming(performance.now() - started);
                }
              });
              observer.observe(header ?? document.body, { subtree: true, childList: true, characterData: true });
              setTimeout(() => reject(new Error('the header count did not change within 60 s')), 60_000);
              const started = performance.now();
              button.click();
            }),
        ),
      );
    }
    return timings;
  } finally {
    await browser.close();
  }
}

const ratio = (value, reference) => (reference > 0 ? `${(value / reference).toFixed(2)}x` : '-');
const points = (value, reference) => `${value - reference >= 0 ? '+' : ''}${value - reference}`;

async function main() {
  installLighthouse();
  if (!args['no-build'] || !existsSync(join(WEB_DIR, '.next/BUILD_ID'))) {
    log('building the storefront (next build)');
    execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'mv-lighthouse-'));
  const env = { ...SECRETS, DATA_DIR: dataDir, API_PORT: String(API_PORT), API_URL: API, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  const api = start('api', process.execPath, ['--import', 'tsx', 'src/main.ts'], join(ROOT, 'api'), env);
  const web = start('web', process.execPath, [join(WEB_DIR, 'server.mjs'), '-p', String(WEB_PORT), '-H', '127.0.0.1'], WEB_DIR, env);
  const BEFORE = `http://127.0.0.1:${WEB_PORT + 1}`;
  const beforeWeb = args['before-dist']
    ? start('web (before)', process.execPath, [join(WEB_DIR, 'server.mjs'), '-p', String(WEB_PORT + 1), '-H', '127.0.0.1'], WEB_DIR, { ...env, NEXT_DIST_DIR: args['before-dist'] })
    : undefined;
  let bare;
  try {
    if (!args['no-bare']) bare = await startBarePage();
    // The API seeds a fresh embedded database first: on a busy machine that takes minutes.
    await waitFor(`${API}/health/live`, 300);
    await waitFor(`${WEB}/about/`);
    if (beforeWeb) await waitFor(`${BEFORE}/about/`);
    const token = await userToken();
    const wanted = new Set(args.pages.split(','));
    const orderCode = wanted.has('usual') || wanted.has('order') ? await placeOrder(token) : undefined;
    await fillCart(token);
    const cookie = await sessionCookie();
    const pages = [
      ['home', '/'],
      ['category', '/category/DAIR-MILK/'],
      ['search', '/search/cheddar/'],
      ['cart', '/cart/'],
      ['checkout', '/cart/checkout/'],
      ['usual', '/account/usual/'],
      ['order', `/account/orders/${orderCode}/`],
      // Not in the default list: a content page with nothing but the shell, the floor every page stands on.
      ['about', '/about/'],
    ].filter(([name]) => wanted.has(name));
    const slowdown = CPU_SLOWDOWN === 4 ? '' : ` with a ${CPU_SLOWDOWN}x CPU slowdown`;
    const beside = bare ? ', each run followed by one of the bare Next.js page' : '';
    console.log(`Lighthouse ${LH_VERSION}, mobile preset${slowdown}, ${RUNS} run(s) per page (median)${beside}, production build, ${new Date().toISOString()}`);
    console.log(
      `page       score    LCP ms   CLS      TBT ms   JS KB    benchmarkIndex${bare ? '  | bare score  bare LCP ms  | score diff  LCP ratio' : ''}`,
    );
    const reportDir = args.reports ? resolve(args.reports) : dataDir;
    mkdirSync(reportDir, { recursive: true });
    for (const [name, path] of pages) {
      const results = [];
      const bareResults = [];
      const beforeResults = [];
      for (let run = 0; run < RUNS; run += 1) {
        if (beforeWeb) beforeResults.push(lighthouse(`${BEFORE}${path}`, cookie, join(reportDir, `before-${name}-${run}.json`)));
        results.push(lighthouse(`${WEB}${path}`, cookie, join(reportDir, `${name}-${run}.json`)));
        if (bare) bareResults.push(lighthouse(BARE, '', join(reportDir, `bare-${name}-${run}.json`)));
      }
      const line = (label, list) => {
        const pick = (key) => median(list.map((r) => r[key]));
        const bareColumns = bare
        ? (() => {
            const bareScore = median(bareResults.map((r) => r.score));
            const bareLcp = median(bareResults.map((r) => r.lcpMs));
            return `  | ${String(bareScore).padEnd(11)} ${bareLcp.toFixed(0).padEnd(12)} | ${points(pick('score'), bareScore).padEnd(11)} ${ratio(pick('lcpMs'), bareLcp)}`;
          })()
        : '';
        console.log(
        `${label.padEnd(10)} ${String(pick('score')).padEnd(8)} ${pick('lcpMs').toFixed(0).padEnd(8)} ${pick('cls').toFixed(3).padEnd(8)} ${pick('tbtMs').toFixed(0).padEnd(8)} ${pick('jsKb').toFixed(1).padEnd(8)} ${pick('benchmarkIndex').toFixed(0).padEnd(15)}${bareColumns}`,
        );
      };
      if (beforeWeb) line(`${name}*before`, beforeResults);
      line(name, results);
    }
    if (ADD_TO_CART_RUNS > 0) {
      const timings = await addToCartTimings(cookie);
      console.log(
        `add to cart, click to updated header count, ${CPU_SLOWDOWN}x CPU slowdown, ${timings.length} clicks: median ${median(timings).toFixed(0)} ms (${timings.map((ms) => ms.toFixed(0)).join(', ')})`,
      );
    }
  } finally {
    if (bare) stopGroup(bare);
    web.kill('SIGTERM');
    beforeWeb?.kill('SIGTERM');
    api.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
