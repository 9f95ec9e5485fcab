import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  paymentProviderInfoSchema,
  type PaymentProviderInfo,
} from '@maplesource/contracts';

/**
 * `GET /api/v1/payment/provider` (decision 165): which provider takes the card, so the checkout loads Stripe.js only
 * when Stripe is configured, with the publishable key (public by design; the config checked it is one). Nothing
 * about the buyer: it needs no session.
 */
export const paymentProviderInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  const info: PaymentProviderInfo =
    app.payments.provider.name === 'stripe' && app.config.STRIPE_PUBLISHABLE_KEY
      ? { provider: 'stripe', publishableKey: app.config.STRIPE_PUBLISHABLE_KEY }
      : { provider: 'sandbox' };
  app.get(
    '/provider',
    {
      schema: {
        tags: ['payment'],
        summary: 'The active payment provider (and Stripe publishable key)',
        response: { 200: paymentProviderInfoSchema, 400: errorResponseSchema },
      },
    },
    async () => info,
  );
};
