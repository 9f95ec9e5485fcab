import type { FastifyPluginAsync } from 'fastify';
import { accountsRoutes } from '../modules/accounts';
import { authRoutes, devOutboxRoutes } from '../modules/auth';
import { careersRoutes } from '../modules/careers';
import { catalogAdminRoutes, catalogRoutes, mediaRoutes } from '../modules/catalog';
import { contentAdminRoutes, contentRoutes, homeBlogsRoutes } from '../modules/content';
import { locationsRoutes } from '../modules/locations';
import { notificationsRoutes } from '../modules/notifications';
import { ordersRoutes } from '../modules/orders';
import { quotesRoutes } from '../modules/quotes';
import { reviewsRoutes } from '../modules/reviews';
import { searchRoutes } from '../modules/search';
import {
  recentSellersRoutes,
  sellersAdminRoutes,
  sellersRoutes,
  sellerTaxProfileRoutes,
} from '../modules/sellers';
import { adminEditRoutes } from '../workflows/admin-edits.routes';
import { employerStatusRoutes } from '../workflows/employer-status.routes';
import { deleteAccountRoutes } from '../workflows/delete-account.routes';
import { quotesSellerRoutes } from '../workflows/quotes.seller.routes';
import { sendInquiryRoutes } from '../workflows/send-inquiry.routes';
import { devEmployerRoutes } from '../workflows/dev-employer.routes';
import { devStorefrontRoutes } from '../workflows/dev-storefront.routes';
import { acceptInvoiceRoutes } from '../workflows/accept-invoice.routes';
import { changeOrderStatusRoutes } from '../workflows/change-order-status.routes';
import { paymentReviewAdminRoutes } from '../workflows/payment-reviews.admin.routes';

/**
 * The admin console's API under /api/v1/admin: one hook requires a logged-in admin acting as admin
 * (`role: admin` header) for the whole prefix; each module serves its own admin routes inside it, and the
 * audited writes that span modules are workflows.
 */
const adminScope: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.requireRole('admin'));
  await app.register(contentAdminRoutes);
  await app.register(catalogAdminRoutes);
  await app.register(sellersAdminRoutes);
  await app.register(adminEditRoutes);
  await app.register(employerStatusRoutes);
  await app.register(paymentReviewAdminRoutes);
};

/**
 * The buyer backend (spec §7): every domain's HTTP routes under /api/v1, one line per module, each imported
 * from the module's door (index.ts). The modules' plugins (app.<module>) are registered by app.ts.
 */
export const buyerService: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(devOutboxRoutes, { prefix: '/dev' });
  await app.register(devStorefrontRoutes, { prefix: '/dev' });
  await app.register(devEmployerRoutes, { prefix: '/dev' });
  await app.register(accountsRoutes);
  await app.register(deleteAccountRoutes);
  await app.register(locationsRoutes, { prefix: '/locations' });
  await app.register(catalogRoutes);
  await app.register(mediaRoutes);
  await app.register(searchRoutes);
  await app.register(sellersRoutes);
  await app.register(recentSellersRoutes);
  await app.register(sellerTaxProfileRoutes);
  await app.register(reviewsRoutes);
  await app.register(notificationsRoutes);
  await app.register(quotesRoutes);
  await app.register(sendInquiryRoutes);
  await app.register(quotesSellerRoutes);
  await app.register(acceptInvoiceRoutes);
  await app.register(ordersRoutes);
  await app.register(changeOrderStatusRoutes);
  await app.register(homeBlogsRoutes);
  await app.register(contentRoutes);
  await app.register(careersRoutes);
  await app.register(adminScope, { prefix: '/admin' });
};
