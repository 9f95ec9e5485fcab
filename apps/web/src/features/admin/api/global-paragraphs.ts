import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@maplesource/contracts/common';
import type { GlobalParagraph, GlobalParagraphInput } from '@maplesource/contracts/content';
import { api } from '../../../lib/http';

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

export const saveGlobalParagraph = (input: GlobalParagraphInput & { id?: string }) => {
  const body = { path: input.path, textEn: input.textEn, textFr: input.textFr };
  return input.id
    ? api.put<GlobalParagraph>(`admin/global-paragraphs/${input.id}`, { ...asAdmin, body })
    : api.post<GlobalParagraph>('admin/global-paragraphs', { ...asAdmin, body });
};
export const deleteGlobalParagraph = (id: string) =>
  api.delete<{ ok: true }>(`admin/global-paragraphs/${id}`, asAdmin);

export function useSaveGlobalParagraph() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveGlobalParagraph,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
export function useDeleteGlobalParagraph() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteGlobalParagraph,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
