import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export interface Suggestion {
  kind: 'term' | 'product' | 'category' | 'seller';
  text: string;
  slug: string | null;
}

/** `GET search/suggestions?q=` (typo-tolerant completions). */
export const getSuggestions = (q: string) =>
  api.get<{ items: Suggestion[] }>('search/suggestions', { query: { q, limit: 8 } });
export const useSuggestions = (q: string) =>
  useQuery({
    queryKey: ['suggestions', q],
    queryFn: () => getSuggestions(q),
    enabled: q.trim().length >= 2,
    staleTime: 60_000,
  });

/** `GET search/frequent`: frequently searched terms. */
export const useFrequentTerms = (limit = 8) =>
  useQuery({
    queryKey: ['search', 'frequent', limit],
    queryFn: () =>
      api.get<{ items: { term: string; count: number }[] }>('search/frequent', { query: { limit } }),
  });

/** `POST category-stats/track-search` on submit: feeds "frequently searched" and "suggested". */
export const trackSearch = (term: string) =>
  api.post('category-stats/track-search', { body: { term } }).catch(() => undefined);
