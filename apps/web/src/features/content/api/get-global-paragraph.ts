import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GlobalParagraph } from '@maplesource/contracts/content';
import { api, isApiError, pageAnswer } from '../../../lib/http';

/**
 * `GET global-paragraph?path=` (docs/product.md §7); null when the page has none. `optional=1` makes the server answer 204
 * rather than 404: most pages have no paragraph, and that is not an error (no console error).
 */
export async function getGlobalParagraph(path: string): Promise<GlobalParagraph | null> {
  try {
    return (
      (await api.get<GlobalParagraph | undefined>('global-paragraph', { query: { path, optional: 1 } })) ??
      null
    );
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const globalParagraphQueryOptions = (path: string) =>
  queryOptions({
    queryKey: ['global-paragraph', path],
    queryFn: () => getGlobalParagraph(path),
    // A paragraph the page's HTML holds is in the first render (decision 205); none (204) is the request's.
    initialData: () => pageAnswer<GlobalParagraph>('global-paragraph', { path, optional: 1 }),
    staleTime: 300_000,
  });

export const useGlobalParagraph = (path: string) => useQuery(globalParagraphQueryOptions(path));
