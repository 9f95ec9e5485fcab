import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { Tx } from '../db/transaction';
import type { Jobs } from './jobs';
import type { PaymentEvent, PaymentProvider } from './payments/provider';
import { SandboxPaymentProvider } from './payments/sandbox';
import { StripePaymentProvider } from './payments/stripe';

export * from './payments/provider';
export { SandboxPaymentProvider } from './payments/sandbox';

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
  /** Runs the handlers of a newly recorded event (the webhook route calls it). */
  dispatch(event: PaymentEvent, tx: Tx): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

/** Stripe is the provider exactly when STRIPE_SECRET_KEY is set (createPaymentProvider's rule, for the page CSP). */
export const stripeSelected = (config: Pick<AppConfig, 'STRIPE_SECRET_KEY'>) =>
  Boolean(config.STRIPE_SECRET_KEY);

/** Chooses the provider like the SMS and mail ones: Stripe when STRIPE_SECRET_KEY is set, else the sandbox. */
export function createPaymentProvider(config: AppConfig, db: Db, jobs: Jobs): PaymentProvider {
  if (config.STRIPE_SECRET_KEY)
    return new StripePaymentProvider(config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET ?? '');
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

  app.decorate('payments', {
    provider,
    onEvent(type, handler) {
      if (ready) throw new Error('payment event handlers are added before the app is ready');
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
    },
    async dispatch(event, tx) {
      for (const handler of [...(handlers.get(event.type) ?? []), ...(handlers.get('*') ?? [])])
        await handler(event, tx);
    },
  } satisfies Payments);
  app.addHook('onReady', async () => {
    ready = true;
  });
}

export default fp(paymentsPlugin, { name: 'payments', dependencies: ['context', 'jobs'] });
