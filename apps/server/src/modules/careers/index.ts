import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import '../accounts';
import '../auth';
import { createCareersService, type CareersService } from './careers.service';

/**
 * The careers module's door: `app.careers` (applications, their private résumés and e-mail
 * verification, the résumé database for verified premium employers and its view log) and its routes.
 */
declare module 'fastify' {
  interface FastifyInstance {
    careers: CareersService;
  }
}

export type { CareersService } from './careers.service';
export { careersRoutes } from './careers.routes';

async function careersModule(app: FastifyInstance) {
  app.decorate(
    'careers',
    createCareersService({
      auth: app.auth,
      accounts: app.accounts,
      storage: app.storage,
      mail: app.messaging.mail,
      publicUrl: app.config.PUBLIC_URL,
    }),
  );
}

export const careersModulePlugin = fp(careersModule, {
  name: 'careers-module',
  dependencies: ['context', 'messaging', 'storage', 'auth-module', 'accounts-module'],
});
