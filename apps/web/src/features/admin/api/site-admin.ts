import { idempotencyHeaders } from '../../../lib/idempotency';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@maplesource/contracts/common';
import type {
  AdminBlog,
  AdminCatalogItem,
  AdminCategory,
  AdminSeller,
  AdminSellerProfile,
  BlogInput,
  CatalogItemNamesInput,
  CategoryNamesInput,
  SellerProfileInput,
  HeroSettingsInput,
  LandingFeaturesInput,
} from '@maplesource/contracts/content';
import { api } from '../../../lib/http';

const asAdmin = { role: 'admin' } as const;
type LandingFeature = LandingFeaturesInput['items'][number] & { id: string; position: number };

export const getHeroSettings = () => api.get<HeroSettingsInput>('admin/hero-settings', asAdmin);
export const heroSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'hero'], queryFn: getHeroSettings, retry: false });
export const useHeroSettings = () => useQuery(heroSettingsQueryOptions());
export const saveHeroSettings = (body: HeroSettingsInput) =>
  api.put<HeroSettingsInput>('admin/hero-settings', { ...asAdmin, body });

export const getLandingFeatures = () =>
  api.get<{ items: LandingFeature[] }>('admin/landing-features', asAdmin);
export const landingFeaturesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'features'], queryFn: getLandingFeatures, retry: false });
export const useLandingFeatures = () => useQuery(landingFeaturesQueryOptions());
export const saveLandingFeatures = (body: LandingFeaturesInput) =>
  api.put<{ items: LandingFeature[] }>('admin/landing-features', { ...asAdmin, body });

export const listAdminBlogs = (page: number) =>
  api.get<Paged<AdminBlog>>('admin/blogs', { ...asAdmin, query: { page, pageSize: 20 } });
export const adminBlogsQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['admin', 'blogs', page], queryFn: () => listAdminBlogs(page), retry: false });
export const useAdminBlogs = (page: number) => useQuery(adminBlogsQueryOptions(page));
/** A new post is a creating POST: it carries its submit intent's Idempotency-Key (decision 247). */
export const saveBlog = ({ id, ...body }: BlogInput & { id?: string }, idempotencyKey = '') =>
  id
    ? api.put<AdminBlog>(`admin/blogs/${id}`, { ...asAdmin, body })
    : api.post<AdminBlog>('admin/blogs', {
        ...asAdmin,
        body,
        ...(idempotencyKey ? { headers: idempotencyHeaders(idempotencyKey) } : {}),
      });
export const deleteBlog = (id: string) => api.delete<{ ok: true }>(`admin/blogs/${id}`, asAdmin);

export const listAdminCategories = (kind: 'product' | 'service') =>
  api.get<{ items: AdminCategory[] }>('admin/categories', { ...asAdmin, query: { kind } });
export const adminCategoriesQueryOptions = (kind: 'product' | 'service') =>
  queryOptions({
    queryKey: ['admin', 'categories', kind],
    queryFn: () => listAdminCategories(kind),
    retry: false,
  });
export const useAdminCategories = (kind: 'product' | 'service') =>
  useQuery(adminCategoriesQueryOptions(kind));
export const renameCategory = ({ id, ...body }: CategoryNamesInput & { id: string }) =>
  api.put<AdminCategory>(`admin/categories/${id}`, { ...asAdmin, body });

export const listAdminSellers = (page: number, q: string) =>
  api.get<Paged<AdminSellerProfile>>('admin/sellers', {
    ...asAdmin,
    query: { page, pageSize: 20, q: q || undefined },
  });
export const adminSellersQueryOptions = (page: number, q: string) =>
  queryOptions({
    queryKey: ['admin', 'sellers', page, q],
    queryFn: () => listAdminSellers(page, q),
    retry: false,
  });
export const useAdminSellers = (page: number, q: string) => useQuery(adminSellersQueryOptions(page, q));
export const setSellerVerified = ({ id, verified }: { id: string; verified: boolean }) =>
  api.put<AdminSeller>(`admin/sellers/${id}/verified`, { ...asAdmin, body: { verified } });

export const updateSellerProfile = ({ id, ...body }: SellerProfileInput & { id: string }) =>
  api.put<AdminSellerProfile>(`admin/sellers/${id}/profile`, { ...asAdmin, body });

type ItemKind = AdminCatalogItem['kind'];
const itemPath = (kind: ItemKind, idOrSlug: string) =>
  `admin/catalog-items/${kind}/${encodeURIComponent(idOrSlug.trim())}`;
export const getCatalogItem = (kind: ItemKind, idOrSlug: string) =>
  api.get<AdminCatalogItem>(itemPath(kind, idOrSlug), asAdmin);
export const catalogItemQueryOptions = (kind: ItemKind, idOrSlug: string) =>
  queryOptions({
    queryKey: ['admin', 'catalog-item', kind, idOrSlug],
    queryFn: () => getCatalogItem(kind, idOrSlug),
    enabled: idOrSlug.trim() !== '',
    retry: false,
  });
export const useCatalogItem = (kind: ItemKind, idOrSlug: string) =>
  useQuery(catalogItemQueryOptions(kind, idOrSlug));
export const renameCatalogItem = ({
  kind,
  idOrSlug,
  ...body
}: CatalogItemNamesInput & { kind: ItemKind; idOrSlug: string }) =>
  api.put<AdminCatalogItem>(itemPath(kind, idOrSlug), { ...asAdmin, body });

/** A mutation that refreshes every admin list (and the audit log) on success. */
export function useAdminMutation<TInput, TOutput>(fn: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }) });
}
