import path from 'node:path';
import { buildApp } from './app';
import {
  openBackupChannel,
  refuseSecondServer,
  ServerAlreadyRunningError,
  type BackupChannel,
} from './backup-channel';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase } from './db/client';
import { migrate, SchemaNewerThanReleaseError } from './db/migrate';
import { compileOcctOnce } from './modules/cnc-quotes';
import { drainAndClose } from './lifecycle';
import { isSeeded, runSeed } from './seed';
import { lockExposedDemoAccounts } from './seed/demo-accounts';
import { preloadMailLayout } from './plugins/mail-layout';
import { startTracing } from './tracing';

const startedAt = performance.now();

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const embedded = !config.DATABASE_URL;
  if (embedded) {
    try {
      await refuseSecondServer(config.DATA_DIR);
    } catch (error) {
      if (error instanceof ServerAlreadyRunningError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  // Null unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then nothing is traced or wrapped (decision 319).
  const tracing = startTracing(config);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'pglite'),
    tracer: tracing?.tracer,
  });
  try {
    // Under a PostgreSQL advisory lock: nodes started together migrate one after the other (decision 295).
    await migrate(database);
  } catch (error) {
    if (error instanceof SchemaNewerThanReleaseError) {
      console.error(error.message);
      await database.close().catch(() => undefined);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config, database, tracerProvider: tracing?.provider });
  // The embedded database's online backup (decision 318): open for as long as the process holds PGlite, so
  // `npm run restore` can tell that a server is running on this DATA_DIR.
  let backupChannel: BackupChannel | null = null;
  if (database.connection.driver === 'pglite')
    backupChannel = await openBackupChannel({
      dataDir: config.DATA_DIR,
      client: database.connection.client,
      log: app.log,
    });

  if (config.SEED === 'auto' && !(await isSeeded(database))) {
    app.log.info('empty database: seeding the demo marketplace');
    await runSeed({
      database,
      config,
      log: (message) => app.log.info(message),
      options: config.SEED_PRODUCTS ? { products: config.SEED_PRODUCTS } : {},
    });
  }

  await lockExposedDemoAccounts({ database, config, log: (message) => app.log.warn(message) });
  // Every pool connection open, its hot statements prepared, before the first request (decision 215).
  await database.warmUp();
  // MJML loaded now rather than by the first e-mail, which held live traffic for 0.4–0.5 s (decision 341).
  await preloadMailLayout();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await drainAndClose(app, database, config.SHUTDOWN_DRAIN_MS, config.SHUTDOWN_REQUEST_TIMEOUT_MS).catch(
      (error: unknown) => app.log.error({ err: error }, 'error while closing'),
    );
    // The spans still buffered go to the collector before the process ends.
    await tracing
      ?.shutdown()
      .catch((error: unknown) => app.log.warn({ err: error }, 'error while flushing traces'));
    // Last, once the database is closed: until then restore must find the server running.
    await backupChannel
      ?.close()
      .catch((error: unknown) => app.log.error({ err: error }, 'error while closing'));
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  // OpenCascade's WebAssembly compiled in the background once the server answers, so no buyer's first STEP
  // upload waits for it (decision 332).
  void compileOcctOnce();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  app.log.info(
    {
      port,
      driver: database.driver,
      services: config.SERVICES,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `MapleSource ready on http://localhost:${port}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
