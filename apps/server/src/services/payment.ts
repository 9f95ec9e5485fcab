import type { FastifyPluginAsync } from 'fastify';
import { paymentWebhookRoutes } from '../plugins/payments/webhook.routes';

/**
 * The payment backend (spec §7): payment routes under /api/v1/payment. The provider port is
 * `app.payments` (plugins/payments.ts); the invoices issue adds the intent routes here.
 */
export const paymentService: FastifyPluginAsync = async (app) => {
  await app.register(paymentWebhookRoutes);
};
