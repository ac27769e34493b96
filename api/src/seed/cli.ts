import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/client';
import { seedDemoData } from './seed';

/** `npm run seed [-- --products 100000]`: migrates, then writes the demo data (idempotent). */
const { values } = parseArgs({ options: { products: { type: 'string' } } });
const productCount = values.products === undefined ? undefined : Number(values.products);
if (productCount !== undefined && (!Number.isInteger(productCount) || productCount < 1)) {
  console.error('--products must be a positive whole number');
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 } : { kind: 'pglite', dataDir: config.dataDir },
);
const started = performance.now();
await database.migrate();
await seedDemoData(database.db, { products: productCount });
console.log(`seeded ${database.engine} in ${Math.round(performance.now() - started)} ms`);
await database.close();
