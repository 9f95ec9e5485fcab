import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { pageDataAnswer } from '../../../lib/page-data';

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

/** The language of a page's texts: French pages are French, every other language shows English. */
export const textLanguage = (language: string): 'en' | 'fr' => (language.startsWith('fr') ? 'fr' : 'en');

/** `GET search/frequent?language=`: the terms searched most on pages in this language. */
export const useFrequentTerms = (limit: number, language: 'en' | 'fr') =>
  useQuery({
    queryKey: ['search', 'frequent', limit, language],
    queryFn: () =>
      api.get<{ items: { term: string; count: number }[] }>('search/frequent', {
        query: { limit, language },
      }),
    // From the landing's HTML (decision 044): chips arriving a render late moved the hero (decision 175).
    initialData: () =>
      pageDataAnswer<{ items: { term: string; count: number }[] }>(
        `search/frequent?language=${language}&limit=${limit}`,
      ),
  });

/** `POST category-stats/track-search` on submit: feeds "frequently searched" (of this language) and "suggested". */
export const trackSearch = (term: string, language: 'en' | 'fr') =>
  api.post('category-stats/track-search', { body: { term, language } }).catch(() => undefined);
