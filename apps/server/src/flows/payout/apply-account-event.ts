import type { FastifyInstance } from 'fastify';
import { connectedAccountOfEvent } from '../../plugins/payments';
import { failPayout } from './run-payouts';
import '../../modules/ledger';
import '../../modules/payout-accounts';

/**
 * The provider's events about payouts, in the webhook's transaction (the route records each event id once, so a
 * replay changes nothing): `account.updated` keeps the payout account's status (decision 312); `transfer.reversed`
 * fails the payout whose transfer came back, returning its amount to the seller's available balance (decision 297).
 */
export function registerPayoutAccountHandlers(
  app: Pick<FastifyInstance, 'payments' | 'payoutAccounts' | 'ledger' | 'events' | 'db'>,
) {
  app.payments.onEvent('account.updated', async (event, tx) => {
    const account = connectedAccountOfEvent(event.object);
    if (!account) return;
    await app.payoutAccounts.applyProviderAccount(tx, event.provider, account, event.createdAt);
  });
  app.payments.onEvent('transfer.reversed', async (event, tx) => {
    const transferId = event.object.id;
    if (typeof transferId !== 'string') return;
    await failPayout(app, { transferId }, 'The transfer was reversed by the payout provider', tx);
  });
}
