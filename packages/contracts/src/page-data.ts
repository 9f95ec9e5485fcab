/**
 * Initial page data (decision 044): the server answers the API requests a page makes on its first load and puts
 * the answers into the page's HTML, so the app renders from them instead of waiting one more round trip.
 * Shared by the server (which requests to answer) and the web app (which answers to take); zod-free, it is on
 * every first load.
 */

import { isLanguageCode } from './languages';
import { stripLanguagePrefix } from './routes';

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
 * screen counts most: the landing page, the bare product and service listings, a product page and the blog list, with or
 * without a language prefix (`pathname` is the address's path as is). Listings with filters in the address and
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
  return [];
}
