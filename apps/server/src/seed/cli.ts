import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { runSeed } from './index';

/** `npm run seed [-- --products N]`: (re)builds the demo marketplace in the configured database. */
const { values } = parseArgs({ options: { products: { type: 'string' } } });
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  pgliteDir: path.join(config.DATA_DIR, 'pglite'),
});
await migrate(database);
const started = performance.now();
await runSeed({
  database,
  config,
  log: (message) => console.info(message),
  options: values.products ? { products: Number(values.products) } : {},
});
console.info(`seed finished in ${Math.round(performance.now() - started)} ms`);
await database.close();
