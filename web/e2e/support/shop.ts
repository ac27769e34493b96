import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { unsealData } from 'iron-session';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { preparedApi, seededDataDir } from './api-build';
import { leaseApiHost, type ApiHost } from './api-host';
import { preparedBuild } from './build';
import { CHROMIUM, REPO_DIR, WEB_DIR } from './paths';
import { freePort, startChild, waitForHttp, type Child } from './processes';

export const DEMO_PASSWORD = 'Meadowvale-demo-1';
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

export interface ShopOptions {
  /** Short-lived access tokens, to exercise refresh and expiry. */
  accessTokenTtlSeconds?: number;
  /** Extra environment for the storefront (e.g. E2E_HOOKS=1 for the crash route). */
  webEnv?: Record<string, string>;
  /**
   * Where the storefront listens (default 127.0.0.1). '::' takes both loopbacks, so a page opened at
   * http://[::1]:port is a second shopper with an address of its own (127.0.0.1 and ::1).
   */
  webHostname?: string;
  /** Extra environment for the API (e.g. TEST_CLOCK_CONTROL=true for PUT /test/clock). */
  apiEnv?: Record<string, string>;
  /** Where the storefront is told the API is, given where it is (e.g. a recorder in between); default: there. */
  webApiUrl?: (apiUrl: string) => Promise<string>;
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** console.error messages this test expects (anything else fails it). */
  allowConsoleErrors?: RegExp[];
  /** Share cookies with an earlier page. */
  context?: BrowserContext;
  /** false: the browser runs no script at all (progressive enhancement checks). */
  javaScriptEnabled?: boolean;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

/** The document title once the streamed metadata has arrived (soft navigations set it a moment later). */
export async function titleOf(page: Page): Promise<string> {
  await page.waitForFunction(() => document.title !== '');
  return page.title();
}

/** The document title once it reads `expected`; after a soft navigation the old or empty title lingers for a moment. */
export async function titleBecomes(page: Page, expected: string): Promise<string> {
  await page.waitForFunction((title) => document.title === title, expected, { timeout: 10_000 }).catch(() => undefined);
  return page.title();
}

export interface Shop {
  baseUrl: string;
  apiUrl: string;
  dataDir: string;
  secrets: { storefrontClientSecret: string; sessionSecret: string };
  newPage(options?: PageOptions): Promise<Page>;
  /** Throws when a page of this test logged a console.error it did not allow; closes the test's pages. */
  finishTest(): Promise<void>;
  signIn(page: Page, username: string, password?: string): Promise<void>;
  /** The tokens inside a page's session cookie (opened with the demo session secret). */
  sessionTokens(page: Page): Promise<SessionTokens | undefined>;
  /** Stops the API, runs `whileDown` (an outage), then starts the API again at the same address. */
  withApiDown(whileDown: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

const BROWSER_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** An API over `dataDir`, inside the leased host when there is one (support/api-host.ts), else a process of its own. */
async function startApi(dataDir: string, options: ShopOptions, host: ApiHost | undefined, port?: number): Promise<{ stop: () => Promise<void>; url: string; port: number }> {
  port ??= await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.STOREFRONT_CLIENT_SECRET;
  delete env.SESSION_SECRET;
  if (options.accessTokenTtlSeconds) env.ACCESS_TOKEN_TTL_SECONDS = String(options.accessTokenTtlSeconds);
  Object.assign(env, options.apiEnv);
  const url = `http://127.0.0.1:${port}`;
  if (host) return { ...(await host.start(env)), url, port };
  const child = startChild(process.execPath, [preparedApi()], { cwd: REPO_DIR, env });
  await waitForHttp(`${url}/health/ready`, child);
  return { stop: () => child.stop(), url, port };
}

async function startWeb(apiUrl: string, dataDir: string, distDir: string, options: ShopOptions): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    API_URL: apiUrl,
    DATA_DIR: dataDir,
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: distDir,
    ...options.webEnv,
  };
  delete env.STOREFRONT_CLIENT_SECRET;
  delete env.SESSION_SECRET;
  const child = startChild(process.execPath, [join(WEB_DIR, 'server.mjs'), '-p', String(port), '-H', options.webHostname ?? '127.0.0.1'], { cwd: WEB_DIR, env });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/login/`, child);
  return { child, url };
}

/**
 * The storefront's production build and the API's bundle over a copy of the seeded demo database (embedded), on
 * free ports, with a headless Chromium. One per test file.
 */
export async function startShop(options: ShopOptions = {}): Promise<Shop> {
  const distDir = preparedBuild();
  preparedApi();
  const host = await leaseApiHost();
  let dataDir: string;
  try {
    dataDir = await seededDataDir((emptyDir) => startApi(emptyDir, {}, host));
  } catch (error) {
    host?.release();
    rmSync(join(WEB_DIR, distDir), { recursive: true, force: true });
    throw error;
  }
  // The three start side by side: the storefront needs only the API's address, not an answer from it.
  const apiPort = await freePort();
  const [api, web, browser] = await Promise.allSettled([
    startApi(dataDir, options, host, apiPort),
    (async () => startWeb(options.webApiUrl ? await options.webApiUrl(`http://127.0.0.1:${apiPort}`) : `http://127.0.0.1:${apiPort}`, dataDir, distDir, options))(),
    chromium.launch({ executablePath: CHROMIUM, args: BROWSER_FLAGS, headless: true }),
  ]);
  if (api.status === 'rejected' || web.status === 'rejected' || browser.status === 'rejected') {
    if (browser.status === 'fulfilled') await browser.value.close();
    if (web.status === 'fulfilled') await web.value.child.stop();
    if (api.status === 'fulfilled') await api.value.stop();
    host?.release();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(join(WEB_DIR, distDir), { recursive: true, force: true });
    throw [api, web, browser].flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []))[0];
  }
  const secrets = JSON.parse(readFileSync(join(dataDir, 'demo-secrets.json'), 'utf8')) as Shop['secrets'];
  const openBrowser = browser.value;
  const webChild = web.value.child;
  let stopApi = api.value.stop;
  let pages: { page: Page; errors: string[]; allowed: RegExp[]; ownContext?: BrowserContext }[] = [];

  const shop: Shop = {
    baseUrl: web.value.url,
    apiUrl: api.value.url,
    dataDir,
    secrets,
    async newPage(pageOptions = {}) {
      const ownContext = pageOptions.context ? undefined : await openBrowser.newContext({ viewport: pageOptions.viewport ?? DESKTOP, baseURL: web.value.url, javaScriptEnabled: pageOptions.javaScriptEnabled ?? true });
      const context = pageOptions.context ?? ownContext;
      if (!context) throw new Error('no browser context');
      const page = await context.newPage();
      if (pageOptions.viewport) await page.setViewportSize(pageOptions.viewport);
      const entry = { page, errors: [] as string[], allowed: pageOptions.allowConsoleErrors ?? [], ownContext };
      page.on('console', (message) => {
        if (message.type() === 'error') entry.errors.push(`${message.text()} [${message.location().url}]`);
      });
      page.on('pageerror', (error) => entry.errors.push(`pageerror: ${error.message}`));
      pages.push(entry);
      return page;
    },
    async finishTest() {
      const unexpected = pages.flatMap((entry) => entry.errors.filter((text) => !entry.allowed.some((pattern) => pattern.test(text))));
      for (const entry of pages) await (entry.ownContext ?? entry.page).close();
      pages = [];
      if (unexpected.length > 0) throw new Error(`console.error in the page:\n${unexpected.join('\n')}`);
    },
    async signIn(page, username, password = DEMO_PASSWORD) {
      await page.goto('/login/');
      await page.getByLabel('Email address').fill(username);
      await page.getByLabel('Password').fill(password);
      await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/login')), page.getByRole('button', { name: 'Sign in' }).click()]);
      // The address changes before the signed-in page has settled: a refresh of the page the sign-in led to can
      // still be under way, and with it a whole-page load, which would drop whatever the test did on it first.
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => {
        const main = document.getElementById('main');
        return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
      }, undefined, { polling: 50 });
    },
    async sessionTokens(page) {
      const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'mv_session');
      if (!cookie?.value) return undefined;
      const data = await unsealData<{ tokens?: SessionTokens }>(cookie.value, { password: secrets.sessionSecret, ttl: 30 * 24 * 3600 });
      return data.tokens;
    },
    async withApiDown(whileDown) {
      await stopApi();
      try {
        await whileDown();
      } finally {
        stopApi = (await startApi(dataDir, options, host, apiPort)).stop;
      }
    },
    async close() {
      await openBrowser.close().catch(() => undefined);
      await webChild.stop();
      await stopApi();
      host?.release();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(join(WEB_DIR, distDir), { recursive: true, force: true });
    },
  };
  return shop;
}
