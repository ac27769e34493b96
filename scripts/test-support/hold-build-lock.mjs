// Stands in for `next build` in scripts/storefront-build.test.mjs: takes the lock on argv[2] exactly as
// `next build` does (Next's own Lockfile, an OS lock), says "locked" and runs until it is stopped, or for
// argv[3] ms. With argv[4] = "worker" it holds the lock from a child process, as a build's workers would.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { loadBindings } = require('next/dist/build/swc/index.js');
const { Lockfile } = require('next/dist/build/lockfile.js');

const [lockPath, lifetime, mode] = process.argv.slice(2);
if (mode === 'worker') {
  const worker = spawn(process.execPath, [fileURLToPath(import.meta.url), lockPath, lifetime ?? ''], { stdio: ['ignore', 'inherit', 'inherit'] });
  worker.on('exit', (code) => process.exit(code ?? 1));
} else {
  await loadBindings();
  if (!Lockfile.tryAcquire(lockPath, false)) process.exit(3);
  process.stdout.write('locked\n');
  setTimeout(() => process.exit(0), Number(lifetime) || 3_600_000);
}
