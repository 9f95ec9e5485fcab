import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@maplesource/contracts/common';
import type { GlobalParagraph, GlobalParagraphInput } from '@maplesource/contracts/content';
import { api } from '../../../lib/http';
import { idempotencyHeaders, useActionKeys } from '../../../lib/idempotency';

const asAdmin = { role: 'admin' } as const;

export const listGlobalParagraphs = (page: number) =>
  api.get<Paged<GlobalParagraph>>('admin/global-paragraphs', { ...asAdmin, query: { page, pageSize: 20 } });
export const globalParagraphsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'paragraphs', page],
    queryFn: () => listGlobalParagraphs(page),
    retry: false,
  });
export const useGlobalParagraphs = (page: number) => useQuery(globalParagraphsQueryOptions(page));

export const saveGlobalParagraph = (input: GlobalParagraphInput & { id?: string }, idempotencyKey = '') => {
  const body = { path: input.path, textEn: input.textEn, textFr: input.textFr };
  return input.id
    ? api.put<GlobalParagraph>(`admin/global-paragraphs/${input.id}`, { ...asAdmin, body })
    : api.post<GlobalParagraph>('admin/global-paragraphs', {
        ...asAdmin,
        body,
        headers: idempotencyHeaders(idempotencyKey),
      });
};
export const deleteGlobalParagraph = (id: string) =>
  api.delete<{ ok: true }>(`admin/global-paragraphs/${id}`, asAdmin);

export function useSaveGlobalParagraph() {
  const client = useQueryClient();
  const keys = useActionKeys();
  return useMutation({
    // A new entry is a creating POST: one Idempotency-Key per submit intent (decision 247).
    mutationFn: (input: Parameters<typeof saveGlobalParagraph>[0]) =>
      saveGlobalParagraph(input, input.id ? '' : keys.keyFor(input)),
    onSuccess: () => {
      keys.done();
      return client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
export function useDeleteGlobalParagraph() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteGlobalParagraph,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
