import type { FastifyPluginAsync } from 'fastify';
import { accountsRoutes } from '../modules/accounts';
import { authRoutes, devOutboxRoutes } from '../modules/auth';
import { careersRoutes } from '../modules/careers';
import { cncQuotesRoutes } from '../modules/cnc-quotes';
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
import { accountRoutes } from '../flows/account/account.routes';
import { adminEditRoutes } from '../flows/admin/admin.routes';
import { cncRatesAdminRoutes } from '../flows/cnc-quote/cnc-quote.routes';
import { devStorefrontRoutes } from '../flows/dev-storefront/dev-storefront.routes';
import { devEmployerRoutes, employerStatusRoutes } from '../flows/employer/employer.routes';
import { fulfilmentRoutes } from '../flows/fulfilment/fulfilment.routes';
import { inquiryRoutes } from '../flows/inquiry/inquiry.routes';
import { acceptInvoiceRoutes } from '../flows/invoice/invoice.routes';
import { itemPageRoutes } from '../flows/item-page/item-page.routes';
import { orderDocumentsRoutes } from '../flows/order-documents/order-documents.routes';
import {
  paymentReviewAdminRoutes,
  paymentReviewSellerRoutes,
  testClockReleaseRoutes,
} from '../flows/payment/payment.routes';
import { payoutAccountRoutes, payoutAdminRoutes, testClockPayoutRoutes } from '../flows/payout/payout.routes';
import { reconciliationAdminRoutes } from '../flows/reconciliation/reconciliation.routes';
import { rfqRoutes } from '../flows/rfq/rfq.routes';
import { sellerCatalogueRoutes } from '../flows/seller-catalogue/seller-catalogue.routes';
import { ledgerAdminRoutes, sellerBalanceRoutes } from '../flows/seller-balance/seller-balance.routes';
import {
  sellerOnboardingAdminRoutes,
  sellerOnboardingRoutes,
} from '../flows/seller-onboarding/seller-onboarding.routes';
import { sellerStorefrontRoutes } from '../flows/seller-storefront/seller-storefront.routes';
import {
  storefrontClaimsAdminRoutes,
  storefrontClaimsRoutes,
} from '../flows/storefront-claims/storefront-claims.routes';

/**
 * The admin console's API under /api/v1/admin: one rule requires a logged-in admin acting as admin
 * (`role: admin` header) for the whole prefix, checked before the body is read (decision 246); each module serves
 * its own admin routes inside it, and the audited writes that span modules are flows (flows/admin, flows/employer,
 * flows/payment).
 */
const adminScope: FastifyPluginAsync = async (app) => {
  app.restrictScopeToRole('admin');
  await app.register(contentAdminRoutes);
  await app.register(catalogAdminRoutes);
  await app.register(sellersAdminRoutes);
  await app.register(adminEditRoutes);
  await app.register(employerStatusRoutes);
  await app.register(paymentReviewAdminRoutes);
  await app.register(ledgerAdminRoutes);
  await app.register(payoutAdminRoutes);
  await app.register(reconciliationAdminRoutes);
  await app.register(sellerOnboardingAdminRoutes);
  await app.register(storefrontClaimsAdminRoutes);
  await app.register(cncRatesAdminRoutes);
  if (app.config.TEST_CLOCK) {
    await app.register(testClockReleaseRoutes);
    await app.register(testClockPayoutRoutes);
  }
};

/**
 * The buyer backend (docs/product.md §7): every domain's HTTP routes under /api/v1, one line per module, each imported
 * from the module's door (index.ts). The modules' plugins (app.<module>) are registered by app.ts.
 */
export const buyerService: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(devOutboxRoutes, { prefix: '/dev' });
  await app.register(devStorefrontRoutes, { prefix: '/dev' });
  await app.register(devEmployerRoutes, { prefix: '/dev' });
  await app.register(accountsRoutes);
  await app.register(accountRoutes);
  await app.register(locationsRoutes, { prefix: '/locations' });
  await app.register(catalogRoutes);
  await app.register(itemPageRoutes);
  await app.register(mediaRoutes);
  await app.register(searchRoutes);
  await app.register(sellersRoutes);
  await app.register(recentSellersRoutes);
  await app.register(sellerTaxProfileRoutes);
  await app.register(sellerCatalogueRoutes);
  await app.register(sellerBalanceRoutes);
  await app.register(sellerOnboardingRoutes);
  await app.register(sellerStorefrontRoutes);
  await app.register(storefrontClaimsRoutes);
  await app.register(payoutAccountRoutes);
  await app.register(rfqRoutes);
  await app.register(cncQuotesRoutes);
  await app.register(reviewsRoutes);
  await app.register(notificationsRoutes);
  await app.register(quotesRoutes);
  await app.register(inquiryRoutes);
  await app.register(acceptInvoiceRoutes);
  await app.register(ordersRoutes);
  await app.register(fulfilmentRoutes);
  await app.register(paymentReviewSellerRoutes);
  await app.register(orderDocumentsRoutes);
  await app.register(homeBlogsRoutes);
  await app.register(contentRoutes);
  await app.register(careersRoutes);
  await app.register(adminScope, { prefix: '/admin' });
};
