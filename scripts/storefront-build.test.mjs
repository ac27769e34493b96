/**
 * Issue 13 point 17: Ctrl-C during the first `npm start`'s storefront build left a build holding web/.next/lock,
 * and every later start failed with "Another next build process is already running". These run stand-ins for
 * the start and the build (test-support/) that take the lock exactly as `next build` does.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildRecordPath, releaseLeftoverBuild, stopGroup } from './storefront-build.mjs';

const support = (name) => fileURLToPath(new URL(`./test-support/${name}`, import.meta.url));
const dirs = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function webDir() {
  const dir = mkdtempSync(join(tmpdir(), 'mv-start-test-'));
  dirs.push(dir);
  return dir;
}

/** Can a new `next build` take the lock? (What it tries first; when it cannot, it exits with the error above.) */
function lockIsFree(lockPath) {
  const probe = spawnSync(process.execPath, [support('hold-build-lock.mjs'), lockPath, '1'], { encoding: 'utf8' });
  return probe.status === 0;
}

/** Starts the stand-in `npm start`; resolves once its build holds the lock. */
async function startInterruptible(dir, lockPath, lifetime = '', mode = '') {
  const starter = spawn(process.execPath, [support('start-build.mjs'), dir, lockPath, lifetime, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    starter.stdout.on('data', (chunk) => String(chunk).includes('locked') && resolve());
    starter.on('exit', (code) => reject(new Error(`start stand-in exited (${code})`)));
  });
  return starter;
}

test('a build left running by a start that was killed is stopped, and the next build gets the lock', async () => {
  const dir = webDir();
  const lockPath = join(dir, 'lock');
  const starter = await startInterruptible(dir, lockPath, '', 'worker');
  starter.kill('SIGKILL');
  await new Promise((resolve) => starter.once('exit', resolve));
  assert.equal(lockIsFree(lockPath), false, 'the leftover build still holds the lock: a new build would fail');
  assert.equal(await releaseLeftoverBuild(buildRecordPath(dir)), 'stopped');
  assert.equal(lockIsFree(lockPath), true, 'the lock is free for the new build');
  assert.equal(existsSync(buildRecordPath(dir)), false, 'the record is gone');
});

test('a build of a start that is still running is waited for, not stopped', async () => {
  const dir = webDir();
  const lockPath = join(dir, 'lock');
  const starter = await startInterruptible(dir, lockPath, '1500');
  try {
    const began = Date.now();
    assert.equal(await releaseLeftoverBuild(buildRecordPath(dir), { waitMs: 20_000 }), 'waited');
    assert.ok(Date.now() - began >= 500, 'it waited for the other build to finish');
    assert.equal(lockIsFree(lockPath), true);
  } finally {
    starter.kill('SIGKILL');
  }
});

test('stopping a build stops its whole process group, workers included', async () => {
  const dir = webDir();
  const lockPath = join(dir, 'lock');
  const starter = await startInterruptible(dir, lockPath, '', 'worker');
  try {
    const record = JSON.parse(readFileSync(buildRecordPath(dir), 'utf8'));
    assert.equal(lockIsFree(lockPath), false, 'the build holds the lock');
    await stopGroup(record.build);
    assert.equal(lockIsFree(lockPath), true, 'no worker kept it');
  } finally {
    starter.kill('SIGKILL');
  }
});

test('a build that no start recorded (run by hand, or left by an older start) is waited for until it ends', async () => {
  const dir = webDir();
  const lockPath = join(dir, 'lock');
  const holder = spawn(process.execPath, [support('hold-build-lock.mjs'), lockPath, '2000'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => holder.stdout.on('data', resolve));
  assert.equal(lockIsFree(lockPath), false, 'held: a new build would fail');
  assert.equal(await releaseLeftoverBuild(buildRecordPath(dir), { lockPath, waitMs: 20_000 }), 'waited');
  assert.equal(lockIsFree(lockPath), true);
});

test('a lock held for longer than the start waits is reported, not broken', async () => {
  const dir = webDir();
  const lockPath = join(dir, 'lock');
  const holder = spawn(process.execPath, [support('hold-build-lock.mjs'), lockPath, '60000'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise((resolve) => holder.stdout.on('data', resolve));
    const said = [];
    assert.equal(await releaseLeftoverBuild(buildRecordPath(dir), { lockPath, waitMs: 600, log: (line) => said.push(line) }), 'held');
    assert.match(said.join('\n'), new RegExp(`pid ${holder.pid}`));
  } finally {
    holder.kill('SIGKILL');
  }
});

test('no record, or a record of a build that has ended: nothing to do', async () => {
  const dir = webDir();
  assert.equal(await releaseLeftoverBuild(buildRecordPath(dir)), 'none');
});
