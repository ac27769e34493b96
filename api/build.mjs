// Bundles the API into one ES module for `npm start`: dependencies stay in node_modules (packages: 'external'),
// so start-up reads one file of our own code instead of resolving hundreds of TypeScript modules through tsx.
// The migrations travel beside the bundle, where db/client.ts looks for them.
//
// Two starts in one checkout may build at the same moment, one of them already running what it built. So a
// build never deletes or rewrites a build: each goes to a folder of its own, dist/build-XXXXXX/, and then
// dist/main.js, one line importing that folder's bundle, is replaced by a rename (atomic), so `node
// dist/main.js` always finds a whole build. Builds older than a few minutes and no longer named go.
import { cp, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Long enough for any start that read the old dist/main.js to have loaded its bundle and migrations. */
const KEEP_REPLACED_MS = 10 * 60_000;

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');

await mkdir(dist, { recursive: true });
const out = await mkdtemp(join(dist, 'build-'));
await build({
  entryPoints: [join(here, 'src/main.ts')],
  outfile: join(out, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp(join(here, 'drizzle'), join(out, 'drizzle'), { recursive: true });

const entry = join(dist, 'main.js');
const staged = `${entry}.${basename(out)}`;
await writeFile(staged, `import './${basename(out)}/main.js';\n`);
await rename(staged, entry);

const now = Date.now();
for (const name of await readdir(dist)) {
  const path = join(dist, name);
  if (path === entry || path === out) continue;
  const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: now }));
  if (now - mtimeMs > KEEP_REPLACED_MS) await rm(path, { recursive: true, force: true });
}
console.log(`built ${join('api', 'dist', basename(out), 'main.js')} with its migrations; api/dist/main.js runs it`);
