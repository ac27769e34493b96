import { spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WEB_DIR } from './paths';

const SOURCES = ['src', 'content', 'next.config.ts', 'package.json', 'tsconfig.json'];
/** Build output a server needs; the build cache, dev output and traces stay behind. */
const SKIP = new Set(['cache', 'dev', 'trace', 'trace-build', 'diagnostics']);

export function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether `built` (a file the build writes last) is newer than every one of `sources`. */
export function isNewerThan(built: string, sources: string[]): boolean {
  if (!existsSync(built) || process.env.E2E_REBUILD === '1') return false;
  return statSync(built).mtimeMs > Math.max(...sources.filter(existsSync).map(newestMtime));
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One build at a time across test processes (parallel suites share web/.next and api/dist). */
export function withLock<T>(name: string, work: () => T): T {
  mkdirSync(join(WEB_DIR, '.next-e2e'), { recursive: true });
  const LOCK = join(WEB_DIR, '.next-e2e', `${name}.lock`);
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
 * A copy of a tree made of hard links (symbolic links made absolute): a millisecond where copying the 50 MB build took a second per test file.
 * Safe because nothing writes into a build in place: `next build` replaces the files it writes, and the server
 * serves no page that revalidates (its writes go to `cache/`, which is not linked).
 */
function linkTree(from: string, to: string, skip: (name: string) => boolean): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (skip(entry.name)) continue;
    if (entry.isDirectory()) linkTree(join(from, entry.name), join(to, entry.name), () => false);
    // The build's node_modules/ links to packages by relative paths, which would not hold one folder deeper.
    else if (entry.isSymbolicLink()) symlinkSync(resolve(from, readlinkSync(join(from, entry.name))), join(to, entry.name));
    else linkSync(join(from, entry.name), join(to, entry.name));
  }
}

/**
 * `next build` when the sources changed since the last one, then a private copy of the build for this test
 * process (returned as a distDir relative to web/), which the caller removes when done: a rebuild while a suite
 * runs leaves the copy whole.
 */
export function preparedBuild(): string {
  return withLock('build', () => {
    if (!isNewerThan(join(WEB_DIR, '.next', 'BUILD_ID'), SOURCES.map((source) => join(WEB_DIR, source)))) {
      const result = spawnSync(process.execPath, [join(WEB_DIR, '..', 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
        cwd: WEB_DIR,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: '' },
      });
      if (result.status !== 0) throw new Error(`next build failed (exit ${result.status ?? result.signal})`);
    }
    const distDir = join('.next-e2e', `run-${process.pid}-${Date.now()}`);
    linkTree(join(WEB_DIR, '.next'), join(WEB_DIR, distDir), (name) => SKIP.has(name));
    return distDir;
  });
}
