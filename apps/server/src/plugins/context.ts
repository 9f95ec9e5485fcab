import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    /** The process's life: `draining` once a shutdown began, so readiness answers 503 (decision 295). */
    lifecycle: { draining: boolean };
  }
}

/** Makes the config and the database reachable from every plugin and route. */
async function contextPlugin(app: FastifyInstance, options: { config: AppConfig; database: Database }) {
  app.decorate('config', options.config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('lifecycle', { draining: false });
}

export default fp(contextPlugin, { name: 'context' });
