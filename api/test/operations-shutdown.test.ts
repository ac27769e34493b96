// test:api:embedded: the demo start itself (main.ts on PGlite files), stopped mid-request.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { desc } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { clientErrorLogs } from '../src/db/schema';
import { BASE, TEST_CLIENT } from './support/test-server';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The real API process (tsx, demo mode) on a temporary DATA_DIR, as `npm start` runs it. */
function startApi(dataDir: string) {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    API_PORT: '0',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    SHUTDOWN_DELAY_SECONDS: '1',
    STOREFRONT_CLIENT_SECRET: TEST_CLIENT.secret,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: apiDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let buffered = '';
  const port = new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const entry = JSON.parse(line) as { msg?: string; port?: number };
        if (entry.msg === 'api ready' && entry.port) resolve(entry.port);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => lines.push(`stderr: ${chunk.toString()}`));
    child.on('exit', (code) => reject(new Error(`API exited with ${code} before it was ready:\n${lines.join('\n')}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, exited, lines };
}

/** Sends a request's head and only half its body: the request stays in flight until `finish`. */
async function startSlowRequest(port: number, path: string, body: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let response = '';
  socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const half = Math.floor(body.length / 2);
  socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
  socket.write(body.slice(0, half));
  return {
    finish: async () => {
      socket.end(body.slice(half));
      await ended;
      return response;
    },
  };
}

describe('SIGTERM on the real process', () => {
  let dataDir: string;
  let api: ReturnType<typeof startApi>;
  let child: ChildProcess | undefined;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'mv-shutdown-'));
    api = startApi(dataDir);
    child = api.child;
  });
  after(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('fails readiness, finishes the request in flight, exits 0, and logs JSON without query strings', async () => {
    const port = await api.port;
    const url = `http://127.0.0.1:${port}`;
    assert.equal((await fetch(`${url}/health/ready`)).status, 200);
    const leaky = await fetch(`${url}/authorizationserver/oauth/token?password=leaky-secret-value`, { method: 'POST' });
    assert.equal(leaky.status, 400);

    const slow = await startSlowRequest(port, `${BASE}/logging`, JSON.stringify({ messageType: 'ERROR', message: 'sent while the API stops' }));
    await sleep(100);
    child?.kill('SIGTERM');
    await sleep(300);
    const draining = await fetch(`${url}/health/ready`);
    assert.equal(draining.status, 503);
    assert.deepEqual(await draining.json(), { status: 'draining' });
    assert.equal((await fetch(`${url}/health/live`)).status, 200);

    // Past the delay the listener is closed, but the request already in flight still gets its answer.
    await sleep(1200);
    const response = await slow.finish();
    assert.match(response, /^HTTP\/1\.1 204 /);
    assert.equal(await api.exited, 0);

    const entries = api.lines.filter((line) => !line.startsWith('stderr:')).map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.ok(entries.some((entry) => entry.msg === 'draining'));
    assert.ok(entries.some((entry) => entry.msg === 'stopped'));
    assert.ok(entries.filter((entry) => entry.msg === 'incoming request').every((entry) => typeof entry.reqId === 'string'));
    assert.ok(!api.lines.join('\n').includes('leaky-secret-value'), 'a query-string secret reached the log');

    // The report sent during the drain was committed before the database closed.
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const [row] = await database.db.select().from(clientErrorLogs).orderBy(desc(clientErrorLogs.id)).limit(1);
      assert.equal(row?.message, 'sent while the API stops');
    } finally {
      await database.close();
    }
  });
});
