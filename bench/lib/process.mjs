/**
 * Generic helpers for benchmark scripts: start a process, wait until a URL answers, read its memory, stop it.
 */
import { performance } from 'node:perf_hooks';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Starts a process; its output is kept (for the error message when it dies) and echoed when `echo` is set. */
export function startProcess(command, args, { cwd, env = {}, echo = false } = {}) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (echo) process.stderr.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    pid: child.pid,
    exited,
    output: () => output.join(''),
    /** Sends the signal and waits for the exit; SIGKILL after `timeoutMs`. */
    async stop(signal = 'SIGTERM', timeoutMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** Polls `url` until it answers `status` (default 200); resolves with the milliseconds waited since `since`. */
export async function waitForUrl(url, { since = performance.now(), timeoutMs = 120_000, intervalMs = 10, status = 200, process: proc } = {}) {
  while (performance.now() - since < timeoutMs) {
    if (proc && (proc.child.exitCode !== null || proc.child.signalCode !== null)) {
      throw new Error(`process exited before ${url} answered:\n${proc.output()}`);
    }
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === status) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    await sleep(intervalMs);
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms`);
}

/** Resident memory of a process in MiB, now (VmRSS) and at its peak (VmHWM); Linux /proc only. */
export function readRss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/** A TCP port that was free a moment ago on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
