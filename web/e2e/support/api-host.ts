import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { isNewerThan, processAlive, withLock } from './build';
import { API_DIR, WEB_DIR } from './paths';

/**
 * The browser suite's API hosts (api/test/support/e2e-api-host.ts): long-lived processes that have loaded the API's
 * code once and start each test file's API inside them, over the file's own data directory and on its own port.
 * A host serves one test file at a time (its slot is leased, as a lock file holding the test process's id), so
 * files running side by side never share an event loop; a file that finds every slot taken, or runs with
 * E2E_API_HOST=0, starts a process of its own as before.
 */
const SLOTS = 4;
const HOST_SOURCE = join(API_DIR, 'test', 'support', 'e2e-api-host.ts');
/** Inside api/ (ignored by git) so that the bundle resolves packages as the API's own bundle does, and two folders deep so that db/client.ts finds api/drizzle. */
const HOST_BUNDLE = join(API_DIR, '.e2e-host', 'build', 'host.mjs');
const STATE_DIR = join(WEB_DIR, '.next-e2e');

interface HostedApi {
  stop(): Promise<void>;
}

export interface ApiHost {
  /** Starts an API configured from `env` (as `node api/dist/main.js` reads it) and resolves once it listens. */
  start(env: NodeJS.ProcessEnv): Promise<HostedApi>;
  /** Gives the slot back; the host stays up for the next test file. */
  release(): void;
}

/** The host's bundle, made when the API's sources (or the host's) changed since the last. */
function preparedHostBundle(): string {
  return withLock('api-host-build', () => {
    if (!isNewerThan(HOST_BUNDLE, [join(API_DIR, 'src'), join(API_DIR, 'package.json'), HOST_SOURCE])) {
      buildSync({
        entryPoints: [HOST_SOURCE],
        outfile: HOST_BUNDLE,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        sourcemap: true,
        logLevel: 'warning',
      });
    }
    return HOST_BUNDLE;
  });
}

function leaseSlot(): number | undefined {
  mkdirSync(STATE_DIR, { recursive: true });
  for (let slot = 0; slot < SLOTS; slot++) {
    const lease = join(STATE_DIR, `api-host-${slot}.lease`);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        writeFileSync(lease, String(process.pid), { flag: 'wx' });
        return slot;
      } catch {
        const holder = Number(readFileSync(lease, 'utf8') || '0');
        if (holder && processAlive(holder)) break;
        rmSync(lease, { force: true });
      }
    }
  }
  return undefined;
}

async function command(port: number, path: string, input: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', body: JSON.stringify(input) });
  const output = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`API host ${path}: ${String(output.error)}`);
  return output;
}

/** The port of the slot's host, started (detached, so that it outlives this test file) unless one runs this bundle. */
async function hostOfSlot(slot: number, bundle: string): Promise<number> {
  const info = join(STATE_DIR, `api-host-${slot}.json`);
  const logFile = join(STATE_DIR, `api-host-${slot}.log`);
  const key = String(Math.round(statSync(bundle).mtimeMs));
  if (existsSync(info)) {
    const running = JSON.parse(readFileSync(info, 'utf8')) as { pid: number; port: number };
    // Asking also keeps the host from leaving as idle before the start that follows. A host of an older bundle
    // serves nobody once its slot is leased here, and leaves by itself.
    const answer = processAlive(running.pid) ? await command(running.port, '/key', {}).catch(() => undefined) : undefined;
    if (answer?.key === key) return running.port;
  }
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', bundle, info, key], { cwd: API_DIR, detached: true, stdio: ['ignore', log, log] });
  closeSync(log);
  child.unref();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API host exited (${child.exitCode}); see ${logFile}`);
    if (existsSync(info)) {
      const started = JSON.parse(readFileSync(info, 'utf8')) as { pid: number; port: number };
      if (started.pid === child.pid) return started.port;
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
  throw new Error(`API host did not start within 60 s; see ${logFile}`);
}

/** A leased API host, or undefined when every slot is taken or E2E_API_HOST=0: the caller then starts a process. */
export async function leaseApiHost(): Promise<ApiHost | undefined> {
  if (process.env.E2E_API_HOST === '0') return undefined;
  const bundle = preparedHostBundle();
  const slot = leaseSlot();
  if (slot === undefined) return undefined;
  const release = () => rmSync(join(STATE_DIR, `api-host-${slot}.lease`), { force: true });
  try {
    const port = await hostOfSlot(slot, bundle);
    return {
      async start(env) {
        const { id } = await command(port, '/start', { env, owner: process.pid });
        return { stop: async () => void (await command(port, '/stop', { id })) };
      },
      release,
    };
  } catch (error) {
    release();
    throw error;
  }
}
