import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';

export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A list the server answers a page at a time by cursor, shown as its first page plus the pages "Show more" added.
 * The first page is an ordinary query (cached, refetched, invalidated like any other); the pages after it live with
 * the screen and are dropped when the first page changes. Not `useInfiniteQuery`: its observer would join the shared
 * vendor chunk every public page loads (the JS budget), for two admin and seller-centre lists.
 */
export function useCursorList<T>(
  queryKey: readonly unknown[],
  fetchPage: (cursor: string | null) => Promise<CursorPage<T>>,
  enabled = true,
) {
  const first = useQuery({ queryKey, queryFn: () => fetchPage(null), enabled });
  const [more, setMore] = useState<{ after: CursorPage<T> | undefined; pages: CursorPage<T>[] }>({
    after: undefined,
    pages: [],
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const pages = more.after === first.data ? more.pages : [];
  const last = pages.at(-1) ?? first.data;

  const fetchMore = async () => {
    if (!last?.nextCursor || loadingMore) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await fetchPage(last.nextCursor);
      setMore({ after: first.data, pages: [...pages, page] });
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  };

  return {
    isPending: first.isPending,
    error: first.error,
    refetch: first.refetch,
    items: [first.data?.items ?? [], ...pages.map((page) => page.items)].flat(),
    hasMore: Boolean(last?.nextCursor),
    fetchMore,
    loadingMore,
    moreError,
  };
}
