import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { installJobQueueSchema } from '../src/plugins/jobs';

declare module 'vitest' {
  export interface ProvidedContext {
    testDbDriver: 'pglite' | 'postgres';
    pgliteTemplateDir: string;
    /** The same template dumped as one archive: in-memory test databases start from it (decision 336). */
    pgliteTemplateDump: string;
    postgresTemplateDb: string;
    /** This run's scratch directory (apps' DATA_DIR, child processes' files): removed when the run ends. */
    testScratchDir: string;
  }
}

/**
 * Migrates one template database per run; each test file then gets a fresh copy
 * (a copied PGlite directory, or CREATE DATABASE … TEMPLATE on PostgreSQL).
 */
export default async function setup(project: TestProject) {
  // The project's `test.env` reaches the test workers, not this process: read it from the project.
  const requested = project.config.env?.TEST_DB_DRIVER ?? process.env.TEST_DB_DRIVER;
  const driver = requested === 'postgres' ? 'postgres' : 'pglite';
  project.provide('testDbDriver', driver);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'maplesource-test-run-'));
  project.provide('testScratchDir', scratch);
  const teardown = await setupDatabase(project, driver);
  return async () => {
    await teardown();
    rmSync(scratch, { recursive: true, force: true });
  };
}

async function setupDatabase(project: TestProject, driver: 'pglite' | 'postgres'): Promise<() => unknown> {
  if (driver === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'maplesource-template-'));
    const templateDir = path.join(dir, 'pglite');
    const database = await openPglite(templateDir);
    await migrate(database);
    await installJobQueueSchema(database.connection);
    const dump = path.join(dir, 'template.tar');
    if (database.connection.driver === 'pglite') {
      writeFileSync(
        dump,
        Buffer.from(await (await database.connection.client.dumpDataDir('none')).arrayBuffer()),
      );
    }
    await database.close();
    project.provide('pgliteTemplateDir', templateDir);
    project.provide('pgliteTemplateDump', dump);
    project.provide('postgresTemplateDb', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DB_DRIVER=postgres needs DATABASE_URL');
  const templateDb = `maple_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateDb}`);
  const database = await openPostgres(withDatabase(url, templateDb), 2);
  await migrate(database);
  await installJobQueueSchema(database.connection);
  await database.close();
  project.provide('pgliteTemplateDir', '');
  project.provide('pgliteTemplateDump', '');
  project.provide('postgresTemplateDb', templateDb);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${templateDb} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
