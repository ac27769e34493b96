#!/usr/bin/env node
/**
 * Import benchmark: 100 000 products with the demo sold-tos' own prices, imported through the API
 * (POST /admin/v1/imports/products then /prices, CSV, real runs), beside the demo generator's seed of the same
 * catalogue (`npm run seed -- --products N`) in the same run. Prints both times, their ratio (target ≤ 2x) and
 * the API process's memory (resident now and at its peak, from /proc; again 15 s later, once its search index
 * has read the imported rows).
 *
 *   node bench/import.mjs [--products 100000] [--engine postgres|pglite] [--database-url postgres://postgres@127.0.0.1:5432/test]
 *
 * The files are built from the same generator the seed uses (api/src/seed/generate-catalogue.ts), so both
 * write the same rows. The import goes to a database holding the demo customers and categories (a one-product
 * seed), as a real first load of a catalogue would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { freePort, readRss, startProcess, waitForUrl } from './lib/process.mjs';
import { BENCH_INVOICE_ENV } from './lib/invoice-env.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    engine: { type: 'string', default: 'postgres' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const PRODUCTS = Number(args.products);
if (!Number.isInteger(PRODUCTS) || PRODUCTS < 1) throw new Error('--products must be a positive whole number');
if (!['postgres', 'pglite'].includes(args.engine)) throw new Error('--engine must be postgres or pglite');

const API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../api');
const CLIENT = { id: 'storefront', secret: 'bench-storefront-secret-0123456789' };
const SECRETS = { STOREFRONT_CLIENT_ID: CLIENT.id, STOREFRONT_CLIENT_SECRET: CLIENT.secret, SESSION_SECRET: 'bench-session-secret-0123456789-0123456789' };
const log = (message) => console.error(`[bench] ${message}`);

/** A fresh target per step: a PostgreSQL database (dropped afterwards) or a PGlite directory. */
async function freshTarget(label) {
  if (args.engine === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), `mv-bench-import-${label}-`));
    return { env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `mv_bench_import_${label}`;
  const admin = new pg.Client({ connectionString: args['database-url'] });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(args['database-url']);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    cleanup: async () => {
      const client = new pg.Client({ connectionString: args['database-url'] });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** `npm run seed -- --products n` as the README has it; answers the milliseconds it reports (migrations and all rows). */
async function seed(target, products) {
  const child = startProcess(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts', '--products', String(products)], { cwd: API_DIR, env: { ...target.env, ...SECRETS, LOG_LEVEL: 'warn' } });
  const { code } = await child.exited;
  const match = /seeded \w+ in (\d+) ms/.exec(child.output());
  if (code !== 0 || !match) throw new Error(`seed failed (${code}): ${child.output()}`);
  return Number(match[1]);
}

const cell = (value) => (/[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value));
const pounds = (pence) => `${Math.trunc(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/** The seed's catalogue as the two import files a back office would upload: the same products and prices the seed writes. */
async function importFiles(products) {
  const catalogue = await tsImport('../api/src/seed/generate-catalogue.ts', import.meta.url);
  const { demoPrices } = await tsImport('../api/src/seed/seed.ts', import.meta.url);
  const productLines = ['code,name,description,brand,range,category,packSize,packType,salesUnit,listPrice,vatRate,storage,storageText,shelfLifeDays,minOrderQuantity,stockStatus,featured,collections,active'];
  const generated = [];
  for (let i = 0; i < products; i++) {
    const p = catalogue.generateProduct(i);
    generated.push(p);
    productLines.push(
      [p.code, p.name, p.description, p.brand, p.range, p.categoryId, p.packSize, p.packType, p.salesUnit, pounds(p.listPricePence), p.vatRateBp / 100, p.storage, p.storageText, p.shelfLifeDays, p.minOrderQuantity, p.stockStatus, p.featured, p.collections.join(' '), !p.discontinued]
        .map(cell)
        .join(','),
    );
  }
  const priceLines = ['soldTo,product,price', ...demoPrices(generated).map((price) => `${price.soldToCode},${price.productCode},${pounds(price.pricePence)}`)];
  return { products: `${productLines.join('\n')}\n`, prices: `${priceLines.join('\n')}\n`, priceRows: priceLines.length - 1 };
}

async function operatorToken(base) {
  const response = await fetch(`${base}/admin/v1/auth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@meadowvale.example', password: 'Meadowvale-demo-1' }),
  });
  const body = await response.json();
  if (!body.access_token) throw new Error(`operator sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

async function upload(base, token, kind, csv) {
  const started = performance.now();
  const response = await fetch(`${base}/admin/v1/imports/${kind}?fileName=bench-${kind}.csv`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body: csv });
  const report = await response.json();
  if (response.status !== 200 || report.outcome !== 'applied') throw new Error(`${kind} import failed (${response.status}): ${JSON.stringify(report).slice(0, 500)}`);
  return { ms: performance.now() - started, report };
}

log(`building the import files for ${PRODUCTS} products`);
const files = await importFiles(PRODUCTS);
log(`products.csv ${(files.products.length / 1048576).toFixed(1)} MB, prices.csv ${(files.prices.length / 1048576).toFixed(1)} MB (${files.priceRows} prices)`);

log(`reference: seed of ${PRODUCTS} products on ${args.engine}`);
const seedTarget = await freshTarget('seed');
let seedMs;
try {
  // Both sides start from a migrated database with the demo customers and categories, so neither counts migrations.
  await seed(seedTarget, 1);
  seedMs = await seed(seedTarget, PRODUCTS);
} finally {
  await seedTarget.cleanup();
}

log('import: customers and categories first (a one-product seed), then the API');
const importTarget = await freshTarget('api');
const port = await freePort();
let api;
try {
  await seed(importTarget, 1);
  api = startProcess(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: API_DIR, env: { ...importTarget.env, ...SECRETS, API_PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production', ...BENCH_INVOICE_ENV } });
  const base = `http://127.0.0.1:${port}`;
  await waitForUrl(`${base}/health/ready`, { process: api });
  const before = readRss(api.pid);
  const token = await operatorToken(base);
  const productRun = await upload(base, token, 'products', files.products);
  const priceRun = await upload(base, token, 'prices', files.prices);
  const after = readRss(api.pid);
  const importMs = productRun.ms + priceRun.ms;
  // The search index of the API reads the imported rows after each commit: its work (and memory) may outlast the upload.
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  const settled = readRss(api.pid);
  console.log(`engine ${args.engine}, ${PRODUCTS} products, ${files.priceRows} prices (the sold-tos' own, as the seed writes them)`);
  console.log(`seed (npm run seed -- --products ${PRODUCTS}, reference): ${(seedMs / 1000).toFixed(1)} s`);
  console.log(
    `import through the API: ${(importMs / 1000).toFixed(1)} s (products ${(productRun.ms / 1000).toFixed(1)} s: ${productRun.report.inserted} new, ${productRun.report.unchanged} unchanged; prices ${(priceRun.ms / 1000).toFixed(1)} s: ${priceRun.report.inserted} new)`,
  );
  console.log(`ratio import / seed: ${(importMs / seedMs).toFixed(2)}x (target ≤ 2x)`);
  console.log(`API memory: ${before.rssMiB.toFixed(0)} MiB before, ${after.rssMiB.toFixed(0)} MiB after, peak ${after.peakMiB.toFixed(0)} MiB (15 s later: ${settled.rssMiB.toFixed(0)} MiB, peak ${settled.peakMiB.toFixed(0)} MiB)`);
} finally {
  await api?.stop();
  await importTarget.cleanup();
}
