import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config/config';
import { isEmpty, migrateDatabase, openDatabase, type Database } from './db/client';
import { loggerOptions } from './operations/logger';
import { seedDemoData } from './seed/seed';

async function openAndPrepare(config: Config): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: config.dataDir },
    (error) => console.warn(JSON.stringify({ level: 40, time: Date.now(), msg: 'database connection lost; the pool reconnects', err: error.message })),
  );
  await migrateDatabase(database);
  if (config.demoMode && (await isEmpty(database.db))) {
    await seedDemoData(database.db);
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
  const database = await openAndPrepare(config);
  const server = await buildApp({ config, database, logger: loggerOptions(config.logLevel) });
  await server.listen({ port: config.port, host: config.host });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  server.log.info({ engine: database.engine, port, startupMs: Math.round(performance.now() - startedAt) }, 'api ready');
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
