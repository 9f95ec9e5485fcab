import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatSubjectKind } from '@maplesource/contracts/chat';
import type { PipelineCard, PipelineResponse, PipelineStage } from '@maplesource/contracts/pipeline';
import type { ProvinceCode } from '@maplesource/contracts/provinces';
import { api } from '../../../lib/http';
import { queryKeyRoots } from '../../../lib/query-keys';

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

/** A page of the board with one card shown in another stage, its counts moved with it. */
export function withCardMoved(page: PipelineResponse, chatId: string, to: PipelineStage): PipelineResponse {
  const card = page.items.find((item) => item.chatId === chatId);
  if (!card || card.stage === to) return page;
  return {
    ...page,
    items: page.items.map((item) => (item.chatId === chatId ? { ...item, stage: to } : item)),
    counts: {
      ...page.counts,
      [card.stage]: Math.max(0, (page.counts[card.stage] ?? 0) - 1),
      [to]: (page.counts[to] ?? 0) + 1,
    },
  };
}

/**
 * Moves a card. With the board's filters, the move shows at once (optimistic) and is undone when the server
 * refuses or fails; either way the board is read again once the answer is in.
 */
export function useMovePipelineCard(filters?: PipelineFilters) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: movePipelineCard,
    onMutate: async ({ chatId, to }) => {
      if (!filters) return { before: undefined };
      const key = pipelineKeys.list(filters);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PipelineResponse>(key);
      if (before) queryClient.setQueryData(key, withCardMoved(before, chatId, to));
      return { before };
    },
    onError: (_error, _input, context) => {
      if (filters && context?.before) queryClient.setQueryData(pipelineKeys.list(filters), context.before);
    },
    // Not awaited: the answer (and its message or undo) shows at once, however long the board takes to reload.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeyRoots.chat });
    },
  });
}
