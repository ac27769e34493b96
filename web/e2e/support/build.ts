import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_DIR } from './paths';

const SOURCES = ['src', 'content', 'next.config.ts', 'package.json', 'tsconfig.json'];
const LOCK = join(WEB_DIR, '.next-e2e', 'build.lock');
/** Build output a server needs; the build cache, dev output and traces stay behind. */
const SKIP = new Set(['cache', 'dev', 'trace', 'trace-build', 'diagnostics']);

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function isCurrent(): boolean {
  const buildId = join(WEB_DIR, '.next', 'BUILD_ID');
  if (!existsSync(buildId) || process.env.E2E_REBUILD === '1') return false;
  const sources = Math.max(...SOURCES.map((source) => join(WEB_DIR, source)).filter(existsSync).map(newestMtime));
  return statSync(buildId).mtimeMs > sources;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One build at a time across test processes (parallel suites share web/.next). */
function withLock<T>(work: () => T): T {
  mkdirSync(join(WEB_DIR, '.next-e2e'), { recursive: true });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      const holder = Number(readFileSync(LOCK, 'utf8') || '0');
      if (!holder || !processAlive(holder)) rmSync(LOCK, { force: true });
      else if (Date.now() > deadline) throw new Error(`build lock held by ${holder} for too long`);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    return work();
  } finally {
    rmSync(LOCK, { force: true });
  }
}

/**
 * `next build` when the sources changed since the last one, then a private copy of the build for this test
 * process (returned as a distDir relative to web/), which the caller removes when done.
 */
export function preparedBuild(): string {
  return withLock(() => {
    if (!isCurrent()) {
      const result = spawnSync(process.execPath, [join(WEB_DIR, '..', 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
        cwd: WEB_DIR,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: '' },
      });
      if (result.status !== 0) throw new Error(`next build failed (exit ${result.status ?? result.signal})`);
    }
    const distDir = join('.next-e2e', `run-${process.pid}-${Date.now()}`);
    cpSync(join(WEB_DIR, '.next'), join(WEB_DIR, distDir), { recursive: true, filter: (source) => !SKIP.has(source.split('/').at(-1) ?? '') || source.split('/').at(-2) !== '.next' });
    return distDir;
  });
}
