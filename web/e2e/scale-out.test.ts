import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { firstOrderableCard, headerUnits, waitForHeaderUnits } from './journey-support';
import { preparedApi } from './support/api-build';
import { preparedBuild } from './support/build';
import { HAPROXY, haproxyConfig, startHaproxy, type Backend } from './support/load-balancer';
import { API_DIR, CHROMIUM, REPO_DIR, WEB_DIR } from './support/paths';
import { freePort, startChild, waitForHttp, type Child } from './support/processes';
import { DEMO_PASSWORD } from './support/shop';

/**
 * README "Scaling", proved: two API processes and two storefront processes behind HAProxy (round robin), on
 * the machine's PostgreSQL and Redis. Outside CI it skips when one of them (or HAProxy) is missing; in CI
 * (CI=true) it fails instead.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whose `X-Forwarded-For` is believed (README "Client addresses"): the API believes HAProxy and the storefronts
 * (all on 127.0.0.1), the storefronts believe HAProxy in front of them.
 */
const PROXY_TRUST: Record<string, string> = { TRUST_PROXY: 'loopback', WEB_TRUST_PROXY: 'loopback' };

function postgresAnswers(): boolean {
  return spawnSync('psql', [POSTGRES_URL, '-Atqc', 'select 1'], { encoding: 'utf8', timeout: 5000 }).stdout?.trim() === '1';
}

async function redisAnswers(): Promise<boolean> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port || 6379), url.hostname);
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

const missing = [
  ...(postgresAnswers() ? [] : [`PostgreSQL at ${POSTGRES_URL}`]),
  ...((await redisAnswers()) ? [] : [`Redis at ${REDIS_URL}`]),
  ...(existsSync(HAPROXY) ? [] : [`HAProxy at ${HAPROXY}`]),
];
const skip = !process.env.CI && missing.length > 0 ? `needs ${missing.join(', ')}` : false;

