import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import '../../modules/ledger';
import '../../modules/orders';

/**
 * The provider's fee on a captured payment (decision 304): read from the provider (Stripe: the charge's balance
 * transaction `fee`; the sandbox: its own record) and posted to the ledger — the platform's `provider_fees` against
 * its cash at the provider — once per order (`provider-fee:<orderId>`). A job queued in the capture's transaction,
 * since the provider is never called inside one; it retries until the provider has recorded the fee.
 */
export type ProviderFeeDoors = Pick<FastifyInstance, 'db' | 'orders' | 'ledger' | 'payments'>;

export const providerFeeJob = 'ledger.post-provider-fee';
const jobSchema = z.object({ orderId: z.uuid() });

export class ProviderFeeNotReadyError extends Error {
  constructor(orderId: string) {
    super(`the provider has not recorded the fee of order ${orderId}'s payment yet`);
    this.name = 'ProviderFeeNotReadyError';
  }
}

/** Posts the order's provider fee; false when it was posted already or the order has no payment. */
export async function postProviderFee(doors: ProviderFeeDoors, orderId: string): Promise<boolean> {
  const intents = await doors.orders.paymentIntentsOf(doors.db, [orderId]);
  const intentId = intents.get(orderId);
  if (!intentId) return false;
  const fee = await doors.payments.provider.chargeFee(intentId);
  if (!fee) throw new ProviderFeeNotReadyError(orderId);
  return withTransaction(doors.db, (tx) =>
    doors.ledger.postProviderFee(tx, { orderId, feeCents: fee.feeCents }),
  );
}

export function registerProviderFeeJobs(app: FastifyInstance) {
  app.jobs.register(providerFeeJob, async ({ orderId }) => void (await postProviderFee(app, orderId)), {
    schema: jobSchema,
    retryLimit: 10,
    retryDelaySeconds: 2,
    retryDelayMaxSeconds: 3600,
  });
}
