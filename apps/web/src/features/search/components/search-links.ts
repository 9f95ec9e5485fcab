import type { SearchCategory, SearchResponse } from '@maplesource/contracts/catalog';

/** The groups of the global search, in the order they are shown (and tried when Enter is pressed). */
export const searchGroups = ['products', 'services', 'sellers', 'categories', 'blogs'] as const;
export type SearchGroup = (typeof searchGroups)[number];

const withQuery = (path: string, q: string) => `${path}?${new URLSearchParams({ q: q.trim() }).toString()}`;

/** Each group's "see all": its own listing asked with the same text (the server answers the same items first). */
export function seeAllPath(group: Exclude<SearchGroup, 'categories'>, q: string): string {
  const listing = { products: '/products', services: '/services', sellers: '/sellers', blogs: '/blogs' }[
    group
  ];
  return withQuery(listing, q);
}

/** A category's listing: `/products/{top}` or `/products/{top}/{sub}` (services alike). */
export function categoryPath(category: SearchCategory): string {
  const base = category.kind === 'service' ? '/services' : '/products';
  const parts = category.parentSlug ? [category.parentSlug, category.slug] : [category.slug];
  return `${base}/${parts.map(encodeURIComponent).join('/')}`;
}

/**
 * Where Enter in the search box goes once the answer is known: the listing of the first group with results
 * (products, then services, sellers, a category, blog posts), so "Tundra Steel Inc" opens the sellers that match
 * rather than an empty product list; the product listing (which says nothing was found) when nothing matched.
 */
export function bestListingPath(answer: SearchResponse, q: string): string {
  for (const group of searchGroups) {
    if (answer[group].length === 0) continue;
    if (group === 'categories') return categoryPath(answer.categories[0]!);
    return seeAllPath(group, q);
  }
  return seeAllPath('products', q);
}

/** Whether the answer holds nothing at all. */
export const isEmptyAnswer = (answer: SearchResponse) =>
  searchGroups.every((group) => answer[group].length === 0);
