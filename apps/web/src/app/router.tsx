import { Suspense, useState, type ComponentType } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { DEV_OUTBOX_PATH } from '@maplesource/contracts/routes';
import { AppLoader } from './behaviours/global-loader';
import { DefaultLayout } from './layouts/default-layout';
import { LoggedInOnly } from './routes/logged-in-only';
import { RouteErrorBoundary } from './routes/route-error';
import { languagePrefixedRoutes } from './language-routes';
import { lazyScreen, type LazyScreen } from './screen-loading';
import { dropPageData } from '../lib/page-data';
import { withAllTexts } from '../lib/i18n';

/**
 * Each screen is its own chunk (React.lazy), rendered in the layout's Suspense boundary. The routes are plain
 * element routes for `useRoutes` in a `BrowserRouter`: the data router (`createBrowserRouter`: loaders, actions,
 * fetchers, route `lazy`) is ~17 KB gzip of every page's first load and the app used none of it but `lazy`
 * (decision 125).
 */
type ScreenModule = () => Promise<{ default: ComponentType }>;
/** A screen that may use any namespace: it renders once all of its language's texts are there (decision 175). */
const page = (load: ScreenModule) => {
  const Screen = lazyScreen(withAllTexts(load));
  return <Screen />;
};
/** A public page of the initial JavaScript budget (decisions 125, 175): the first texts (`firstNamespaces`) are all it uses. */
const publicPage = (load: ScreenModule) => {
  const Screen = lazyScreen(load);
  return <Screen />;
};

// Screens served by several routes: one lazy component each, so moving between those routes keeps the screen.
const productListing = publicPage(() => import('./routes/products'));
const serviceListing = publicPage(() => import('./routes/services'));
const sellerMoney = page(() => import('./routes/seller-money'));
const cncQuotes = page(() => import('./routes/cnc-quotes'));
const sellerInbox = page(() => import('./routes/seller-inbox'));
const sellerCatalogue = page(() => import('./routes/seller-catalogue'));
const sellerCatalogueItem = page(() => import('./routes/seller-catalogue-item'));

const publicRoutes: RouteObject[] = [
  { index: true, element: publicPage(() => import('./routes/landing')) },
  { path: paths.products, element: productListing },
  // Also serves /products/{type} (popular, bestsellers, …): the page decides.
  { path: paths.productCategory, element: productListing },
  { path: paths.productSubcategory, element: productListing },
  { path: paths.productDetail, element: publicPage(() => import('./routes/product-detail')) },
  { path: paths.services, element: serviceListing },
  { path: paths.serviceCategory, element: serviceListing },
  { path: paths.serviceSubcategory, element: serviceListing },
  { path: paths.serviceDetail, element: publicPage(() => import('./routes/service-detail')) },
  { path: paths.sellers, element: publicPage(() => import('./routes/sellers')) },
  { path: paths.sellerDetail, element: publicPage(() => import('./routes/seller-detail')) },
  { path: paths.ourSellers, element: page(() => import('./routes/our-sellers')) },
  { path: paths.claimStores, element: page(() => import('./routes/claim-stores')) },
  { path: paths.blogs, element: publicPage(() => import('./routes/blogs')) },
  { path: paths.blogDetail, element: publicPage(() => import('./routes/blog-detail')) },
  { path: paths.terms, element: page(() => import('./routes/terms')) },
  { path: paths.privacy, element: page(() => import('./routes/privacy')) },
  { path: paths.verifyEmail, element: page(() => import('./routes/verify-email')) },
  { path: paths.careerVerifyEmail, element: page(() => import('./routes/career-verify-email')) },
  { path: paths.globalQuote, element: page(() => import('./routes/global-quote')) },
  { path: paths.cncQuotes, element: cncQuotes },
  { path: paths.cncQuotesTab, element: cncQuotes },
  // `/about-{product}` or not found (see about-or-not-found.tsx).
  { path: '/:aboutSlug', element: page(() => import('./routes/about-or-not-found')) },
  { path: '*', element: page(() => import('./routes/not-found')) },
];

