import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  applyProviderAccount,
  dueAccounts,
  payoutAccountOf,
  recordPayoutAccount,
  setPayoutSettings,
} from './payout-accounts.service';
import {
  createPayout,
  markPayoutFailed,
  markPayoutSent,
  payoutsBetween,
  payoutsByIds,
  payoutsForAdmin,
  payoutsOf,
  pendingPayouts,
} from './payouts';

/**
 * The payout-accounts module's door (decision 312): `app.payoutAccounts`, one payout account per storefront — its
 * provider account, status, schedule and minimum. The ledger (balances, payouts) is another module's; the payout
 * run reads the accounts and records its payouts through this door.
 */
export const payoutAccountsService = {
  payoutAccountOf,
  recordPayoutAccount,
  setPayoutSettings,
  applyProviderAccount,
  // The payout run's records (decision 297).
  dueAccounts,
  createPayout,
  pendingPayouts,
  markPayoutSent,
  markPayoutFailed,
  payoutsOf,
  payoutsBetween,
  payoutsForAdmin,
  payoutsByIds,
};
export type PayoutAccountsService = typeof payoutAccountsService;
export type { StoredPayoutAccount } from './payout-accounts.service';
export type { StoredPayout, PayoutStatus } from './payouts';

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
