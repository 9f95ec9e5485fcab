import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  applyProviderAccount,
  payoutAccountOf,
  recordPayoutAccount,
  setPayoutSettings,
} from './payout-accounts.service';

/**
 * The payout-accounts module's door (decision 312): `app.payoutAccounts`, one payout account per storefront — its
 * provider account, status, schedule and minimum. The ledger (balances, payouts) is another module's; the payout
 * run reads the accounts through this door.
 */
export const payoutAccountsService = {
  payoutAccountOf,
  recordPayoutAccount,
  setPayoutSettings,
  applyProviderAccount,
};
export type PayoutAccountsService = typeof payoutAccountsService;
export type { StoredPayoutAccount } from './payout-accounts.service';

declare module 'fastify' {
  interface FastifyInstance {
    payoutAccounts: PayoutAccountsService;
  }
}

async function payoutAccountsModule(app: FastifyInstance) {
  app.decorate('payoutAccounts', payoutAccountsService);
}

export const payoutAccountsModulePlugin = fp(payoutAccountsModule, {
  name: 'payout-accounts-module',
  dependencies: ['context'],
});
