import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogDetail } from '@maplesource/contracts/catalog';
import { api } from '../../../lib/http';

/** `GET blogs/{slug}` (spec §7). */
export const getBlog = (slug: string) => api.get<BlogDetail>(`blogs/${encodeURIComponent(slug)}`);

export const blogQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['blog', slug], queryFn: () => getBlog(slug) });

export const useBlog = (slug: string) => useQuery(blogQueryOptions(slug));
