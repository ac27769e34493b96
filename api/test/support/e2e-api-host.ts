// One process that starts the browser suite's APIs (web/e2e/support/api-host.ts), one after another, each with its
// own data directory, configuration and port, as `node dist/main.js` would. A browser test file used to start a
// process of its own for its API, and each paid the same 4-5 s of CPU to load and compile the API's code and
// PGlite's WebAssembly before serving a request; here they are loaded once, and a test file's API costs only its
// database and its routes (docs/testing.md, "The browser suite").
//
// Control, on 127.0.0.1 at the port it writes, with its pid and `key`, to the file named by its first argument:
//   POST /start {env, owner} -> {id}: the API configured from `env` (the variables main.ts reads) listens at
//        env.API_HOST:env.API_PORT; `owner` is the test process, whose API is closed should it die without saying.
//   POST /stop {id}: closes that API and its database.
//   POST /key {}: answers {key}, so that a test process knows the host runs the bundle it expects.
// The host leaves when it has had no API and no command for IDLE_MS.
import { renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { isEmpty, openDatabase, type Database } from '../../src/db/client';
import { loggerOptions } from '../../src/operations/logger';
import { seedDemoData } from '../../src/seed/seed';

const IDLE_MS = 30_000;

interface Instance {
  app: FastifyInstance;
  database: Database;
  owner: number;
}

const instances = new Map<number, Instance>();
let nextId = 1;
let idleSince = Date.now();

async function startInstance(env: NodeJS.ProcessEnv, owner: number): Promise<number> {
  const config = loadConfig(env);
  const database = await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  try {
    await database.migrate();
    if (config.demoMode && (await isEmpty(database.db))) await seedDemoData(database.db);
    const app = await buildApp({ config, database, logger: loggerOptions(config.logLevel, config.logFormat) });
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      await app.close();
      throw error;
    }
    const id = nextId++;
    instances.set(id, { app, database, owner });
    return id;
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function stopInstance(id: number): Promise<void> {
  const instance = instances.get(id);
  if (!instance) return;
  instances.delete(id);
  await instance.app.close();
  await instance.database.close();
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function body(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return JSON.parse(text) as Record<string, unknown>;
}

function answer(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

const [infoFile, key] = process.argv.slice(2);
if (!infoFile || !key) throw new Error('usage: e2e-api-host <info file> <key>');

const control = createServer((request, response) => {
  void (async () => {
    idleSince = Date.now();
    try {
      const input = await body(request);
      if (request.url === '/key') {
        answer(response, 200, { key });
      } else if (request.url === '/start') {
        answer(response, 200, { id: await startInstance(input.env as NodeJS.ProcessEnv, Number(input.owner)) });
      } else if (request.url === '/stop') {
        await stopInstance(Number(input.id));
        answer(response, 200, {});
      } else {
        answer(response, 404, { error: 'no such command' });
      }
    } catch (error) {
      answer(response, 500, { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  })();
});

control.listen(0, '127.0.0.1', () => {
  const address = control.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // Written whole, then renamed: a reader never sees half of it.
  writeFileSync(`${infoFile}.${process.pid}`, JSON.stringify({ pid: process.pid, port, key }));
  renameSync(`${infoFile}.${process.pid}`, infoFile);
});

// A test process killed mid-file (a timeout, Ctrl-C) never sends its stop: its API goes when it does.
setInterval(() => {
  for (const [id, instance] of instances) if (!alive(instance.owner)) void stopInstance(id);
  if (instances.size > 0) idleSince = Date.now();
  else if (Date.now() - idleSince > IDLE_MS) process.exit(0);
}, 1_000);
