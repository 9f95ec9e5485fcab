import { useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  pipelineMoves,
  pipelineStages,
  type PipelineCard,
  type PipelineResponse,
  type PipelineStage,
} from '@maplesource/contracts/pipeline';
import type { ProvinceCode } from '@maplesource/contracts/provinces';
import { provinceCodes } from '@maplesource/contracts/province-names';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { ProvinceOptions } from '../../../components/forms/province-options';
import { EmptyState, LoadError, LoadingState } from '../../../components/ui/query-states';
import { to } from '../../../config/paths';
import { errorMessage } from '../../../lib/http';
import { formatDateTime } from '../../../lib/format';
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
  const { t, i18n } = useTranslation('pipeline');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [search, setSearch] = useState(filters.search);
  const update = (next: Partial<PipelineFilters>) =>
    setParams(writeFilters({ ...filters, page: 1, ...next }), { replace: true });
  const board = useSellerPipeline(filters);
  const counts = board.data?.counts;
  const all = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : null;

  const move = useMovePipelineCard(filters);
  // What the last move said, visible and announced: a success (status) or a refusal / an undone move (alert).
  const [notice, setNotice] = useState<{ kind: 'status' | 'alert'; text: string; cause?: string } | null>(
    null,
  );
  const nameOf = (card: PipelineCard) =>
    i18n.language.startsWith('fr') && card.subjectNameFr ? card.subjectNameFr : card.subjectName;
  /** One way to move, for the menu and a drop alike: only along `pipelineMoves` (decision 267). */
  const moveCard = (card: PipelineCard, stage: PipelineStage) => {
    if (stage === card.stage) return;
    if (!pipelineMoves[card.stage].includes(stage)) {
      setNotice({
        kind: 'alert',
        text: t('dropRefused', { name: nameOf(card), stage: t(`stage.${stage}`) }),
      });
      return;
    }
    setNotice(null);
    move.mutate(
      { chatId: card.chatId, to: stage },
      {
        onSuccess: () => setNotice({ kind: 'status', text: t('moved', { stage: t(`stage.${stage}`) }) }),
        onError: (error) =>
          setNotice({ kind: 'alert', text: t('moveUndone'), cause: errorMessage(t, error) }),
      },
    );
  };

  let list;
  if (board.isPending) list = <LoadingState label={t('loading')} />;
  else if (board.error) list = <LoadError message={t('loadError')} onRetry={() => void board.refetch()} />;
  else if (board.data.items.length === 0)
    list = <EmptyState title={filters.stage ? t('emptyStage') : t('empty')} />;
  else
    list = (
      <>
        <PipelineColumns
          cards={board.data.items}
          counts={board.data.counts}
          stages={
            filters.stage
              ? // One stage asked for: its column, and any a card was just moved to (until the board is read again).
                pipelineStages.filter(
                  (stage) => stage === filters.stage || board.data.items.some((card) => card.stage === stage),
                )
              : pipelineStages
          }
          busy={board.isFetching || move.isPending}
          onMove={moveCard}
          onlyThis={(card) => update({ kind: card.kind, subjectId: card.subjectId })}
        />
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
      {/* Always present, so what lands in it is announced; a refusal or an undone move is an alert. */}
      <div aria-live="polite" aria-atomic="true" className="text-sm text-green-800">
        {notice?.kind === 'status' ? notice.text : null}
      </div>
      {notice?.kind === 'alert' ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {notice.cause ? <span>{notice.cause}</span> : null} <span>{notice.text}</span>
        </p>
      ) : null}
      {list}
    </div>
  );
}

/** Where a pointer drag (touch, pen, or a mouse on the grip) is: the card, its start and whether it moved yet. */
type PointerDrag = { card: PipelineCard; pointerId: number; x: number; y: number; moving: boolean };

const stageUnder = (x: number, y: number): PipelineStage | null => {
  const stage = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-stage]')?.dataset.stage;
  return (pipelineStages as readonly string[]).includes(stage ?? '') ? (stage as PipelineStage) : null;
};

/**
 * The stage columns (decision 291): cards are dragged between them — natively with a mouse, by the grip with a
 * pointer (touch, pen) — and a drop moves only along `pipelineMoves`; the menu on each card does the same for the
 * keyboard. Columns stack on narrow screens, so nothing scrolls sideways.
 */
