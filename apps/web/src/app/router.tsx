import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { AppLoader } from './behaviours/global-loader';
import { DefaultLayout } from './layouts/default-layout';
import { LoggedInOnly } from './routes/logged-in-only';
import { RouteError } from './routes/route-error';
import { languagePrefixedRoutes } from './language-routes';
import { dropPageData } from '../lib/page-data';

/** Route `lazy`: each screen is its own chunk; the router reports "loading" while it downloads. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('./routes/landing')) },
  { path: paths.products, lazy: page(() => import('./routes/products')) },
  // Also serves /products/{type} (popular, bestsellers, …): the page decides.
  { path: paths.productCategory, lazy: page(() => import('./routes/products')) },
  { path: paths.productSubcategory, lazy: page(() => import('./routes/products')) },
  { path: paths.productDetail, lazy: page(() => import('./routes/product-detail')) },
  { path: paths.services, lazy: page(() => import('./routes/services')) },
  { path: paths.serviceCategory, lazy: page(() => import('./routes/services')) },
  { path: paths.serviceSubcategory, lazy: page(() => import('./routes/services')) },
  { path: paths.serviceDetail, lazy: page(() => import('./routes/service-detail')) },
  { path: paths.sellers, lazy: page(() => import('./routes/sellers')) },
  { path: paths.sellerDetail, lazy: page(() => import('./routes/seller-detail')) },
  { path: paths.ourSellers, lazy: page(() => import('./routes/our-sellers')) },
  { path: paths.blogs, lazy: page(() => import('./routes/blogs')) },
  { path: paths.blogDetail, lazy: page(() => import('./routes/blog-detail')) },
  { path: paths.terms, lazy: page(() => import('./routes/terms')) },
  { path: paths.privacy, lazy: page(() => import('./routes/privacy')) },
  { path: paths.verifyEmail, lazy: page(() => import('./routes/verify-email')) },
  { path: paths.careerVerifyEmail, lazy: page(() => import('./routes/career-verify-email')) },
  { path: paths.globalQuote, lazy: page(() => import('./routes/global-quote')) },
  { path: paths.cncQuotes, lazy: page(() => import('./routes/cnc-quotes')) },
  { path: paths.cncQuotesTab, lazy: page(() => import('./routes/cnc-quotes')) },
  // `/about-{product}` or not found (see about-or-not-found.tsx).
  { path: '/:aboutSlug', lazy: page(() => import('./routes/about-or-not-found')) },
  { path: '*', lazy: page(() => import('./routes/not-found')) },
];

const loggedInRoutes: RouteObject[] = [
  { path: paths.profile, lazy: page(() => import('./routes/profile')) },
  { path: paths.wishlist, lazy: page(() => import('./routes/wishlist')) },
  { path: paths.invoice, lazy: page(() => import('./routes/invoice')) },
  { path: paths.checkout, lazy: page(() => import('./routes/checkout')) },
  { path: paths.career, lazy: page(() => import('./routes/career')) },
  { path: paths.myOrders, lazy: page(() => import('./routes/my-orders')) },
  { path: paths.orderDetail, lazy: page(() => import('./routes/order-detail')) },
  { path: paths.serviceOrderDetail, lazy: page(() => import('./routes/service-order-detail')) },
  { path: paths.sellerInbox, lazy: page(() => import('./routes/seller-inbox')) },
  { path: paths.sellerConversation, lazy: page(() => import('./routes/seller-inbox')) },
  { path: paths.sellerTaxRegistration, lazy: page(() => import('./routes/seller-tax-registration')) },
];

export const routes: RouteObject[] = [
  {
    element: <DefaultLayout />,
    hydrateFallbackElement: <AppLoader />,
    errorElement: <RouteError />,
    children: [
      { errorElement: <RouteError />, children: [...publicRoutes] },
      { element: <LoggedInOnly />, errorElement: <RouteError />, children: loggedInRoutes },
      // `/fr/products` etc. (issue 5): same screens, language selected by the prefix.
      ...languagePrefixedRoutes([
        { errorElement: <RouteError />, children: [...publicRoutes] },
        { element: <LoggedInOnly />, errorElement: <RouteError />, children: loggedInRoutes },
      ]),
    ],
  },
  // Admin console (issue 5): its own lazy chunk and layout, never in the buyer bundle.
  { path: '/admin/*', errorElement: <RouteError />, lazy: page(() => import('./routes/admin')) },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  const firstKey = router.state.location.key;
  const stop = router.subscribe((state) => {
    if (state.location.key === firstKey) return;
    dropPageData();
    stop();
  });
  return router;
}
