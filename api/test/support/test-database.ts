import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../../src/db/client';
import { seedDemoData } from '../../src/seed/seed';

/**
 * A database of the test file's own, built from the real migrations and the demo data: an in-memory
 * PGlite by default, or a fresh database on the server named by TEST_DATABASE_URL (dropped on close).
 */
export async function createTestDatabase(options: { seed?: boolean; products?: number } = {}): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (serverUrl) {
    const name = `mv_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    database = await openDatabase({ kind: 'pglite' });
  }
  await migrateDatabase(database);
  if (options.seed !== false) await seedDemoData(database.db, { products: options.products });
  if (!dropDatabase) return database;
  const drop = dropDatabase;
  return {
    ...database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}