function psql(sql: string): void {
  const result = spawnSync('psql', [POSTGRES_URL, '-qc', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql ${sql}: ${result.stderr}`);
}

/** An API process, counting the requests it is sent (its request log), so a test can see where they went. */
interface ApiProcess extends Backend {
  child: Child;
  requests: () => number;
}

function startApi(name: string, port: number, env: NodeJS.ProcessEnv): ApiProcess {
  const child = startChild(process.execPath, [preparedApi()], {
    cwd: REPO_DIR,
    env: { ...env, API_PORT: String(port), API_HOST: '127.0.0.1', LOG_LEVEL: 'info' },
  });
  let requests = 0;
  child.process.stdout?.on('data', (chunk: Buffer) => {
    requests += chunk.toString().split('\n').filter((line) => line.includes('"msg":"incoming request"') && line.includes('/occ/')).length;
  });
  return { name, url: `http://127.0.0.1:${port}`, child, requests: () => requests };
}

function startWeb(port: number, env: NodeJS.ProcessEnv): Backend & { child: Child } {
  const child = startChild(process.execPath, [join(WEB_DIR, 'server.mjs'), '-p', String(port), '-H', '127.0.0.1'], { cwd: WEB_DIR, env });
  return { name: `web${port}`, url: `http://127.0.0.1:${port}`, child };
}

/** A sign-in refused by a limit: 429, or an answer naming a lock. */
const refused = (status: number, body: { error_description?: string }) => status === 429 || /lock/i.test(body.error_description ?? '');

describe('scale-out: two API and two storefront processes behind HAProxy, on PostgreSQL and Redis', { skip }, () => {
  const database = `mv_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
  const workDir = mkdtempSync(join(tmpdir(), 'mv-scale-'));
  const clientSecret = randomBytes(24).toString('base64url');
  const children: Child[] = [];
  let distDir: string | undefined;
  let apis: ApiProcess[] = [];
  let webUrl = '';
  let browser: Browser | undefined;

  before(async () => {
    assert.deepEqual(missing, [], `CI=true, so these must be there: ${missing.join(', ')}`);
    psql(`create database ${database}`);
    const databaseUrl = new URL(POSTGRES_URL);
    databaseUrl.pathname = `/${database}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL,
      STOREFRONT_CLIENT_SECRET: clientSecret,
      SESSION_SECRET: randomBytes(36).toString('base64url'),
      DATA_DIR: workDir,
      ...PROXY_TRUST,
    };
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', join(API_DIR, 'src', 'seed', 'cli.ts')], { cwd: REPO_DIR, env, encoding: 'utf8' });
    assert.equal(seeded.status, 0, seeded.stderr);

    apis = [startApi('api1', await freePort(), env), startApi('api2', await freePort(), env)];
    children.push(...apis.map((api) => api.child));
    for (const api of apis) await waitForHttp(`${api.url}/health/ready`, api.child);

    const [apiBalancer, webBalancer] = [await freePort(), await freePort()];
    distDir = preparedBuild();
    const webEnv: NodeJS.ProcessEnv = { ...env, NODE_ENV: 'production', API_URL: `http://127.0.0.1:${apiBalancer}`, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: distDir };
    const webs = [startWeb(await freePort(), webEnv), startWeb(await freePort(), webEnv)];
    children.push(...webs.map((web) => web.child));
    const haproxy = startHaproxy(
      workDir,
      haproxyConfig([
        { name: 'api', port: apiBalancer, backends: apis, check: '/health/ready' },
        { name: 'web', port: webBalancer, backends: webs.map((web, index) => ({ name: `web${index + 1}`, url: web.url })) },
      ]),
    );
    children.push(haproxy);
    for (const web of webs) await waitForHttp(`${web.url}/login/`, web.child);
    webUrl = `http://127.0.0.1:${webBalancer}`;
    await waitForHttp(`${webUrl}/login/`, haproxy);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'], headless: true });
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    for (const child of children.reverse()) await child.stop();
    if (!skip) psql(`drop database if exists ${database} with (force)`);
    rmSync(workDir, { recursive: true, force: true });
    if (distDir) rmSync(join(WEB_DIR, distDir), { recursive: true, force: true });
  });

  it('a customer signs in, browses, fills a cart and checks out, with requests spread over both processes of each tier', { timeout: 300_000 }, async (t) => {
    assert.ok(browser);
    const context = await browser.newContext({ baseURL: webUrl });
    const page: Page = await context.newPage();
    /** The storefront process that answered each request the browser made to the shop. */
    const servedBy: string[] = [];
    page.on('response', (response) => {
      const by = response.headers()['x-served-by'];
      if (by && response.url().startsWith(webUrl)) servedBy.push(by);
    });
    const apiBefore = apis.map((api) => api.requests());

    await page.goto('/login/');
    await page.getByLabel('Email address').fill('solo@example.com');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/login')), page.getByRole('button', { name: 'Sign in' }).click()]);
    await page.waitForLoadState('networkidle');

    await page.goto('/search/milk/');
    const card = firstOrderableCard(page);
    await card.waitFor();
    const units = await headerUnits(page);
    await card.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForFunction((before) => Number(document.querySelector('[data-testid="cart-count"] span')?.textContent?.trim()) > before, units, { timeout: 15_000 });

    await page.goto('/cart/');
    await page.getByRole('link', { name: 'Go to checkout' }).click();
    await page.waitForURL('**/cart/checkout/');
    const dates = page.getByLabel('Delivery date');
    const options = await dates.locator('option:not([disabled])').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value).filter(Boolean));
    assert.ok(options.length > 0, 'the API offers delivery dates');
    await dates.selectOption(options[0] ?? '');
    await page.locator('#requestedDeliveryDate-status').getByText('Saved').waitFor();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL('**/cart/confirmation/**');
    await page.getByRole('heading', { name: 'Thank you: your order is placed' }).waitFor();
    await waitForHeaderUnits(page, 0);
    await context.close();

    // Consecutive requests of one shopper landed on different storefront processes, and the session
    // (an encrypted cookie) was good on either.
    assert.deepEqual([...new Set(servedBy)].sort(), ['web1', 'web2'], `storefront processes seen: ${servedBy.join(',')}`);
    const switches = servedBy.filter((by, index) => index > 0 && by !== servedBy[index - 1]).length;
    assert.ok(switches >= servedBy.length / 4, `only ${switches} of ${servedBy.length} consecutive requests changed process: ${servedBy.join(',')}`);
    // Behind the storefronts, both API processes served the journey's API calls.
    const apiServed = apis.map((api, index) => api.requests() - (apiBefore[index] ?? 0));
    t.diagnostic(`storefront: ${servedBy.length} requests, ${switches} changes of process between consecutive ones; API requests per process: ${apiServed.join(', ')}`);
    assert.ok(apiServed.every((count) => count > 0), `API requests per process during the journey: ${apiServed.join(', ')}`);
  });

  it('shares sign-in limits through Redis: failures counted by one API process are refused by the other', { timeout: 120_000 }, async (t) => {
    // An address and an account of this run only, so the counters are the run's own in a shared Redis.
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const username = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const attempt = async (api: Backend) => {
      const response = await fetch(`${api.url}/authorizationserver/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`storefront:${clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': address,
        },
        body: new URLSearchParams({ grant_type: 'password', username, password: 'not-the-password', channel: 'cfi' }).toString(),
      });
      return { status: response.status, body: (await response.json()) as { error_description?: string } };
    };
    const [first, second] = apis;
    assert.ok(first && second);
    let failures = 0;
    for (;;) {
      const answer = await attempt(first);
      if (refused(answer.status, answer.body)) break;
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      failures += 1;
      assert.ok(failures <= 200, 'the first API process never refused');
    }
    // The second process has not seen one of these failures itself: it refuses only if the count is shared.
    const other = await attempt(second);
    t.diagnostic(`api1 refused after ${failures} failures; api2 then answered ${other.status}`);
    assert.ok(refused(other.status, other.body), `after ${failures} failures at api1, api2 answered ${other.status} ${JSON.stringify(other.body)}`);
  });
});
