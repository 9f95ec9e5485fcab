import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatSubjectKind } from '@maplesource/contracts/chat';
import type { PipelineCard, PipelineResponse, PipelineStage } from '@maplesource/contracts/pipeline';
import type { ProvinceCode } from '@maplesource/contracts/provinces';
import { api } from '../../../lib/http';

export const PIPELINE_PAGE_SIZE = 20;

export type PipelineFilters = {
  stage: PipelineStage | null;
  kind: ChatSubjectKind | null;
  subjectId: number | null;
  province: ProvinceCode | null;
  from: string;
  to: string;
  search: string;
  page: number;
};

export const pipelineKeys = {
  all: ['seller-pipeline'] as const,
  list: (filters: PipelineFilters) => ['seller-pipeline', filters] as const,
};

/** GET seller/pipeline (`role: seller`): one page of the seller's own conversations by stage, and the counts. */
export const getSellerPipeline = (filters: PipelineFilters, signal?: AbortSignal) =>
  api.get<PipelineResponse>('seller/pipeline', {
    role: 'seller',
    query: {
      stage: filters.stage,
      kind: filters.subjectId ? filters.kind : null,
      subjectId: filters.subjectId,
      province: filters.province,
      from: filters.from || undefined,
      to: filters.to || undefined,
      search: filters.search.trim() || undefined,
      page: filters.page,
      pageSize: PIPELINE_PAGE_SIZE,
    },
    signal,
  });

export const sellerPipelineQueryOptions = (filters: PipelineFilters) =>
  queryOptions({
    queryKey: pipelineKeys.list(filters),
    queryFn: ({ signal }) => getSellerPipeline(filters, signal),
    placeholderData: keepPreviousData,
    // The stages move in the conversation and the orders (an invoice issued, accepted, paid, shipped), not on the
    // board: coming back reads it again rather than showing the copy of up to the app's 30 s before (decision 267).
    staleTime: 0,
  });

export const useSellerPipeline = (filters: PipelineFilters) => useQuery(sellerPipelineQueryOptions(filters));

/** POST seller/pipeline/{chatId}/move: only a legal move (the server answers 409 for any other). */
export const movePipelineCard = async ({ chatId, to }: { chatId: string; to: PipelineStage }) =>
  (
    await api.post<{ card: PipelineCard }>(`seller/pipeline/${encodeURIComponent(chatId)}/move`, {
      role: 'seller',
      body: { to },
    })
  ).card;

export function useMovePipelineCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: movePipelineCard,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pipelineKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['chat'] }),
      ]),
  });
}
