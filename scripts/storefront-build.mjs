/**
 * The storefront build that `npm start` runs, made so that stopping it leaves nothing behind.
 *
 * `next build` holds an OS lock on web/.next/lock while it runs; a second build fails at once with "Another next
 * build process is already running". A lock file left on disk by a build that has exited is harmless (the OS
 * released the lock); what blocks the next start is a build process that outlived the start that launched it
 * (Ctrl-C during the first start's build). So the build runs in its own process group, which stopping kills
 * whole, and a record in the temporary directory names the start and the group, so the next start can stop a
 * group whose start is gone.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the build of the storefront in `webDir` is recorded while it runs. */
export function buildRecordPath(webDir) {
  const id = createHash('sha256').update(webDir).digest('hex').slice(0, 16);
  return join(tmpdir(), `meadowvale-storefront-build-${id}.json`);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

/** SIGTERM to the whole group, SIGKILL after `graceMs`; resolves once no process of the group is left. */
export async function stopGroup(pgid, graceMs = 10_000) {
  signalGroup(pgid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(pgid)) signalGroup(pgid, 'SIGKILL');
  while (groupAlive(pgid)) await sleep(50);
}

/**
 * Processes with `lockPath` open (Linux: /proc/PID/fd); empty where /proc is missing or unreadable, and then
 * `next build` itself reports a held lock.
 */
export function lockHolders(lockPath) {
  let pids;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return pids
    .filter((pid) => {
      try {
        return readdirSync(`/proc/${pid}/fd`).some((fd) => {
          try {
            return readlinkSync(`/proc/${pid}/fd/${fd}`) === lockPath;
          } catch {
            return false;
          }
        });
      } catch {
        return false;
      }
    })
    .map(Number);
}

function readRecord(recordPath) {
  try {
    const record = JSON.parse(readFileSync(recordPath, 'utf8'));
    return Number.isInteger(record.starter) && Number.isInteger(record.build) ? record : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Before building: a build left running by a start that is gone is stopped (it holds the lock and nobody
 * reads its output); a build of a start still running, or any other process holding `lockPath` (a build run
 * by hand, the test harness's, one left by an older start), is waited for, up to `waitMs`. Returns what it
 * found: 'none', 'stopped', 'waited' or, when the lock is still held after `waitMs`, 'held'.
 */
export async function releaseLeftoverBuild(recordPath, { lockPath, log = () => {}, waitMs = 15 * 60_000 } = {}) {
  const record = readRecord(recordPath);
  if (!record || !groupAlive(record.build)) {
    rmSync(recordPath, { force: true });
    return lockPath ? waitForLock(lockPath, log, waitMs) : 'none';
  }
  if (alive(record.starter) && record.starter !== process.pid) {
    log(`another start (pid ${record.starter}) is building the storefront; waiting for it`);
    const deadline = Date.now() + waitMs;
    while (groupAlive(record.build) && Date.now() < deadline) await sleep(500);
    if (!groupAlive(record.build)) {
      rmSync(recordPath, { force: true });
      return 'waited';
    }
  }
  log(`stopping a storefront build left running by an earlier start (process group ${record.build})`);
  await stopGroup(record.build);
  rmSync(recordPath, { force: true });
  return 'stopped';
}

async function waitForLock(lockPath, log, waitMs) {
  let holders = lockHolders(lockPath);
  if (holders.length === 0) return 'none';
  log(`another next build (pid ${holders.join(', ')}) holds ${lockPath}; waiting for it to finish`);
  const deadline = Date.now() + waitMs;
  while (holders.length > 0 && Date.now() < deadline) {
    await sleep(500);
    holders = lockHolders(lockPath);
  }
  if (holders.length === 0) return 'waited';
  log(`${lockPath} is still held by pid ${holders.join(', ')}: stop that build, then start again`);
  return 'held';
}

/**
 * Starts `command args` in `webDir` as the leader of a new process group (so stopping reaches the build's
 * workers too) with no terminal input (so Next shows no prompt), and records it until it exits.
 */
export function spawnRecordedBuild(command, args, { webDir, env, recordPath = buildRecordPath(webDir) }) {
  const child = spawn(command, args, { cwd: webDir, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  writeFileSync(recordPath, JSON.stringify({ starter: process.pid, build: child.pid }));
  child.on('exit', () => {
    // Workers of the group may outlive the leader for a moment; the record stays until they are gone too.
    void (async () => {
      while (groupAlive(child.pid)) await sleep(100);
      rmSync(recordPath, { force: true });
    })();
  });
  return child;
}
