import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@maplesource/contracts/catalog';
import { api } from '../../../lib/http';

/** How many items each group of the header search shows (its "see all" opens the full listing). */
export const SEARCH_GROUP_LIMIT = 4;

/** `GET search?q=` (docs/product.md §7): products, services, sellers, categories and blog posts, grouped, typo-tolerant. */
export const searchEverything = (q: string) =>
  api.get<SearchResponse>('search', { query: { q, limit: SEARCH_GROUP_LIMIT } });

export const searchEverythingQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', 'everything', q],
    queryFn: () => searchEverything(q),
    staleTime: 30_000,
  });

/** The grouped answer for a text of at least two characters (nothing is asked for shorter text). */
export const useSearchEverything = (q: string) =>
  useQuery({ ...searchEverythingQueryOptions(q), enabled: q.trim().length >= 2 });
