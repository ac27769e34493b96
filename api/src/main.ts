import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config/config';
import { isEmpty, openDatabase, type Database } from './db/client';
import { loggerOptions } from './operations/logger';

/** Milliseconds of each start-up step, logged with "api ready" so a slow start says where its time went. */
type Phases = Record<string, number>;

async function timed<T>(phases: Phases, name: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await step();
  phases[name] = Math.round(performance.now() - started);
  return result;
}

async function openAndPrepare(config: Config, phases: Phases): Promise<Database> {
  const database = await timed(phases, 'openMs', () => openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: config.dataDir },
    (error) => console.warn(JSON.stringify({ level: 40, time: Date.now(), msg: 'database connection lost; the pool reconnects', err: error.message })),
  ));
  await timed(phases, 'migrateMs', () => database.migrate());
  if (config.demoMode && (await isEmpty(database.db))) {
    // Demo mode alone fills an empty database with the demo data (docs/decisions/006-embedded-demo-database.md).
    // The start-up is the one place outside seed/ that may use it, and loads it only then: no production code
    // path imports seed/ (eslint.config.js).
    const { seedDemoData } = await import('./seed/seed');
    await timed(phases, 'seedMs', () => seedDemoData(database.db));
  }
  return database;
}

/**
 * SIGTERM: readiness turns 503 at once so the load balancer stops routing here, requests keep being served
 * for the configured delay while it notices, then the listener closes, in-flight requests finish, and the
 * process exits 0. SIGINT (a developer's Ctrl-C) skips the delay.
 */
function handleShutdown(server: FastifyInstance, database: Database, delaySeconds: number): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.state.draining = true;
    const delayMs = signal === 'SIGTERM' ? delaySeconds * 1000 : 0;
    server.log.info({ signal, delayMs }, 'draining');
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await server.close();
    await database.close();
    server.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const phases: Phases = {};
  const database = await openAndPrepare(config, phases);
  const server = await timed(phases, 'buildMs', () => buildApp({ config, database, logger: loggerOptions(config.logLevel, config.logFormat) }));
  await timed(phases, 'listenMs', () => server.listen({ port: config.port, host: config.host }));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const metricsUrl = server.metrics?.url === undefined ? undefined : `${server.metrics.url}/metrics`;
  server.log.info({ engine: database.engine, port, metricsUrl, startupMs: Math.round(performance.now() - startedAt), ...phases }, 'api ready');
  handleShutdown(server, database, config.shutdownDelaySeconds);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('API failed to start:', error);
  }
  process.exit(1);
});
