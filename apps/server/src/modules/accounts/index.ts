import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AddressService } from './addresses.service';

/** The accounts module's door (profile, preferences, addresses): `app.accounts` and its routes. */
export interface AccountsService {
  addresses: AddressService;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
  }
}

export type { AddressService } from './addresses.service';
export { accountsRoutes } from './accounts.routes';

async function accountsModule(app: FastifyInstance) {
  app.decorate('accounts', { addresses: new AddressService(app.db) });
}

export const accountsModulePlugin = fp(accountsModule, {
  name: 'accounts-module',
  dependencies: ['context', 'auth-module', 'locations-module'],
});
