// Bundles the API into one ES module for `npm start`: dependencies stay in node_modules (packages: 'external'),
// so start-up reads one file of our own code instead of resolving hundreds of TypeScript modules through tsx.
// The migrations travel beside it, where db/client.ts looks for them.
import { cp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');

await rm(dist, { recursive: true, force: true });
await build({
  entryPoints: [join(here, 'src/main.ts')],
  outfile: join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp(join(here, 'drizzle'), join(dist, 'drizzle'), { recursive: true });
console.log(`built ${join('api', 'dist', 'main.js')} and copied the migrations to ${join('api', 'dist', 'drizzle')}`);
