import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isNewerThan, withLock } from './build';
import { API_DIR, WEB_DIR } from './paths';

const API_MAIN = join(API_DIR, 'dist', 'main.js');
const API_SOURCES = ['src', 'drizzle', 'build.mjs', 'package.json'].map((source) => join(API_DIR, source));

/**
 * The API bundled once (`api/build.mjs`, as `npm start` runs it) when its sources changed since the last bundle:
 * each test file then starts plain JavaScript instead of compiling the API through tsx.
 */
export function preparedApi(): string {
  return withLock('api-build', () => {
    if (!isNewerThan(API_MAIN, API_SOURCES)) {
      const result = spawnSync(process.execPath, [join(API_DIR, 'build.mjs')], { cwd: API_DIR, stdio: ['ignore', 'inherit', 'inherit'] });
      if (result.status !== 0) throw new Error(`API build failed (exit ${result.status ?? result.signal})`);
    }
    return API_MAIN;
  });
}

/**
 * A data directory holding the migrated and seeded demo database (and its demo secrets), copied for each test file:
 * a copy takes a fraction of a second where a start on an empty directory migrates and seeds for seconds. The
 * template is made by the first file that needs it, by starting the API once on an empty directory, and is keyed by
 * the API's bundle and today's date (the demo data is dated from today).
 */
export async function seededDataDir(start: (dataDir: string) => Promise<{ stop: () => Promise<void> }>): Promise<string> {
  const key = `${Math.round(statSync(API_MAIN).mtimeMs)}-${new Date().toISOString().slice(0, 10)}`;
  const template = join(WEB_DIR, '.next-e2e', `data-${key}`);
  if (!existsSync(template)) {
    const building = mkdtempSync(join(tmpdir(), 'mv-e2e-template-'));
    const api = await start(building);
    await api.stop();
    // Moved when whole; a file that made the same template meanwhile wins, and this one is dropped.
    try {
      cpSync(building, `${template}.partial-${process.pid}`, { recursive: true });
      renameSync(`${template}.partial-${process.pid}`, template);
    } catch (error) {
      if (!existsSync(template)) throw error;
      rmSync(`${template}.partial-${process.pid}`, { recursive: true, force: true });
    } finally {
      rmSync(building, { recursive: true, force: true });
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'mv-e2e-'));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}
