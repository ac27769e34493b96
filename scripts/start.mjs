#!/usr/bin/env node
/**
 * `npm start`: builds the API (esbuild, a second), starts it (embedded database in .data/ unless DATABASE_URL is
 * set), builds the storefront meanwhile when its build is missing or older than its sources, waits until the API
 * is ready, then starts the storefront on WEB_PORT, each with its own environment (start-env.mjs). Ctrl-C or
 * SIGTERM stops both cleanly.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StartEnvError, startEnvironment } from './start-env.mjs';
import { buildRecordPath, releaseLeftoverBuild, spawnRecordedBuild, stopGroup } from './storefront-build.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
let started;
try {
  started = startEnvironment(process.env, root);
} catch (error) {
  if (!(error instanceof StartEnvError)) throw error;
  console.error(`[start] ${error.message}`);
  process.exit(1);
}
const { apiPort, webPort, api: apiEnv, web: webEnv } = started;

function run(label, args, cwd = root) {
  console.log(`[start] ${label}`);
  const result = spawnSync('npm', args, { cwd, stdio: 'inherit', env: apiEnv });
  if (result.status !== 0) {
    console.error(`[start] ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

/** Newest modification time of the files below `dir`, 0 when it does not exist. */
function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function storefrontBuildIsCurrent() {
  const buildId = join(root, 'web', '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return false;
  const sources = ['src', 'content', 'public'].map((dir) => newestMtime(join(root, 'web', dir)));
  return statSync(buildId).mtimeMs >= Math.max(...sources);
}

run('building the API', ['run', 'build', '-w', 'api']);

const children = [];
/** The storefront build while it runs: stopped as a whole process group (storefront-build.mjs). */
let build;
let stopping = false;

function start(label, command, args, cwd, env) {
  const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${label} stopped (${signal ?? code}); stopping the rest`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  const alive = children.filter((child) => child.exitCode === null && child.signalCode === null);
  if (alive.length === 0) process.exit(exitCode);
  let left = alive.length;
  const force = setTimeout(() => alive.forEach((child) => child.kill('SIGKILL')), 15_000);
  const done = () => {
    left -= 1;
    if (left === 0) {
      clearTimeout(force);
      process.exit(exitCode);
    }
  };
  for (const child of alive) {
    if (child === build) {
      void stopGroup(child.pid).then(done);
      continue;
    }
    child.once('exit', done);
    child.kill('SIGTERM');
  }
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitReady(url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 300));
  }
  return false;
}

start('API', process.execPath, [join(root, 'api', 'dist', 'main.js')], root, apiEnv);

// A build left running by an interrupted start holds web/.next/lock (and would write into the build served).
const webDir = join(root, 'web');
const released = await releaseLeftoverBuild(buildRecordPath(webDir), {
  lockPath: join(webDir, '.next', 'lock'),
  log: (message) => console.log(`[start] ${message}`),
});
if (released === 'held') stop(1);

// The storefront builds while the API opens (and on a first run seeds) its database.
if (!stopping && !storefrontBuildIsCurrent()) {
  console.log('[start] building the storefront (the first start takes about a minute)');
  const next = join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  build = spawnRecordedBuild(process.execPath, [next, 'build'], { webDir, env: webEnv });
  children.push(build);
  const code = await new Promise((resolveBuild) => build.on('exit', (exitCode) => resolveBuild(exitCode)));
  if (code !== 0 && !stopping) {
    console.error('[start] building the storefront failed');
    stop(1);
  }
}

async function startStorefrontWhenApiReady() {
  if (!(await waitReady(`http://127.0.0.1:${apiPort}/health/ready`))) {
    if (!stopping) {
      console.error('[start] the API did not become ready');
      stop(1);
    }
    return;
  }
  start('storefront', process.execPath, [join(root, 'web', 'server.mjs'), '-p', webPort], join(root, 'web'), webEnv);
  if (await waitReady(`http://127.0.0.1:${webPort}/login/`)) {
    console.log(`[start] Meadowvale Foods shop: http://localhost:${webPort}  (API http://127.0.0.1:${apiPort})`);
  }
}

// stopping is already set when Ctrl-C came during the build.
if (!stopping) await startStorefrontWhenApiReady();
