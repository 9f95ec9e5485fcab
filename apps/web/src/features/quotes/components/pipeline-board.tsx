import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  pipelineMoves,
  pipelineStages,
  type PipelineCard,
  type PipelineStage,
} from '@maplesource/contracts/pipeline';
import type { ProvinceCode } from '@maplesource/contracts/provinces';
import { provinceCodes } from '@maplesource/contracts/province-names';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { ProvinceOptions } from '../../../components/ui/province-options';
import { EmptyState, LoadError, LoadingState } from '../../../components/ui/query-states';
import { to } from '../../../config/paths';
import { errorMessage } from '../../../lib/http';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast-store';
import { useMovePipelineCard, useSellerPipeline, type PipelineFilters } from '../api/seller-pipeline';

const day = /^\d{4}-\d{2}-\d{2}$/;

/** The board's filters live in the URL (shareable, kept on reload). */
function readFilters(params: URLSearchParams): PipelineFilters {
  const stage = params.get('stage');
  const province = params.get('province');
  const kind = params.get('kind');
  const subjectId = Number(params.get('subjectId'));
  const page = Number(params.get('page'));
  return {
    stage: (pipelineStages as readonly string[]).includes(stage ?? '') ? (stage as PipelineStage) : null,
    kind: kind === 'service' ? 'service' : kind === 'product' ? 'product' : null,
    subjectId: Number.isSafeInteger(subjectId) && subjectId > 0 ? subjectId : null,
    province: (provinceCodes as readonly string[]).includes(province ?? '')
      ? (province as ProvinceCode)
      : null,
    from: day.test(params.get('from') ?? '') ? params.get('from')! : '',
    to: day.test(params.get('to') ?? '') ? params.get('to')! : '',
    search: params.get('q') ?? '',
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

function writeFilters(filters: PipelineFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (filters.stage) out.set('stage', filters.stage);
  if (filters.kind && filters.subjectId) {
    out.set('kind', filters.kind);
    out.set('subjectId', String(filters.subjectId));
  }
  if (filters.province) out.set('province', filters.province);
  if (filters.from) out.set('from', filters.from);
  if (filters.to) out.set('to', filters.to);
  if (filters.search.trim()) out.set('q', filters.search.trim());
  if (filters.page > 1) out.set('page', String(filters.page));
  return out;
}

/**
 * /seller-centre/pipeline: the seller's quotation requests by stage (decision 267) with counts, filters, search,
 * requests unanswered for more than 24 hours marked, and a move menu offering only the legal moves.
 */
export function PipelineBoard() {
  const { t } = useTranslation('pipeline');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [search, setSearch] = useState(filters.search);
  const update = (next: Partial<PipelineFilters>) =>
    setParams(writeFilters({ ...filters, page: 1, ...next }), { replace: true });
  const board = useSellerPipeline(filters);
  const counts = board.data?.counts;
  const all = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : null;

  let list;
  if (board.isPending) list = <LoadingState label={t('loading')} />;
  else if (board.error) list = <LoadError message={t('loadError')} onRetry={() => void board.refetch()} />;
  else if (board.data.items.length === 0)
    list = <EmptyState title={filters.stage ? t('emptyStage') : t('empty')} />;
  else
    list = (
      <>
        <ul className="space-y-2" aria-busy={board.isFetching}>
          {board.data.items.map((card) => (
            <PipelineCardItem
              key={card.chatId}
              card={card}
              onlyThis={() => update({ kind: card.kind, subjectId: card.subjectId })}
            />
          ))}
        </ul>
        <Pagination
          page={board.data.page}
          pageSize={board.data.pageSize}
          total={board.data.total}
          onPage={(page) => setParams(writeFilters({ ...filters, page }), { replace: true })}
          label={t('pager')}
        />
      </>
    );

  return (
    <div className="space-y-4">
      <div role="group" aria-label={t('stages')} className="flex flex-wrap gap-1">
        {[null, ...pipelineStages].map((stage) => {
          const count = stage === null ? all : counts?.[stage];
          return (
            <button
              key={stage ?? 'all'}
              type="button"
              aria-pressed={filters.stage === stage}
              onClick={() => update({ stage })}
              className={cn(
                'rounded-full px-3 py-1 text-sm font-medium',
                filters.stage === stage ? 'bg-gray-900 text-white' : 'bg-gray-100 text-gray-800',
              )}
            >
              {stage === null ? t('all') : t(`stage.${stage}`)}
              {count === null || count === undefined ? null : <span> ({count})</span>}
            </button>
          );
        })}
      </div>
      <form
        role="search"
        aria-label={t('filters')}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(event) => {
          event.preventDefault();
          update({ search });
        }}
      >
        <Field label={t('search')}>
          {(p) => (
            <Input
              {...p}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              onBlur={() => search !== filters.search && update({ search })}
            />
          )}
        </Field>
        <Field label={t('province')}>
          {(p) => (
            <select
              {...p}
              className={inputClasses(false)}
              value={filters.province ?? ''}
              onChange={(event) => update({ province: (event.target.value || null) as ProvinceCode | null })}
            >
              <ProvinceOptions placeholder={t('anyProvince')} />
            </select>
          )}
        </Field>
        <Field label={t('from')}>
          {(p) => (
            <Input
              {...p}
              type="date"
              value={filters.from}
              onChange={(event) => update({ from: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('to')}>
          {(p) => (
            <Input
              {...p}
              type="date"
              value={filters.to}
              onChange={(event) => update({ to: event.target.value })}
            />
          )}
        </Field>
        <div className="flex items-end">
          <Button type="submit" variant="secondary">
            {t('apply')}
          </Button>
        </div>
      </form>
      {filters.subjectId ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
          {t('oneItem')}
          <Button variant="secondary" size="sm" onClick={() => update({ kind: null, subjectId: null })}>
            {t('allItems')}
          </Button>
        </p>
      ) : null}
      {list}
    </div>
  );
}

function PipelineCardItem({ card, onlyThis }: { card: PipelineCard; onlyThis: () => void }) {
  const { t, i18n } = useTranslation('pipeline');
  const name = i18n.language.startsWith('fr') && card.subjectNameFr ? card.subjectNameFr : card.subjectName;
  const conversation = `${to('sellerConversation', { chatId: card.chatId })}${card.kind === 'service' ? '?kind=service' : ''}`;
  return (
    <li
      className={cn(
        'rounded-lg border p-3',
        card.overdue ? 'border-amber-400 bg-amber-50' : 'border-gray-200 bg-white',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <p className="font-medium break-words text-gray-900">
            <Link to={conversation} className="underline-offset-2 hover:underline">
              {name}
            </Link>
          </p>
          <p className="text-sm break-words text-gray-700">{card.buyerName}</p>
          <p className="text-xs text-gray-600">
            {t(`stage.${card.stage}`)}
            {card.quantity ? ` · ${t('quantity', { count: card.quantity })}` : ''}
            {card.deliveryProvince ? ` · ${card.deliveryProvince}` : ''}
            {` · ${formatDateTime(card.updatedAt, i18n.language)}`}
          </p>
          {card.overdue ? <p className="text-xs font-semibold text-amber-900">{t('overdue')}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={onlyThis}>
            {t('onlyThis')}
          </Button>
          <MoveMenu card={card} />
        </div>
      </div>
    </li>
  );
}

/** A disclosure listing the card's legal moves as buttons (Tab/Enter/Escape); none when the stage has no moves. */
function MoveMenu({ card }: { card: PipelineCard }) {
  const { t } = useTranslation('pipeline');
  const [open, setOpen] = useState(false);
  const id = useId();
  const move = useMovePipelineCard();
  const moves = pipelineMoves[card.stage];
  if (moves.length === 0) return null;
  return (
    <div
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={id}
        loading={move.isPending}
        onClick={() => setOpen((value) => !value)}
      >
        {t('move')}
      </Button>
      {open ? (
        <ul id={id} aria-label={t('moveTo')} className="mt-1 space-y-1">
          {moves.map((stage) => (
            <li key={stage}>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setOpen(false);
                  move.mutate(
                    { chatId: card.chatId, to: stage },
                    {
                      onSuccess: () => toast.success(t('moved', { stage: t(`stage.${stage}`) })),
                      onError: (error) => toast.error(errorMessage(t, error)),
                    },
                  );
                }}
              >
                {t(`moveAction.${stage}`)}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
