import type { FastifyPluginAsync } from 'fastify';

/** The payment backend (spec §7): payment routes under /api/v1/payment. Filled by the payments issue. */
export const paymentService: FastifyPluginAsync = async (app) => {
  void app;
};
