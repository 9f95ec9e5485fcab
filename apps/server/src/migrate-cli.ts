import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate, SchemaNewerThanReleaseError } from './db/migrate';

/**
 * `bin/migrate` of the release bundle (decision 309): applies the release's migrations to the configured database
 * and exits, under the same PostgreSQL advisory lock the nodes take at start (decision 295), so it may run before
 * or beside them. Exit 1, saying why, on a bad setting or a schema newer than this release.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'pglite'),
  });
  try {
    const applied = await migrate(database);
    console.info(applied.length ? `applied ${applied.join(', ')}` : 'the schema is up to date');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof SchemaNewerThanReleaseError)
    console.error(error.message);
  else console.error(error);
  process.exit(1);
});
