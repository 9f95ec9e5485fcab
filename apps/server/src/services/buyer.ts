import type { FastifyPluginAsync } from 'fastify';
import { contentRoutes } from '../modules/content/content.routes';
import { adminRoutes } from '../modules/admin/admin.routes';

/**
 * The buyer backend (spec §7): every domain's HTTP routes under /api/v1.
 * Each domain issue registers its module's routes here, one line each.
 */
export const buyerService: FastifyPluginAsync = async (app) => {
  // Domain route modules are registered here by their issues, e.g.:
  // await app.register(authRoutes, { prefix: '/auth' });
  void app;
  await app.register(contentRoutes);
  await app.register(adminRoutes, { prefix: '/admin' });
};
