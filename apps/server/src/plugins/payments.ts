import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { rowsOf, withTransaction, type Tx } from '../db/transaction';
import type { Jobs } from './jobs';
import type { PaymentEvent, PaymentProvider } from './payments/provider';
import { SandboxPaymentProvider } from './payments/sandbox';
import { StripePaymentProvider } from './payments/stripe';

export * from './payments/provider';
export { SandboxPaymentProvider } from './payments/sandbox';
export { sandboxFailingAccountNumber, sandboxOnboardingPath } from './payments/sandbox-connect';
export { cardFeeCents, cardFeeFixedCents, cardFeeRateBps } from './payments/provider-fees';

/** Where the payment backend receives provider webhooks (services/payment.ts). */
export const paymentWebhookPath = '/api/v1/payment/webhook';

/**
 * Reacts to one verified provider event, inside the transaction that records it: if it throws,
 * nothing is recorded and the provider's redelivery tries again.
 */
export type PaymentEventHandler = (event: PaymentEvent, tx: Tx) => Promise<void>;

export interface Payments {
  provider: PaymentProvider;
  /** Adds a handler for one event type (`payment_intent.succeeded`) or every type (`*`). Before ready. */
  onEvent(type: string, handler: PaymentEventHandler): void;
  /** Runs the handlers of a newly recorded event. */
  dispatch(event: PaymentEvent, tx: Tx): Promise<void>;
  /**
   * Records a verified event once per provider event id (a unique key) and runs its handlers in the same
   * transaction (the webhook route calls it): false for a replay, which changes nothing.
   */
  receive(event: PaymentEvent): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

/** Stripe is the provider the config resolved (createPaymentProvider's rule, for the page CSP). */
export const stripeSelected = (config: Pick<AppConfig, 'paymentProvider'>) =>
  config.paymentProvider === 'stripe';

/**
 * Whether cards are really charged (decision 238): never by the sandbox; by Stripe only under live keys (the config
 * checked that the publishable key is of the secret key's mode). With `test`, every page and `/payment/provider` say
 * "test payments".
 */
export const paymentsMode = (
  providerName: PaymentProvider['name'],
  config: Pick<AppConfig, 'STRIPE_PUBLISHABLE_KEY'>,
): 'test' | 'live' =>
  providerName === 'stripe' && config.STRIPE_PUBLISHABLE_KEY?.startsWith('pk_live_') ? 'live' : 'test';

/**
 * The provider the config resolved (decision 238): Stripe, or the sandbox. Production takes the sandbox only when
 * PAYMENT_PROVIDER names it; loadConfig refuses anything else, and this refuses a config built around it.
 */
export function createPaymentProvider(config: AppConfig, db: Db, jobs: Jobs): PaymentProvider {
  if (config.paymentProvider === 'stripe' && config.STRIPE_SECRET_KEY)
    return new StripePaymentProvider(
      config.STRIPE_SECRET_KEY,
      config.STRIPE_WEBHOOK_SECRET ?? '',
      undefined,
      config.STRIPE_CONNECT_WEBHOOK_SECRET,
    );
  if (config.paymentProvider === 'stripe')
    throw new Error('STRIPE_SECRET_KEY: is required when the payment provider is Stripe');
  if (config.isProduction && config.PAYMENT_PROVIDER !== 'sandbox')
    throw new Error(
      'PAYMENT_PROVIDER: NODE_ENV=production takes the sandbox payment provider only when PAYMENT_PROVIDER=sandbox',
    );
  return new SandboxPaymentProvider(db, jobs, config.PAYMENT_WEBHOOK_SECRET);
}

/**
 * `app.payments` (decision 073): the provider port and the handler registry for verified webhook
 * events. With the sandbox, confirmations settle in a durable job that posts signed events to the
 * webhook route of this process, or of the payment backend at PUBLIC_URL when this process does
 * not serve it.
 */
async function paymentsPlugin(app: FastifyInstance, options: { provider?: PaymentProvider }) {
  const provider = options.provider ?? createPaymentProvider(app.config, app.db, app.jobs);
  const handlers = new Map<string, PaymentEventHandler[]>();
  let ready = false;

  if (provider instanceof SandboxPaymentProvider) {
    provider.registerJobs(async (rawBody, signature) => {
      const headers = { 'content-type': 'application/json', [provider.signatureHeader]: signature };
      const local = await app.inject({ method: 'POST', url: paymentWebhookPath, payload: rawBody, headers });
      if (local.statusCode !== 404 || app.config.SERVICES.includes('payment')) return local.statusCode;
      const remote = await fetch(`${app.config.PUBLIC_URL}${paymentWebhookPath}`, {
        method: 'POST',
        headers,
        body: rawBody,
        signal: AbortSignal.timeout(10_000),
      });
      return remote.status;
    });
  }

  const payments: Payments = {
    provider,
    onEvent(type, handler) {
      if (ready) throw new Error('payment event handlers are added before the app is ready');
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
    },
    async dispatch(event, tx) {
      for (const handler of [...(handlers.get(event.type) ?? []), ...(handlers.get('*') ?? [])])
        await handler(event, tx);
    },
    receive: (event) =>
      withTransaction(app.db, async (tx) => {
        const inserted = rowsOf<{ event_id: string }>(
          await tx.execute(sql`
            insert into payment_webhook_events (provider, event_id, type, payload)
            values (${event.provider}, ${event.id}, ${event.type}, ${JSON.stringify(event.raw)}::jsonb)
            on conflict (provider, event_id) do nothing
            returning event_id`),
        );
        if (inserted.length === 0) return false;
        await payments.dispatch(event, tx);
        return true;
      }),
  };
  app.decorate('payments', payments);
  app.addHook('onReady', async () => {
    ready = true;
  });
}

export default fp(paymentsPlugin, { name: 'payments', dependencies: ['context', 'jobs'] });
