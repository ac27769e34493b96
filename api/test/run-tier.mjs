// Runs one tier of the API's tests (docs/testing.md):
//   unit      files that reach no database (found by their imports): pure rules, seconds
//   api       every other file, on PostgreSQL where one answers (TEST_DATABASE_URL, or the local server on
//             127.0.0.1:5432); where none answers, nothing here: the embedded tier then runs them all
//   embedded  on PGlite, the files tagged `// test:api:embedded: <why>` on their first line; all database files
//             where no PostgreSQL answers
// `--list` prints the files instead of running them; further arguments narrow the files to those named.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { bundleTests } from './bundle-tests.mjs';

const testDir = dirname(fileURLToPath(import.meta.url));
const apiDir = dirname(testDir);
const DATABASE_SUPPORT = new Set(['support/test-database.ts', 'support/test-server.ts'].map((file) => join(testDir, file)));
const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
/** Files at once: a file spends much of its time waiting on the database server or on timers, not on a core. */
const CONCURRENCY = Number(process.env.TEST_CONCURRENCY ?? 3);

const [tier, ...rest] = process.argv.slice(2);
const listOnly = rest.includes('--list');
const only = rest.filter((arg) => arg !== '--list').map((arg) => resolve(arg));

/**
 * Files that take far longer than the rest (fuzz-routes: about three minutes of the tier's five), started first:
 * a long file started late runs on alone at the end while the other slots stand empty. Every other file keeps its
 * name order. (node sorts the paths it is given; bundleTests numbers the bundles' folders to keep this order.)
 */
const LONGEST_FIRST = ['fuzz-routes.test.ts'];

/** `files` with the known long ones moved to the front, otherwise in the same order. */
function longestFirst(files) {
  const rank = (file) => {
    const index = LONGEST_FIRST.indexOf(relative(testDir, file));
    return index === -1 ? LONGEST_FIRST.length : index;
  };
  return files.map((file, index) => ({ file, index })).sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index).map(({ file }) => file);
}

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? testFiles(join(dir, entry.name)) : entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : []))
    .sort();
}

function relativeImports(file) {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]/gms)].map((match) => match[1]);
  return specifiers.map((specifier) => {
    const target = resolve(dirname(file), specifier);
    return target.endsWith('.ts') ? target : `${target}.ts`;
  });
}

/** A file needs a database when it, or a support file it imports, reaches the test database or test server. */
function needsDatabase(file, seen = new Set()) {
  if (DATABASE_SUPPORT.has(file)) return true;
  if (seen.has(file)) return false;
  seen.add(file);
  return relativeImports(file)
    .filter((target) => target.startsWith(testDir))
    .some((target) => needsDatabase(target, seen));
}

const isTaggedEmbedded = (file) => /^\/\/ test:api:embedded: /.test(readFileSync(file, 'utf8'));

async function postgresUrl() {
  const url = process.env.TEST_DATABASE_URL ?? LOCAL_SERVER;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    if (process.env.TEST_DATABASE_URL) throw new Error(`TEST_DATABASE_URL does not answer: ${url}`);
    return undefined;
  }
}

async function run(files, env, label) {
  if (files.length === 0) {
    console.log(`== ${label}: no files ==`);
    return 0;
  }
  console.log(`== ${label}: ${files.length} files ==`);
  if (listOnly) {
    for (const file of files) console.log(relative(apiDir, file));
    return 0;
  }
  const { bundles, remove } = await bundleTests(apiDir, files);
  try {
    const result = spawnSync(process.execPath, ['--enable-source-maps', '--test', `--test-concurrency=${CONCURRENCY}`, ...bundles.map((file) => relative(apiDir, file))], {
      cwd: apiDir,
      stdio: 'inherit',
      env,
    });
    return result.status ?? 1;
  } finally {
    remove();
  }
}

const all = longestFirst(testFiles(testDir).filter((file) => only.length === 0 || only.includes(file)));
const database = all.filter((file) => needsDatabase(file));
const embeddedEnv = { ...process.env };
delete embeddedEnv.TEST_DATABASE_URL;

let status;
if (tier === 'unit') {
  status = await run(all.filter((file) => !database.includes(file)), process.env, 'unit tests (no database)');
} else if (tier === 'api') {
  const url = await postgresUrl();
  if (url) status = await run(database, { ...process.env, TEST_DATABASE_URL: url }, `API tests on PostgreSQL (${new URL(url).host})`);
  else if (process.env.CI === 'true') {
    console.error('No PostgreSQL answers (TEST_DATABASE_URL or 127.0.0.1:5432): in CI the API suite must run on it');
    status = 1;
  } else {
    console.log('== API tests: no PostgreSQL answers; the embedded tier runs them all on PGlite ==');
    status = 0;
  }
} else if (tier === 'embedded') {
  const onPostgres = (await postgresUrl()) !== undefined;
  status = onPostgres
    ? await run(database.filter(isTaggedEmbedded), embeddedEnv, 'API tests whose behaviour depends on the engine, on PGlite')
    : await run(database, embeddedEnv, 'API tests on PGlite (no PostgreSQL answers: the whole suite)');
} else {
  console.error('usage: node test/run-tier.mjs unit|api|embedded [--list] [files…]');
  status = 2;
}
process.exit(status);
