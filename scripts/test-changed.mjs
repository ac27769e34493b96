// The fast loop (docs/testing.md): runs the tests that the files changed against `main` (committed or not) can
// affect. API tests are found by their imports (a test runs when it reaches a changed file other than through the
// composition root, app.ts, which reaches everything) and by their names (`approvals-*.test.ts` for a change in
// api/src/approvals/); storefront unit tests by their imports; browser tests by the pages changed (a test file runs
// when it opens that page's path). `--list` only prints them.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const listOnly = process.argv.includes('--list');
const base = process.argv.find((arg, index) => index > 1 && !arg.startsWith('--')) ?? 'main';

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = new Set(
  [...git('diff', '--name-only', git('merge-base', 'HEAD', base)[0] ?? base), ...git('ls-files', '--others', '--exclude-standard')].map((file) => join(root, file)),
);

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function importsOf(file) {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:from|import)\s*\(?\s*['"]((?:\.|@\/)[^'"]+)['"]/g)].flatMap(([, specifier]) => {
    const target = specifier.startsWith('@/') ? join(root, 'web/src', specifier.slice(2)) : resolve(dirname(file), specifier);
    return [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')].filter((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  });
}

const COMPOSITION_ROOTS = new Set(['api/src/app.ts', 'api/src/main.ts'].map((file) => join(root, file)));

/** Whether `file` is changed or imports, through any chain short of the composition root, a changed file. */
function reachesChange(file, memo = new Map()) {
  if (COMPOSITION_ROOTS.has(file)) return changed.has(file);
  if (memo.has(file)) return memo.get(file);
  memo.set(file, false);
  const result = changed.has(file) || importsOf(file).some((target) => reachesChange(target, memo));
  memo.set(file, result);
  return result;
}

const memo = new Map();
/** `api/src/approvals/limits.ts` → approvals, approval: the prefixes of the test files named for that module. */
const modulePrefixes = [...changed].flatMap((file) => {
  const [folder] = relative(join(root, 'api/src'), file).split('/');
  if (!folder || folder.startsWith('..') || folder.endsWith('.ts')) return [];
  return [folder, folder.replace(/s$/, ''), folder.split('-')[0]];
});
const namedFor = (file) => modulePrefixes.some((prefix) => relative(join(root, 'api/test'), file).startsWith(`${prefix}-`));
const apiTests = sourceFiles(join(root, 'api/test')).filter((file) => file.endsWith('.test.ts') && (namedFor(file) || reachesChange(file, memo)));
const webUnitTests = sourceFiles(join(root, 'web/e2e')).filter((file) => file.endsWith('-units.test.ts') && reachesChange(file, memo));

/** The URL path of a changed page (`web/src/app/account/orders/[code]/page.tsx` → `/account/orders`). */
function pagePath(file) {
  const inApp = relative(join(root, 'web/src/app'), file);
  if (inApp.startsWith('..')) return undefined;
  const segments = [];
  for (const segment of dirname(inApp).split('/')) {
    if (segment === '.' || segment.startsWith('(')) continue;
    if (segment.startsWith('[')) break;
    segments.push(segment);
  }
  return segments.length > 0 ? `/${segments.join('/')}` : undefined;
}

const paths = [...changed].map(pagePath).filter(Boolean);
const browserTests = sourceFiles(join(root, 'web/e2e')).filter((file) => {
  if (!file.endsWith('.test.ts') || file.endsWith('-units.test.ts')) return false;
  if (changed.has(file)) return true;
  const text = readFileSync(file, 'utf8');
  return paths.some((path) => text.includes(`'${path}/`) || text.includes(`'${path}'`) || text.includes(`\`${path}/`));
});

const show = (label, files) => console.log(`== ${label}: ${files.length === 0 ? 'none' : files.map((file) => relative(root, file)).join(' ')}`);
show('API tests', apiTests);
show('storefront unit tests', webUnitTests);
show('browser tests', browserTests);
if (listOnly) process.exit(0);

const run = (command, args, cwd) => spawnSync(command, args, { cwd, stdio: 'inherit' }).status ?? 1;
let status = 0;
if (apiTests.length > 0) {
  const files = apiTests.map((file) => relative(join(root, 'api'), file));
  for (const tier of ['unit', 'api', 'embedded']) status ||= run(process.execPath, ['test/run-tier.mjs', tier, ...files], join(root, 'api'));
}
const webFiles = [...webUnitTests, ...browserTests].map((file) => relative(join(root, 'web'), file));
if (status === 0 && webFiles.length > 0) status = run(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...webFiles], join(root, 'web'));
process.exit(status);
