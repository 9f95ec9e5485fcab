import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@maplesource/contracts/common';
import type { SeoEntryAdmin, SeoEntryInput, SeoPreviewResponse } from '@maplesource/contracts/content';
import { api } from '../../../lib/http';
import { idempotencyHeaders, useActionKeys } from '../../../lib/idempotency';

/** Admin console calls act as admin (the role header), never as buyer. */
const asAdmin = { role: 'admin' } as const;

export const listSeoEntries = (page: number, q: string) =>
  api.get<Paged<SeoEntryAdmin>>('admin/seo', {
    ...asAdmin,
    query: { page, pageSize: 20, q: q || undefined },
  });
export const seoEntriesQueryOptions = (page: number, q: string) =>
  queryOptions({ queryKey: ['admin', 'seo', page, q], queryFn: () => listSeoEntries(page, q), retry: false });
export const useSeoEntries = (page: number, q: string) => useQuery(seoEntriesQueryOptions(page, q));

export const saveSeoEntry = (input: SeoEntryInput & { id?: string }, idempotencyKey = '') =>
  input.id
    ? api.put<SeoEntryAdmin>(`admin/seo/${input.id}`, {
        ...asAdmin,
        body: { path: input.path, code: input.code },
      })
    : api.post<SeoEntryAdmin>('admin/seo', {
        ...asAdmin,
        body: { path: input.path, code: input.code },
        headers: idempotencyHeaders(idempotencyKey),
      });
export const deleteSeoEntry = (id: string) => api.delete<{ ok: true }>(`admin/seo/${id}`, asAdmin);
export const previewSeoEntry = (input: SeoEntryInput, signal?: AbortSignal) =>
  api.post<SeoPreviewResponse>('admin/seo/preview', {
    ...asAdmin,
    body: input,
    ...(signal ? { signal } : {}),
  });

export function useSaveSeoEntry() {
  const client = useQueryClient();
  const keys = useActionKeys();
  return useMutation({
    // A new entry is a creating POST: one Idempotency-Key per submit intent (decision 247).
    mutationFn: (input: Parameters<typeof saveSeoEntry>[0]) =>
      saveSeoEntry(input, input.id ? '' : keys.keyFor(input)),
    onSuccess: () => {
      keys.done();
      return client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
export function useDeleteSeoEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSeoEntry,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