const loggedInRoutes: RouteObject[] = [
  { path: paths.profile, element: page(() => import('./routes/profile')) },
  { path: paths.wishlist, element: page(() => import('./routes/wishlist')) },
  { path: paths.invoice, element: page(() => import('./routes/invoice')) },
  { path: paths.checkout, element: page(() => import('./routes/checkout')) },
  { path: paths.career, element: page(() => import('./routes/career')) },
  { path: paths.myOrders, element: page(() => import('./routes/my-orders')) },
  { path: paths.orderDetail, element: page(() => import('./routes/order-detail')) },
  { path: paths.serviceOrderDetail, element: page(() => import('./routes/service-order-detail')) },
  { path: paths.sellerCentre, element: page(() => import('./routes/seller-centre')) },
  { path: paths.sellerPipeline, element: page(() => import('./routes/seller-pipeline')) },
  { path: paths.sellerInbox, element: sellerInbox },
  { path: paths.sellerConversation, element: sellerInbox },
  { path: paths.sellerOrders, element: page(() => import('./routes/seller-orders')) },
  { path: paths.sellerStats, element: page(() => import('./routes/seller-stats')) },
  { path: paths.sellerTaxRegistration, element: page(() => import('./routes/seller-tax-registration')) },
  { path: paths.sellerBalance, element: sellerMoney },
  { path: paths.sellerPayouts, element: sellerMoney },
  { path: paths.sellerProducts, element: sellerCatalogue },
  { path: paths.sellerServices, element: sellerCatalogue },
  { path: paths.sellerProductNew, element: sellerCatalogueItem },
  { path: paths.sellerProductEdit, element: sellerCatalogueItem },
  { path: paths.sellerServiceNew, element: sellerCatalogueItem },
  { path: paths.sellerServiceEdit, element: sellerCatalogueItem },
  { path: paths.sellerStorefront, element: page(() => import('./routes/seller-storefront')) },
  { path: paths.sellerRfqs, element: page(() => import('./routes/seller-rfqs')) },
];

// The sandbox outbox (decision 257): the server serves this page only where the outbox exists, never in production.
const devOutboxRoute: RouteObject = {
  path: DEV_OUTBOX_PATH,
  element: page(() => import('./routes/dev-outbox')),
};

export const routes: RouteObject[] = [
  {
    element: <DefaultLayout />,
    children: [
      ...publicRoutes,
      devOutboxRoute,
      { element: <LoggedInOnly />, children: loggedInRoutes },
      // `/fr/products` etc.: same screens, language selected by the prefix.
      ...languagePrefixedRoutes([
        { children: [...publicRoutes, devOutboxRoute] },
        { element: <LoggedInOnly />, children: loggedInRoutes },
      ]),
    ],
  },
  // Admin console: its own lazy chunk and layout, never in the buyer bundle.
  {
    path: '/admin/*',
    element: <Suspense fallback={<AppLoader />}>{page(() => import('./routes/admin'))}</Suspense>,
  },
];

/**
 * Loads the screen chunk of `pathname` (decision 206): the first render then shows the screen without suspending.
 * Resolves when it is loaded, or at once for an address without a lazy screen; never rejects (a chunk that fails
 * fails again when the screen renders, into the route error screen).
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const element = matchRoutes(routes, pathname)?.at(-1)?.route.element;
  const type: unknown =
    element && typeof element === 'object' && 'type' in element ? element.type : undefined;
  const preload = typeof type === 'function' ? (type as Partial<LazyScreen>).preload : undefined;
  await preload?.().catch(() => undefined);
}

/** The app's routes for the current address; a failing screen shows the route error screen. */
export function AppRoutes() {
  const location = useLocation();
  // The page's embedded API answers (decision 044) serve its first screen only: from the first navigation on,
  // every request goes to the server. Dropped while rendering the new address, before its screen asks.
  const [firstKey] = useState(location.key);
  if (location.key !== firstKey) dropPageData();
  return <RouteErrorBoundary>{useRoutes(routes, location)}</RouteErrorBoundary>;
}
