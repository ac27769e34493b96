// Bundles test files with esbuild before node runs them: one module of our own code per file (and chunks they
// share) loads in a fraction of the time tsx takes to resolve and compile the hundreds of TypeScript modules
// each file reaches (docs/testing.md). Dependencies stay in node_modules. `import.meta.url` keeps naming the
// source file, so paths found from it (migrations, fixtures) are the same as under tsx.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const keepSourceFileUrl = {
  name: 'source-file-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

/** Where a file's bundle goes: under a folder named for its place in `files`, since `node --test` sorts the paths it is given. */
const bundlePath = (apiDir, file, index) => join(String(index).padStart(4, '0'), relative(apiDir, file).replace(/\.ts$/, ''));

/**
 * The bundles of `files` (absolute paths under `apiDir`), in a folder of this run's own, api/.test-build-XXXXXX/,
 * and the function that removes it. Each bundle sits in a folder numbered for its place in `files`
 * (`0000/test/fuzz-routes.test.mjs`): node runs the files it is given in the order of their paths, so the order of
 * `files` is the order they start in.
 */
export async function bundleTests(apiDir, files) {
  const outdir = mkdtempSync(join(apiDir, '.test-build-'));
  await build({
    entryPoints: files.map((file, index) => ({ in: file, out: bundlePath(apiDir, file, index) })),
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
    plugins: [keepSourceFileUrl],
  });
  const bundles = files.map((file, index) => `${join(outdir, bundlePath(apiDir, file, index))}.mjs`);
  return { bundles, remove: () => rmSync(outdir, { recursive: true, force: true }) };
}
