import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogDetail } from '@maplesource/contracts/catalog';
import { api, pageAnswer } from '../../../lib/http';

/** `GET blogs/{slug}` (docs/product.md §7). */
export const getBlog = (slug: string) => api.get<BlogDetail>(`blogs/${encodeURIComponent(slug)}`);

export const blogQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['blog', slug],
    queryFn: () => getBlog(slug),
    // From the page's HTML when it holds it (decision 205): the post renders in its first render.
    initialData: () => pageAnswer<BlogDetail>(`blogs/${encodeURIComponent(slug)}`),
  });

export const useBlog = (slug: string) => useQuery(blogQueryOptions(slug));
