import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogCard } from '@maplesource/contracts/catalog';
import type { Paged } from '@maplesource/contracts/common';
import { api } from '../../../lib/http';
import { pageDataAnswer } from '../../../lib/page-data';

export interface BlogListParams {
  page: number;
  pageSize: number;
  category?: string | undefined;
  /** Text search over the posts' titles (typo-tolerant on the server). */
  q?: string | undefined;
}

/** `GET blogs` (docs/product.md §7): published posts, newest first. */
export const getBlogs = ({ page, pageSize, category, q }: BlogListParams) =>
  api.get<Paged<BlogCard>>('blogs', { query: { page, pageSize, category, q } });

/** The query string `getBlogs` sends (the key of its answer in the page's HTML, decision 044). */
const blogsQuery = ({ page, pageSize, category, q }: BlogListParams) =>
  new URLSearchParams({
    page: String(page),
    pageSize: String(pageSize),
    ...(category ? { category } : {}),
    ...(q ? { q } : {}),
  }).toString();

export const blogsQueryOptions = (params: BlogListParams) =>
  queryOptions({
    queryKey: ['blogs', params],
    queryFn: () => getBlogs(params),
    // `/blogs` holds its first page and the chips' posts in its HTML: both in the first render (decision 175).
    initialData: () => pageDataAnswer<Paged<BlogCard>>(`blogs?${blogsQuery(params)}`),
  });

/** `enabled: false` holds the request back, e.g. until what it depends on has loaded. */
export const useBlogs = (params: BlogListParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...blogsQueryOptions(params), enabled });

const recentPosts: BlogListParams = { page: 1, pageSize: 100 };
const categoriesOf = (recent: Paged<BlogCard>) =>
  [...new Set(recent.items.map((b) => b.category).filter(Boolean))].sort();

/** Blog categories: the distinct categories of the 100 most recent posts (no category endpoint in docs/product.md §7). */
export const blogCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['blogs', 'categories'],
    queryFn: async () => categoriesOf(await getBlogs(recentPosts)),
    initialData: () => {
      const recent = pageDataAnswer<Paged<BlogCard>>(`blogs?${blogsQuery(recentPosts)}`);
      return recent ? categoriesOf(recent) : undefined;
    },
  });

export const useBlogCategories = () => useQuery(blogCategoriesQueryOptions());
