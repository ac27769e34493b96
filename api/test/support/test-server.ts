import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app';
import type { PasswordCheck } from '../../src/auth/passwords';
import { loadConfig, type Config } from '../../src/config/config';
import type { Database } from '../../src/db/client';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts';
import { createTestDatabase } from './test-database';

export const TEST_CLIENT = { id: 'storefront', secret: 'test-storefront-secret-0123456789' };
export const BASE = '/occ/v2/b2b';

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** http://127.0.0.1:port */
  url: string;
  /** fetch against the server; `path` starts with '/'. */
  request(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  /** A password-grant access token for a demo user, through the real token endpoint. */
  tokenFor(username: string, password?: string): Promise<string>;
  clientToken(): Promise<string>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  database?: Database;
  seed?: boolean;
  products?: number;
  /** Replaces the argon2 check, e.g. to count how many passwords were checked. */
  checkPassword?: PasswordCheck;
  /** Pino options, e.g. a stream a test reads the log lines from; silent by default. */
  logger?: AppDeps['logger'];
}

/** A real API on a real port over a database of its own. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase({ seed: options.seed, products: options.products }));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    API_PORT: '0',
    STOREFRONT_CLIENT_ID: TEST_CLIENT.id,
    STOREFRONT_CLIENT_SECRET: TEST_CLIENT.secret,
    // The test and the server share one event loop on a shared machine: only the load-shedding test sheds.
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  const app = await buildApp({ config, database, checkPassword: options.checkPassword, logger: options.logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Searches answer from SQL until the search index is built; tests exercise the index.
  await app.state.searchIndex?.firstBuild;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  const request = (path: string, init: RequestInit & { token?: string } = {}) => {
    const { token, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (rest.body !== undefined && typeof rest.body === 'string' && !headers.has('content-type')) {
      headers.set('content-type', 'application/json');
    }
    return fetch(url + path, { ...rest, headers });
  };

  const grant = async (form: Record<string, string>) => {
    const response = await fetch(`${url}/authorizationserver/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${TEST_CLIENT.id}:${TEST_CLIENT.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    });
    const body = (await response.json()) as { access_token?: string };
    if (!response.ok || !body.access_token) throw new Error(`token request failed: ${response.status} ${JSON.stringify(body)}`);
    return body.access_token;
  };

  return {
    app,
    database,
    config,
    url,
    request,
    tokenFor: (username, password = DEMO_PASSWORD) => grant({ grant_type: 'password', username, password, channel: 'cfi' }),
    clientToken: () => grant({ grant_type: 'client_credentials' }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
