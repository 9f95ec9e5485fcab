import type { FastifyPluginAsync } from 'fastify';
import { SandboxPaymentProvider } from '../plugins/payments';
import { registerOrderPaymentHandlers } from '../flows/payment/apply-payment-event';
import { registerDisputeHandlers } from '../flows/payment/apply-dispute-event';
import {
  orderIntentRoutes,
  paymentProviderInfoRoutes,
  paymentWebhookRoutes,
  sandboxPayRoutes,
} from '../flows/payment/payment.routes';
import { registerPayoutAccountHandlers } from '../flows/payout/apply-account-event';
import { sandboxOnboardingRoutes } from '../flows/payout/payout.routes';

/**
 * The payment backend (docs/product.md §7): payment routes under /api/v1/payment — the provider's signed webhooks
 * (whose events settle the orders' payments) and the orders' intents —, and, when the sandbox is the
 * provider, the sandbox's own card endpoint and challenge page under /sandbox-pay (decision 143) and its payout-account
 * onboarding page under /sandbox-connect (decision 312). The provider's `account.updated` keeps the payout accounts.
 */
export const paymentService: FastifyPluginAsync = async (app) => {
  registerOrderPaymentHandlers(app);
  registerPayoutAccountHandlers(app);
  registerDisputeHandlers(app);
  await app.register(paymentWebhookRoutes, { prefix: '/api/v1/payment' });
  await app.register(orderIntentRoutes, { prefix: '/api/v1/payment' });
  await app.register(paymentProviderInfoRoutes, { prefix: '/api/v1/payment' });
  const { provider } = app.payments;
  if (provider instanceof SandboxPaymentProvider) {
    await app.register(sandboxPayRoutes(provider), { prefix: '/sandbox-pay' });
    await app.register(sandboxOnboardingRoutes(provider), { prefix: '/sandbox-connect' });
  }
};
