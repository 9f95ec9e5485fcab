import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogCard } from '@maplesource/contracts/catalog';
import type { Paged } from '@maplesource/contracts/common';
import { api } from '../../../lib/http';

export interface BlogListParams {
  page: number;
  pageSize: number;
  category?: string | undefined;
  /** Text search over the posts' titles (typo-tolerant on the server). */
  q?: string | undefined;
}

/** `GET blogs` (spec §7): published posts, newest first. */
export const getBlogs = ({ page, pageSize, category, q }: BlogListParams) =>
  api.get<Paged<BlogCard>>('blogs', { query: { page, pageSize, category, q } });

export const blogsQueryOptions = (params: BlogListParams) =>
  queryOptions({ queryKey: ['blogs', params], queryFn: () => getBlogs(params) });

export const useBlogs = (params: BlogListParams) => useQuery(blogsQueryOptions(params));

/** Blog categories: the distinct categories of the 100 most recent posts (no category endpoint in spec §7). */
export const blogCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['blogs', 'categories'],
    queryFn: async () => {
      const recent = await getBlogs({ page: 1, pageSize: 100 });
      return [...new Set(recent.items.map((b) => b.category).filter(Boolean))].sort();
    },
  });

export const useBlogCategories = () => useQuery(blogCategoriesQueryOptions());
