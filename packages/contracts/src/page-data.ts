/**
 * Initial page data (decision 044): the server answers the API requests a page makes on its first load and puts
 * the answers into the page's HTML, so the app renders from them instead of waiting one more round trip.
 * Shared by the server (which requests to answer) and the web app (which answers to take); zod-free, it is on
 * every first load.
 */

import { isLanguageCode } from './languages';
import { stripLanguagePrefix } from './routes';
import { normaliseSeoPath, withoutLanguagePrefix } from './seo';

/**
 * `<meta name=… content="test|live">` in every page's HTML: whether cards are really charged, so the app shows its
 * "test payments" banner with its first render (decision 238).
 */
export const PAYMENTS_MODE_META = 'ms-payments';

/** `<script type="application/json" id=…>` holding `{ [pageDataKey]: body }`. */
export const PAGE_DATA_ELEMENT_ID = 'ms-page-data';

/** API path and query (after `/api/v1/`) in one canonical form: no leading slash, query keys sorted. */
export function pageDataKey(pathAndQuery: string): string {
  const [rawPath = '', query = ''] = pathAndQuery.replace(/^\/+/, '').split(/\?(.*)/s, 2);
  const params = new URLSearchParams(query);
  params.sort();
  const sorted = params.toString();
  return sorted ? `${rawPath}?${sorted}` : rawPath;
}

const listingPageSize = 24;
const reviewPageSize = 10;
const blogListPageSize = 12;

const seoLookup = (page: string) =>
  `seo/by-path?${new URLSearchParams({ path: page.toLowerCase(), optional: '1' }).toString()}`;

/**
 * The GET requests (API path and query) the web app makes when it first shows a page, for the pages whose first
 * screen counts most: the landing page, the bare product and service listings, a product page, the blog list, and
 * (decision 205) a service, a seller, the seller directory and a blog post, with or without a language prefix (`pathname` is the address's path as is). Listings with filters in the address and
 * other pages get nothing here: the app requests their data as usual. The web app's tests check that it still
 * makes these requests.
 */
export function pageDataRequests(pathname: string, search = ''): string[] {
  if (search && search !== '?') return [];
  const page = stripLanguagePrefix(pathname, isLanguageCode);
  // The chips are the terms of the page's text language: French under /fr, English otherwise (a French visitor
  // on an address without prefix asks again for the French ones).
  const textLanguage = pathname === '/fr' || pathname.startsWith('/fr/') ? 'fr' : 'en';
  if (page === '/')
    return [
      seoLookup(pathname),
      'home-page/hero-settings',
      'home-page/landing-features',
      `search/frequent?language=${textLanguage}&limit=8`,
      'category-stats/popular?limit=12',
    ];
  const listing = /^\/(products|services)$/.exec(page);
  if (listing) {
    const kind = listing[1] === 'products' ? 'product' : 'service';
    return [
      seoLookup(pathname),
      `category?kind=${kind}`,
      `${kind}?page=1&pageSize=${listingPageSize}`,
      `${kind}/facets`,
      `global-paragraph?${new URLSearchParams({ path: pathname, optional: '1' }).toString()}`,
    ];
  }
  if (page === '/blogs')
    // The list and the category chips (the 100 newest posts) in the first render: chips arriving a render after
    // the list pushed it down (CLS 0.079; decision 175).
    return [
      seoLookup(pathname),
      `global-paragraph?${new URLSearchParams({ path: '/blogs', optional: '1' }).toString()}`,
      `blogs?page=1&pageSize=${blogListPageSize}`,
      'blogs?page=1&pageSize=100',
    ];
  const product = /^\/productdetails\/([^/]*-(\d{1,15}))$/.exec(page);
  if (product) {
    const [, slug, id] = product;
    return [
      seoLookup(pathname),
      `product/${encodeURIComponent(slug!)}`,
      `review?productId=${id}&page=1&pageSize=${reviewPageSize}`,
    ];
  }
  // The service, seller and blog post pages (decision 205): their first answer names what they ask next (the
  // service's id for its reviews, the seller's id for its catalogue, the post's category for related posts):
  // `pageDataFollowUps` lists those.
  const service = /^\/service\/([^/]+)$/.exec(page);
  if (service) return [seoLookup(pathname), `service/${encodeURIComponent(service[1]!)}`];
  const seller = /^\/seller\/([^/]+)$/.exec(page);
  if (seller) return [seoLookup(pathname), `seller/${encodeURIComponent(seller[1]!)}`];
  if (page === '/sellers')
    return [
      seoLookup(pathname),
      `seller?page=1&pageSize=${listingPageSize}&sort=popular`,
      `global-paragraph?${new URLSearchParams({ path: pathname, optional: '1' }).toString()}`,
    ];
  const blog = /^\/blog\/([^/]+)$/.exec(page);
  if (blog) return [seoLookup(pathname), `blogs/${encodeURIComponent(blog[1]!)}`];
  return [];
}

const idOf = (answer: unknown): string | undefined => {
  const id = (answer as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
};

/**
 * The requests a page makes once its first answers are in (`answerOf(request)`: the successful answer to one of
 * `pageDataRequests(pathname, search)`, or `undefined`; decision 205): the SEO lookup's second try when the
 * first found no entry, a service's reviews, a seller's first catalogue tab (products, or services for a shop
 * with services only) with its categories and facet counts, a blog post's related posts. Nothing for pages
 * without page data, nor what depends on a missing first answer.
 */
export function pageDataFollowUps(
  pathname: string,
  search: string,
  answerOf: (pathAndQuery: string) => unknown,
): string[] {
  const requests = pageDataRequests(pathname, search);
  if (requests.length === 0) return [];
  const page = stripLanguagePrefix(pathname, isLanguageCode);
  const first = (pattern: RegExp) => {
    const request = requests.find((r) => pattern.test(r));
    return request === undefined ? undefined : answerOf(request);
  };
  // The SEO lookup is tried again without a short first segment when the page's own path has no entry
  // (`/fr/products` → `/products`, `/blog/x` → `/x`; docs/product.md §2, `findSeoEntry`).
  const seoRetry = first(/^seo\/by-path\?/) ? null : withoutLanguagePrefix(normaliseSeoPath(pathname));
  return [...(seoRetry ? [seoLookup(seoRetry)] : []), ...pageFollowUps(page, first)];
}

function pageFollowUps(page: string, first: (pattern: RegExp) => unknown): string[] {
  if (/^\/service\/[^/]+$/.test(page)) {
    const id = idOf(first(/^service\//));
    return id ? [`service-review?page=1&pageSize=${reviewPageSize}&serviceId=${id}`] : [];
  }
  if (/^\/seller\/[^/]+$/.test(page)) {
    const seller = first(/^seller\//) as { productCount?: unknown; serviceCount?: unknown } | undefined;
    const id = idOf(seller);
    if (!seller || !id) return [];
    // The storefront opens on its services when it has services only (app/routes/seller-detail.tsx).
    const kind =
      seller.productCount === 0 && typeof seller.serviceCount === 'number' && seller.serviceCount > 0
        ? 'service'
        : 'product';
    return [
      `category?kind=${kind}`,
      `${kind}?page=1&pageSize=${listingPageSize}&sellerId=${id}`,
      `${kind}/facets?sellerId=${id}`,
    ];
  }
  if (/^\/blog\/[^/]+$/.test(page)) {
    const category = (first(/^blogs\//) as { category?: unknown } | undefined)?.category;
    return typeof category === 'string' && category
      ? [`blogs?${new URLSearchParams({ page: '1', pageSize: '4', category }).toString()}`]
      : [];
  }
  return [];
}
