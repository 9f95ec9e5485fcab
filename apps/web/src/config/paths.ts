import { generatePath, type PathParam } from 'react-router';
import {
  ABOUT_PREFIX,
  type loggedInPagePatterns,
  type ProductListingType,
  type publicPagePatterns,
} from '@maplesource/contracts/routes';

/** Every page pattern of docs/product.md §2 (from contracts/routes.ts). */
export type PublicPagePattern = (typeof publicPagePatterns)[number];
export type LoggedInPagePattern = (typeof loggedInPagePatterns)[number];
export type PagePattern = PublicPagePattern | LoggedInPagePattern;

/** Named route table. Each value must be a pattern from contracts (checked below). */
export const paths = {
  home: '/',
  products: '/products',
  productCategory: '/products/:category',
  productSubcategory: '/products/:category/:subcategory',
  productDetail: '/productdetails/:slug',
  services: '/services',
  serviceCategory: '/services/:category',
  serviceSubcategory: '/services/:category/:subcategory',
  serviceDetail: '/service/:slug',
  sellers: '/sellers',
  sellerDetail: '/seller/:slug',
  ourSellers: '/our-sellers',
  claimStores: '/claim-stores',
  blogs: '/blogs',
  blogDetail: '/blog/:slug',
  terms: '/terms-and-condition',
  privacy: '/privacy-policy',
  verifyEmail: '/verify-email',
  careerVerifyEmail: '/career/verify-email',
  globalQuote: '/global-quote',
  cncQuotes: '/cnc-fabrication-quotes',
  cncQuotesTab: '/cnc-fabrication-quotes/:tab',
  profile: '/profile',
  wishlist: '/wishlist',
  invoice: '/invoice/:invoiceToken',
  checkout: '/checkout',
  career: '/career',
  myOrders: '/my-orders',
  orderDetail: '/order/:orderId',
  serviceOrderDetail: '/service-order/:orderId',
  sellerCentre: '/seller-centre',
  sellerInbox: '/seller-centre/inbox',
  sellerConversation: '/seller-centre/inbox/:chatId',
  sellerPipeline: '/seller-centre/pipeline',
  sellerOrders: '/seller-centre/orders',
  sellerStats: '/seller-centre/stats',
  sellerTaxRegistration: '/seller-centre/tax-registration',
  sellerBalance: '/seller-centre/balance',
  sellerPayouts: '/seller-centre/payouts',
  sellerProducts: '/seller-centre/products',
  sellerProductNew: '/seller-centre/products/new',
  sellerProductEdit: '/seller-centre/products/:itemId',
  sellerServices: '/seller-centre/services',
  sellerServiceNew: '/seller-centre/services/new',
  sellerServiceEdit: '/seller-centre/services/:itemId',
  sellerStorefront: '/seller-centre/storefront',
  sellerRfqs: '/seller-centre/rfqs',
} as const satisfies Record<string, PagePattern>;

// Compile-time check: every contracts pattern has a name here.
type MissingPatterns = Exclude<PagePattern, (typeof paths)[keyof typeof paths]>;
const _allPatternsNamed: [MissingPatterns] extends [never] ? true : MissingPatterns = true;
void _allPatternsNamed;

export type PathName = keyof typeof paths;

export type PathParams<N extends PathName> = { [K in PathParam<(typeof paths)[N]>]: string };

/** Builds a concrete URL from a named pattern: `to('productDetail', { slug })`, `to('home')`. */
export function to<N extends PathName>(
  name: N,
  ...args: [PathParam<(typeof paths)[N]>] extends [never] ? [] : [params: PathParams<N>]
): string {
  return generatePath<string>(paths[name], args[0] as Record<string, string> | undefined);
}

/** `/about-{product}` (React Router cannot express a prefixed param). */
export function aboutPath(product: string): string {
  return `${ABOUT_PREFIX}${encodeURIComponent(product)}`;
}

export function productListingPath(type: ProductListingType): string {
  return generatePath(paths.productCategory, { category: type });
}

export function productSearchPath(query: string): string {
  const q = query.trim();
  return q ? `${paths.products}?${new URLSearchParams({ q }).toString()}` : paths.products;
}
