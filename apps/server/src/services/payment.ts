import type { FastifyPluginAsync } from 'fastify';
import { SandboxPaymentProvider } from '../plugins/payments';
import { paymentProviderInfoRoutes } from '../plugins/payments/provider-info.routes';
import { sandboxPayRoutes } from '../plugins/payments/sandbox-pay.routes';
import { paymentWebhookRoutes } from '../plugins/payments/webhook.routes';
import { registerOrderPaymentHandlers } from '../workflows/order-payments';
import { orderIntentRoutes } from '../workflows/order-payments.routes';

/**
 * The payment backend (spec §7): payment routes under /api/v1/payment — the provider's signed webhooks
 * (whose events settle the orders' payments) and the orders' intents —, and, when the sandbox is the
 * provider, the sandbox's own card endpoint and challenge page under /sandbox-pay (decision 143).
 */
export const paymentService: FastifyPluginAsync = async (app) => {
  registerOrderPaymentHandlers(app);
  await app.register(paymentWebhookRoutes, { prefix: '/api/v1/payment' });
  await app.register(orderIntentRoutes, { prefix: '/api/v1/payment' });
  await app.register(paymentProviderInfoRoutes, { prefix: '/api/v1/payment' });
  const { provider } = app.payments;
  if (provider instanceof SandboxPaymentProvider)
    await app.register(sandboxPayRoutes(provider), { prefix: '/sandbox-pay' });
};
