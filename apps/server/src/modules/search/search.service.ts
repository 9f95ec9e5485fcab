import type { FastifyInstance } from 'fastify';
import type { SearchKind, SearchResponse } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import '../catalog';
import '../sellers';
import '../content';

/** The doors the global search reads: each group is its own module's search, asked through its door. */
export type SearchDoors = Pick<FastifyInstance, 'catalog' | 'sellers' | 'content'>;

export interface SearchInput {
  q: string;
  type: SearchKind;
  limit: number;
}

/**
 * One search for everything: products, services, sellers, categories and blog posts, each group the
 * first `limit` items of its own listing with the same text (so a group's "see all" shows the same items first).
 * The text is resolved once by the catalogue's typo vocabulary (EN + FR words of every group); then the groups run
 * side by side — on PostgreSQL each on its own pool connection, so the answer costs about its slowest group.
 * Every group is bounded: the products and services listings walk their popularity order and stop after one page
 * (decision 042), sellers and categories are small tables, blog posts a GIN match. With the in-process index
 * (`SEARCH_ENGINE=memory`, the default: decisions 329, 334 and 339) every group but the product and service cards is answered from
 * memory: a search is those two statements.
 */
export async function searchEverything(
  doors: SearchDoors,
  db: Db,
  { q, type, limit }: SearchInput,
): Promise<SearchResponse> {
  const want = (kind: SearchKind) => type === 'all' || type === kind;
  const resolved = await doors.catalog.resolveSearchText(db, q);
  const none = Promise.resolve([]);
  // Every group takes the text as resolved here: the typo vocabulary is asked once per search, not once per group.
  const [products, services, sellers, categories, blogs] = await Promise.all([
    want('products') ? doors.catalog.searchProducts(db, q, limit, resolved) : none,
    want('services') ? doors.catalog.searchServices(db, q, limit, resolved) : none,
    want('sellers') ? doors.sellers.searchSellers(db, q, limit, resolved?.words ?? []) : none,
    want('categories') ? doors.catalog.searchCategories(db, q, limit, resolved) : none,
    want('blogs') ? doors.content.searchBlogs(db, resolved, limit) : none,
  ]);
  return {
    query: q,
    correctedQuery: resolved?.corrected ?? null,
    products,
    services,
    sellers,
    categories,
    blogs,
  };
}