function PipelineColumns({
  cards,
  counts,
  stages,
  busy,
  onMove,
  onlyThis,
}: {
  cards: PipelineCard[];
  counts: PipelineResponse['counts'];
  stages: readonly PipelineStage[];
  busy: boolean;
  onMove: (card: PipelineCard, stage: PipelineStage) => void;
  onlyThis: (card: PipelineCard) => void;
}) {
  const { t } = useTranslation('pipeline');
  const [dragged, setDragged] = useState<PipelineCard | null>(null);
  const [over, setOver] = useState<PipelineStage | null>(null);
  const pointer = useRef<PointerDrag | null>(null);
  const end = () => {
    setDragged(null);
    setOver(null);
    pointer.current = null;
  };
  const drop = (stage: PipelineStage) => {
    const card = dragged;
    end();
    if (card) onMove(card, stage);
  };
  const grip = {
    onPointerDown: (card: PipelineCard, event: ReactPointerEvent<HTMLElement>) => {
      // A mouse drags natively (the card is draggable); this is the fallback for touch and pens.
      if (event.pointerType === 'mouse' || event.button !== 0) return;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      pointer.current = {
        card,
        pointerId: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        moving: false,
      };
    },
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
      const drag = pointer.current;
      if (!drag || drag.pointerId !== event.pointerId) return;
      if (!drag.moving && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 8) return;
      if (!drag.moving) {
        drag.moving = true;
        setDragged(drag.card);
      }
      setOver(stageUnder(event.clientX, event.clientY));
    },
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => {
      const drag = pointer.current;
      if (!drag || drag.pointerId !== event.pointerId) return;
      const stage = drag.moving ? stageUnder(event.clientX, event.clientY) : null;
      end();
      if (stage) onMove(drag.card, stage);
    },
    onPointerCancel: () => {
      if (pointer.current) end();
    },
  };
  return (
    <div>
      <p className="mb-2 text-sm text-gray-600">{t('dragHint')}</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-busy={busy}>
        {stages.map((stage) => {
          const here = cards.filter((card) => card.stage === stage);
          const legal = dragged ? pipelineMoves[dragged.stage].includes(stage) : false;
          const headingId = `pipeline-stage-${stage}`;
          return (
            <section
              key={stage}
              aria-labelledby={headingId}
              data-stage={stage}
              data-drop-legal={dragged && dragged.stage !== stage ? String(legal) : undefined}
              onDragOver={(event) => {
                if (!dragged) return;
                event.preventDefault();
                // Every column takes the drop, so an illegal one can be refused with a message (not a silent "no").
                setOver(stage);
              }}
              onDragLeave={() => setOver((current) => (current === stage ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                drop(stage);
              }}
              className={cn(
                'min-w-0 rounded-lg border-2 p-2',
                dragged && legal
                  ? 'border-dashed border-green-700 bg-green-50'
                  : 'border-transparent bg-gray-50',
                over === stage && dragged && !legal ? 'border-dashed border-red-700' : null,
              )}
            >
              <h2 id={headingId} className="mb-2 text-sm font-semibold text-gray-900">
                {t(`stage.${stage}`)}{' '}
                <span className="font-normal text-gray-700">({counts[stage] ?? 0})</span>
              </h2>
              {here.length === 0 ? (
                <p className="text-xs text-gray-600">{t('emptyColumn')}</p>
              ) : (
                <ul className="space-y-2">
                  {here.map((card) => (
                    <PipelineCardItem
                      key={card.chatId}
                      card={card}
                      dragging={dragged?.chatId === card.chatId}
                      onDragStart={() => setDragged(card)}
                      onDragEnd={end}
                      grip={{
                        onPointerDown: (event) => grip.onPointerDown(card, event),
                        onPointerMove: grip.onPointerMove,
                        onPointerUp: grip.onPointerUp,
                        onPointerCancel: grip.onPointerCancel,
                      }}
                      onMove={(to) => onMove(card, to)}
                      onlyThis={() => onlyThis(card)}
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}

type GripHandlers = {
  onPointerDown: (event: ReactPointerEvent<HTMLElement>) => void;
  onPointerMove: (event: ReactPointerEvent<HTMLElement>) => void;
  onPointerUp: (event: ReactPointerEvent<HTMLElement>) => void;
  onPointerCancel: () => void;
};

function PipelineCardItem({
  card,
  dragging,
  onDragStart,
  onDragEnd,
  grip,
  onMove,
  onlyThis,
}: {
  card: PipelineCard;
  dragging: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  grip: GripHandlers;
  onMove: (stage: PipelineStage) => void;
  onlyThis: () => void;
}) {
  const { t, i18n } = useTranslation('pipeline');
  const name = i18n.language.startsWith('fr') && card.subjectNameFr ? card.subjectNameFr : card.subjectName;
  const conversation = `${to('sellerConversation', { chatId: card.chatId })}${card.kind === 'service' ? '?kind=service' : ''}`;
  return (
    <li
      draggable
      data-chat-id={card.chatId}
      onDragStart={(event) => {
        // Firefox starts a drag only with data set.
        event.dataTransfer?.setData('text/plain', card.chatId);
        if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      className={cn(
        'rounded-lg border p-3',
        card.overdue ? 'border-amber-400 bg-amber-50' : 'border-gray-200 bg-white',
        dragging ? 'opacity-60' : null,
      )}
    >
      <div className="flex items-start gap-2">
        {/* The grip drags by pointer (touch, pen) where native drag-and-drop does not; keyboard users have the menu. */}
        <span
          aria-hidden="true"
          data-grip
          className="-m-1 cursor-grab touch-none p-1 text-gray-500 select-none"
          {...grip}
        >
          ⠿
        </span>
        <div className="min-w-0 flex-1 space-y-2">
          <div className="min-w-0 space-y-0.5">
            <p className="font-medium break-words text-gray-900">
              <Link to={conversation} className="underline-offset-2 hover:underline" draggable={false}>
                {name}
              </Link>
            </p>
            <p className="text-sm break-words text-gray-700">{card.buyerName}</p>
            <p className="text-xs break-words text-gray-600">
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
            <MoveMenu card={card} onMove={onMove} />
          </div>
        </div>
      </div>
    </li>
  );
}

/** A disclosure listing the card's legal moves as buttons (Tab/Enter/Escape); none when the stage has no moves. */
function MoveMenu({ card, onMove }: { card: PipelineCard; onMove: (stage: PipelineStage) => void }) {
  const { t } = useTranslation('pipeline');
  const [open, setOpen] = useState(false);
  const id = useId();
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
                  onMove(stage);
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
