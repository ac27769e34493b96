import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { selectRows } from '../src/catalogue/sql-rows';
import { migrationsFolder, openDatabase } from '../src/db/client';
import { createEmptyServerDatabase } from './support/test-database';

const serverUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

/**
 * Every API process applies the migrations at start-up, and a deploy starts several at once (compose.yaml,
 * docs/operations.md "Migrations"): on an empty database, or with a new migration, they must not race.
 */
describe('migrations applied by several processes at once', { skip: serverUrl ? false : 'needs a PostgreSQL server (TEST_DATABASE_URL)' }, () => {
  it('succeed in every process and apply each migration once', async () => {
    assert.ok(serverUrl);
    const empty = await createEmptyServerDatabase(serverUrl);
    const processes = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ kind: 'postgres', url: empty.url, poolSize: 2 })));
    const [first, second] = processes;
    try {
      assert.ok(first && second);
      const outcomes = await Promise.allSettled(processes.map((database) => database.migrate()));
      assert.deepEqual(
        outcomes.map((outcome) => (outcome.status === 'fulfilled' ? 'applied' : String(outcome.reason))),
        ['applied', 'applied', 'applied', 'applied'],
      );
      const applied = async () => (await selectRows<{ n: number }>(first.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]?.n;
      assert.equal(await applied(), journal.entries.length);
      await second.migrate();
      assert.equal(await applied(), journal.entries.length, 'a later start-up applies nothing again');
    } finally {
      await Promise.all(processes.map((database) => database.close()));
      await empty.drop();
    }
  });
});
