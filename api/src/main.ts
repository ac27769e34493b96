import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { isEmpty, migrateDatabase, openDatabase } from './db/client';
import { seedDemoData } from './seed/seed';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: config.dataDir },
    (error) => console.warn(JSON.stringify({ level: 40, msg: 'database connection lost; the pool reconnects', err: error.message })),
  );
  await migrateDatabase(database);
  if (config.demoMode && (await isEmpty(database.db))) {
    await seedDemoData(database.db);
  }
  const server = await buildApp({ config, database });
  await server.listen({ port: config.port, host: config.host });
  server.log.info({ engine: database.engine, startupMs: Math.round(performance.now() - startedAt) }, 'api ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.state.draining = true;
    server.log.info({ signal }, 'draining');
    // Fastify's close() stops accepting connections and waits for the requests already in flight.
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('API failed to start:', error);
  }
  process.exit(1);
});
