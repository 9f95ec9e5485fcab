import type { FastifyPluginAsync } from 'fastify';
import { contentRoutes } from '../modules/content/content.routes';
import { adminRoutes } from '../modules/content/content.admin.routes';
import { authRoutes } from '../modules/auth/auth.routes';
import { devOutboxRoutes } from '../modules/auth/dev-outbox.routes';
import { accountsRoutes } from '../modules/accounts/accounts.routes';
import { locationsRoutes } from '../modules/locations/locations.routes';
import { catalogRoutes } from '../modules/catalog/catalog.routes';
import { mediaRoutes } from '../modules/catalog/media.routes';
import { sellersRoutes, recentSellersRoutes } from '../modules/sellers/sellers.routes';
import { reviewsRoutes } from '../modules/reviews/reviews.routes';
import { homeBlogsRoutes } from '../modules/content/home-blogs.routes';

/**
 * The buyer backend (spec §7): every domain's HTTP routes under /api/v1.
 * Each domain issue registers its module's routes here, one line each.
 */
export const buyerService: FastifyPluginAsync = async (app) => {
  // Domain route modules are registered here by their issues, e.g.:
  // await app.register(authRoutes, { prefix: '/auth' });
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(devOutboxRoutes, { prefix: '/dev' });
  await app.register(accountsRoutes);
  await app.register(locationsRoutes, { prefix: '/locations' });
  await app.register(catalogRoutes);
  await app.register(mediaRoutes);
  await app.register(sellersRoutes);
  await app.register(recentSellersRoutes);
  await app.register(reviewsRoutes);
  await app.register(homeBlogsRoutes);
  await app.register(contentRoutes);
  await app.register(adminRoutes, { prefix: '/admin' });
};
