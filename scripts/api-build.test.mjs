/**
 * Issue 21: two `npm start` in one checkout at the same second. Each builds the API (api/build.mjs) and then
 * runs api/dist/main.js; the second build deleted the dist the first was about to run. These run the real
 * build twice at once over a dist another start is using, and look at what `node api/dist/main.js` would find.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const apiDir = fileURLToPath(new URL('../api/', import.meta.url));
const entry = join(apiDir, 'dist', 'main.js');
const migrations = JSON.parse(readFileSync(join(apiDir, 'drizzle', 'meta', '_journal.json'), 'utf8')).entries.map((migration) => `${migration.tag}.sql`);

function run(args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: apiDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** What is missing from the build `node api/dist/main.js` would run now (the bundle and its migrations); '' when whole. */
function missingFromDist() {
  let bundle = entry;
  try {
    // The entry may be the bundle itself or a one-line module importing it.
    const imported = /^import '(\.\/[^']+)';\s*$/.exec(readFileSync(entry, 'utf8'));
    if (imported?.[1]) bundle = join(dirname(entry), imported[1]);
  } catch {
    return 'api/dist/main.js';
  }
  if (!existsSync(bundle)) return bundle;
  const folder = join(dirname(bundle), 'drizzle');
  return [join('meta', '_journal.json'), ...migrations].map((file) => join(folder, file)).find((path) => !existsSync(path)) ?? '';
}

/** A start: the build, then the API it built, stopped right after loading by a setting it refuses. */
async function start() {
  const built = await run(['build.mjs']);
  assert.equal(built.code, 0, built.output);
  return run([entry], { LOG_LEVEL: 'not-a-level' });
}

test('two starts building at once each run a whole build, and one already built stays whole meanwhile', { timeout: 180_000 }, async () => {
  assert.equal((await run(['build.mjs'])).code, 0);
  const seen = new Set();
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const missing = missingFromDist();
      if (missing) seen.add(missing);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const runs = await Promise.all([start(), start()]);
  watching = false;
  await watch;
  assert.deepEqual([...seen], [], 'a start reading api/dist during the builds would have found these missing');
  for (const { code, output } of runs) {
    // The API loaded its whole bundle and stopped at its configuration: no module was missing.
    assert.equal(code, 1, output);
    assert.match(output, /Invalid configuration[\s\S]*LOG_LEVEL/);
    assert.doesNotMatch(output, /ERR_MODULE_NOT_FOUND|Cannot find/);
  }
});
