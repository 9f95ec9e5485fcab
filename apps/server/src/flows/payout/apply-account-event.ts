import type { FastifyInstance } from 'fastify';
import { connectedAccountOfEvent } from '../../plugins/payments';
import '../../modules/payout-accounts';

/**
 * The provider's `account.updated` keeps the payout account's status (decision 312), in the webhook's
 * transaction: the route records each event id once, so a replay changes nothing.
 */
export function registerPayoutAccountHandlers(app: Pick<FastifyInstance, 'payments' | 'payoutAccounts'>) {
  app.payments.onEvent('account.updated', async (event, tx) => {
    const account = connectedAccountOfEvent(event.object);
    if (!account) return;
    await app.payoutAccounts.applyProviderAccount(tx, event.provider, account, event.createdAt);
  });
}
