/**
 * The page routes of docs/product.md §2, shared by the web router (apps/web/src/config/paths.ts)
 * and the server, which answers 200 for these and 404 for any other page path.
 * Patterns use React Router syntax (`:param`).
 */
export const productListingTypes = [
  'popular',
  'bestsellers',
  'new-arrivals',
  'suggested',
  'recommended',
  'all',
] as const;
export type ProductListingType = (typeof productListingTypes)[number];

export const publicPagePatterns = [
  '/',
  '/products',
  '/products/:category',
  '/products/:category/:subcategory',
  '/productdetails/:slug',
  '/services',
  '/services/:category',
  '/services/:category/:subcategory',
  '/service/:slug',
  '/sellers',
  '/seller/:slug',
  '/our-sellers',
  '/claim-stores',
  '/blogs',
  '/blog/:slug',
  '/terms-and-condition',
  '/privacy-policy',
  '/verify-email',
  '/career/verify-email',
  '/global-quote',
  '/cnc-fabrication-quotes',
  '/cnc-fabrication-quotes/:tab',
] as const;

export const loggedInPagePatterns = [
  '/profile',
  '/wishlist',
  '/invoice/:invoiceToken',
  '/checkout',
  '/career',
  '/my-orders',
  '/order/:orderId',
  '/service-order/:orderId',
  // The seller's inbox and conversations; `/seller/{slug}` is the public storefront.
  '/seller-centre',
  '/seller-centre/inbox',
  '/seller-centre/inbox/:chatId',
  // The seller's quotation pipeline (decision 267).
  '/seller-centre/pipeline',
  // The seller's orders.
  '/seller-centre/orders',
  // The storefront's stats (decision 273).
  '/seller-centre/stats',
  // The seller's tax registration (GST/HST and QST numbers for invoices).
  '/seller-centre/tax-registration',
  // The storefront's held, available and paid-out money, payouts and statements (decisions 296, 297, 300).
  '/seller-centre/balance',
  // The storefronts' payout accounts (decision 312).
  '/seller-centre/payouts',
  // The seller's catalogue (decision 287): products and services, new ones and one to edit.
  '/seller-centre/products',
  '/seller-centre/products/new',
  '/seller-centre/products/:itemId',
  '/seller-centre/services',
  '/seller-centre/services/new',
  '/seller-centre/services/:itemId',
  // The seller's storefront (decision 261).
  '/seller-centre/storefront',
  // Requests for quotes sent to the seller's storefronts (decisions 298, 317); `?rfq={id}` opens one.
  '/seller-centre/rfqs',
] as const;

/** `/about-{product}`: one dynamic segment with a fixed prefix (React Router cannot express it). */
export const ABOUT_PREFIX = '/about-';

/** The admin console: not a buyer screen of docs/product.md §2, but a real page for admins. */
export const ADMIN_PATH = '/admin';

/**
 * The sandbox outbox's page (decision 257): a page only where the sandbox outbox exists (never in production); the
 * server answers it 404 elsewhere, so it is not in `isKnownPagePath`.
 */
export const DEV_OUTBOX_PATH = '/dev/outbox';

function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body === '' ? '/' : body}/?$`);
}

const pageMatchers = [...publicPagePatterns, ...loggedInPagePatterns].map(patternToRegExp);

/** Strips a language prefix such as `/fr` (docs/product.md §2 SEO heuristic: `/fr/products`). */
export function stripLanguagePrefix(pathname: string, isLanguage: (segment: string) => boolean): string {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (match && isLanguage(match[1]!)) return match[2] ?? '/';
  return pathname;
}

/** True when the path is a page of docs/product.md §2 (ignoring a trailing slash). */
export function isKnownPagePath(pathname: string): boolean {
  if (pathname.startsWith(ABOUT_PREFIX) && /^\/about-[^/]+\/?$/.test(pathname)) return true;
  if (pathname === ADMIN_PATH || pathname.startsWith(`${ADMIN_PATH}/`)) return true;
  return pageMatchers.some((re) => re.test(pathname));
}
