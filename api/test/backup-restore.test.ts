import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { selectRows } from '../src/catalogue/sql-rows';
import { openDatabase } from '../src/db/client';
import { MULTI_DAIR, SOLO, shopper, type Shopper } from './support/cart-helpers';
import { cameraJpeg, deliveredOrder, uploadPhoto } from './support/checkin-helpers';
import { integrationEnv, integrationToken } from './support/integration-client';
import { placeTestOrder } from './support/order-helpers';
import { createEmptyServerDatabase, serverDatabaseUrl } from './support/test-database';
import { BASE, startTestServer, type TestServer } from './support/test-server';

const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL;

/** What a customer sees of the shop, through real HTTP: compared before the dump and after the restore. */
async function customerView(server: TestServer, who: Shopper, orderCode: string, photoPath: string) {
  const user = await who.call('GET', '/users/current', { scoped: false });
  const order = await who.call('GET', `/users/current/orders/${orderCode}`, { scoped: false });
  const history = await who.call('GET', '/users/current/orders');
  const search = await who.call('GET', '/products/search?query=milk&pageSize=50');
  const photo = await server.request(photoPath, { token: who.token });
  assert.deepEqual([user.status, order.status, history.status, search.status, photo.status], [200, 200, 200, 200, 200]);
  // Signing in on the copy is that user's second sign-in, so only whether it is their first may differ.
  const { firstSignIn: _first, ...userView } = user.body as Record<string, unknown>;
  return {
    user: userView,
    order: order.body,
    history: history.body,
    search: search.body,
    photo: Buffer.from(await photo.arrayBuffer()).toString('base64'),
  };
}

/** Rows per table of the public schema, so a table the restore lost or left empty shows by name. */
async function rowCounts(server: TestServer): Promise<Record<string, number>> {
  const tables = await selectRows<{ name: string }>(server.database.db, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await selectRows<{ n: number }>(server.database.db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = row?.n ?? -1;
  }
  return counts;
}

/**
 * docs/operations.md "Backup and restore", done as written there: pg_dump of a database the shop wrote to,
 * pg_restore into a new empty database, and the API started on the copy serves the same data and keeps working.
 */
describe('backup and restore: pg_dump, then pg_restore into an empty database', { skip: serverUrl ? false : 'needs a PostgreSQL server (TEST_DATABASE_URL) and its client tools' }, () => {
  it('brings back the orders, customers, products and photos, and the API works on the copy', { timeout: 240_000 }, async (t) => {
    assert.ok(serverUrl);
    const workDir = await mkdtemp(join(tmpdir(), 'mv-backup-'));
    const env = integrationEnv();
    const source = await startTestServer({ env });
    let restoredServer: TestServer | undefined;
    const restored = await createEmptyServerDatabase(serverUrl);
    try {
      const sourceUrl = serverDatabaseUrl(source.database);
      assert.ok(sourceUrl);
      // pg_dump refuses a server of a later major version than its own: the diagnostic shows both.
      const { stdout: version } = await run('pg_dump', ['--version']);
      const [server] = await selectRows<{ version: string }>(source.database.db, sql`select current_setting('server_version') as version`);
      t.diagnostic(`${version.trim()}; server ${server?.version ?? '?'}`);

      const solo = await shopper(source, SOLO);
      const order = await deliveredOrder(source, await integrationToken(source), solo, [2, 1]);
      const photo = await uploadPhoto(source, solo, order.code, await cameraJpeg());
      assert.equal(photo.status, 201, JSON.stringify(photo.body));
      const photoPath = `${BASE}/users/current/orders/${order.code}/checkin/photos/${String(photo.body.id)}`;
      const before = await customerView(source, solo, order.code, photoPath);
      const countsBefore = await rowCounts(source);
      assert.ok((countsBefore.orders ?? 0) > 0 && (countsBefore.checkin_photos ?? 0) > 0, JSON.stringify(countsBefore));

      const dump = join(workDir, 'meadowvale.dump');
      await run('pg_dump', ['--format=custom', `--file=${dump}`, `--dbname=${sourceUrl}`]);
      assert.ok((await stat(dump)).size > 0);
      await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restored.url}`, dump]);

      const copy = await openDatabase({ kind: 'postgres', url: restored.url, poolSize: 5 });
      // As at any start-up: the restored schema is current, so nothing is applied.
      await copy.migrate();
      restoredServer = await startTestServer({ env, database: copy });
      assert.deepEqual(await rowCounts(restoredServer), countsBefore);

      // A fresh sign-in checks the restored password hashes and client; the view is the customer's.
      const soloAgain = await shopper(restoredServer, SOLO);
      const after = await customerView(restoredServer, soloAgain, order.code, photoPath);
      assert.deepEqual(after, before);

      // The copy takes new work: the sequences came back too, so a new order gets a new code.
      const multi = await shopper(restoredServer, MULTI_DAIR);
      const another = await placeTestOrder(restoredServer, multi, [1]);
      assert.notEqual(another.code, order.code);
      assert.equal((await multi.call('GET', `/users/current/orders/${another.code}`, { scoped: false })).status, 200);
    } finally {
      if (restoredServer) await restoredServer.close();
      await restored.drop();
      await source.close();
      await rm(workDir, { recursive: true, force: true });
    }
  });
});
