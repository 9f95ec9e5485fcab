import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChatMessage, MessageStatus } from '@maplesource/contracts/chat';
import { chatInvoicePayloadSchema, type ChatInvoicePayload } from '@maplesource/contracts/invoices';
import { chatOrderPayloadSchema, type ChatOrderPayload } from '@maplesource/contracts/orders';
import { to } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useFormat } from '../../../lib/format';
import { invoicePagePath } from '../../../lib/invoice-links';
import type { PendingMessage } from '../model/thread';

const statusMark: Record<MessageStatus, string> = {
  sending: '…',
  sent: '✓',
  delivered: '✓✓',
  seen: '✓✓',
  failed: '!',
};

function StatusMark({ status }: { status: MessageStatus }) {
  const { t } = useTranslation('chat');
  return (
    <span
      className={cn('ml-2 text-xs', status === 'seen' ? 'text-sky-300' : 'opacity-80')}
      title={t(`status.${status}`)}
    >
      <span aria-hidden="true">{statusMark[status]}</span>
      <span className="sr-only">{t(`status.${status}`)}</span>
    </span>
  );
}

function Bubble({
  mine,
  text,
  attachments,
  time,
  status,
  children,
}: {
  mine: boolean;
  text: string;
  attachments: ChatMessage['attachments'];
  time: string;
  status: MessageStatus | null;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('chat');
  return (
    <div className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-1.5 text-sm break-words whitespace-pre-wrap',
          mine ? 'bg-maple-700 text-white' : 'bg-gray-100 text-gray-900',
        )}
      >
        {attachments.length > 0 ? (
          <div className="mb-1 flex flex-wrap gap-1">
            {attachments.map((a, index) => (
              <a key={a.id} href={a.url} target="_blank" rel="noreferrer">
                <img
                  src={a.thumbnailUrl}
                  alt={t('message.openImage', { number: index + 1, count: attachments.length })}
                  width={a.width}
                  height={a.height}
                  className="h-24 w-auto rounded"
                />
              </a>
            ))}
          </div>
        ) : null}
        {/* One line when it fits: the text, then its time and status at the end (decision 270). */}
        <div className="flex flex-wrap items-baseline justify-end gap-x-2">
          {text ? <p className="min-w-0 grow">{text}</p> : null}
          <span className="text-[11px] whitespace-nowrap opacity-80">
            {time}
            {status ? <StatusMark status={status} /> : null}
          </span>
        </div>
        {children}
      </div>
    </div>
  );
}

const invoiceActions = new Set([
  'invoice_sent',
  'invoice_accepted',
  'invoice_rejected',
  'invoice_expired',
  'invoice_withdrawn',
]);

/** Why MapleSource took a business action itself (an order cancelled for want of payment, decision 166). */
const actionReasons = ['payment_not_received'] as const;
function actionReasonOf(message: ChatMessage): (typeof actionReasons)[number] | null {
  const reason = message.businessPayload?.reason;
  return actionReasons.find((known) => known === reason) ?? null;
}

/** What an `order_updated` says about the payment (paid, failed, refunded), when it was about the payment. */
const paymentNews = ['paid', 'failed', 'refunded', 'partially_refunded'] as const;
function paymentNewsOf(message: ChatMessage): (typeof paymentNews)[number] | null {
  if (message.businessAction !== 'order_updated') return null;
  const status = message.businessPayload?.paymentStatus;
  return paymentNews.find((known) => known === status) ?? null;
}

/** The invoice a business action is about, when its payload names one. */
export function invoicePayloadOf(message: ChatMessage): ChatInvoicePayload | null {
  if (!message.businessAction || !invoiceActions.has(message.businessAction)) return null;
  const parsed = chatInvoicePayloadSchema.safeParse(message.businessPayload);
  return parsed.success ? parsed.data : null;
}

/** The conversation's newest invoice as its latest business action tells it; `seenSeq`: that action's seq. */
export type LatestInvoice = ChatInvoicePayload & { seenSeq: number };

interface HeldInvoice {
  /** The invoice's latest business action held (highest seq). */
  payload: ChatInvoicePayload;
  seenSeq: number;
  /** The seq of the first action held about it (its `invoice_sent`, unless that is in an older page). */
  firstSeq: number;
  issuedAt: string | undefined;
}

/** Whether `a` was created after `b`: by the invoices' own creation times, else by when the chat first told them. */
function createdAfter(a: HeldInvoice, b: HeldInvoice): boolean {
  if (a.issuedAt && b.issuedAt && a.issuedAt !== b.issuedAt)
    return Date.parse(a.issuedAt) > Date.parse(b.issuedAt);
  return a.firstSeq > b.firstSeq;
}

/**
 * The conversation's newest invoice — the one created last (decision 194) — with its latest state. Not simply the
 * newest invoice action: an older invoice's `invoice_expired` can arrive after a newer invoice was sent (the
 * expiry is told by a subscriber, after the transaction that issued the new one).
 */
export function latestInvoiceOf(messages: readonly ChatMessage[]): LatestInvoice | null {
  const held = new Map<string, HeldInvoice>();
  for (const message of messages) {
    const payload = invoicePayloadOf(message);
    if (!payload) {
      // `invoice_accepted` names only the invoice (no card data): it is still news about it.
      const about = invoiceActions.has(message.businessAction ?? '')
        ? message.businessPayload?.invoiceId
        : null;
      const known = typeof about === 'string' ? held.get(about) : undefined;
      if (known && message.seq > known.seenSeq) known.seenSeq = message.seq;
      continue;
    }
    const known = held.get(payload.invoiceId);
    const newer = !known || message.seq > known.seenSeq;
    held.set(payload.invoiceId, {
      payload: newer ? payload : known.payload,
      seenSeq: newer ? message.seq : known.seenSeq,
      firstSeq: Math.min(known?.firstSeq ?? message.seq, message.seq),
      issuedAt: payload.issuedAt ?? known?.issuedAt,
    });
  }
  let newest: HeldInvoice | null = null;
  for (const invoice of held.values()) if (!newest || createdAfter(invoice, newest)) newest = invoice;
  if (!newest) return null;
  const issued = newest.issuedAt ? { issuedAt: newest.issuedAt } : {};
  return { ...newest.payload, ...issued, seenSeq: newest.seenSeq };
}

/** The order an order business action is about, when its payload names one. */
function orderPayloadOf(message: ChatMessage): ChatOrderPayload | null {
  if (!message.businessAction?.startsWith('order_')) return null;
  const parsed = chatOrderPayloadSchema.safeParse(message.businessPayload);
  return parsed.success ? parsed.data : null;
}

/** The total of the invoice an order came from, as the conversation's invoice actions told it. */
function invoiceTotalOf(messages: readonly ChatMessage[], invoiceToken: string): number | null {
  for (const message of messages) {
    const invoice = invoicePayloadOf(message);
    if (invoice?.invoiceToken === invoiceToken) return invoice.totalCents;
  }
  return null;
}

/** A business action's row: centred, framed, apart from the bubbles (decision 270). */
const systemRow =
  'mx-auto max-w-sm rounded-lg border border-gray-200 bg-gray-50 px-3 py-1.5 text-center text-xs text-gray-800';

/** An invoice business action as a card: what happened, the total, a link to the invoice page. */
function InvoiceCard({ message, invoice }: { message: ChatMessage; invoice: ChatInvoicePayload }) {
  const { t } = useTranslation('chat');
  const format = useFormat();
  return (
    <div className={systemRow} data-business-action={message.businessAction}>
      <p className="font-medium text-gray-900">
        {t(`actions.${message.businessAction!}`)} · {format.money(invoice.totalCents)}
        {invoice.version && invoice.version > 1
          ? ` · ${t('invoiceCard.version', { version: invoice.version })}`
          : null}
      </p>
      <p>{format.dateTime(message.createdAt)}</p>
      {invoice.reason ? (
        <p className="mt-1 break-words">{t('invoiceCard.reason', { reason: invoice.reason })}</p>
      ) : null}
      {invoice.counterOffer ? (
        <p className="mt-1 break-words">
          {t('invoiceCard.counterOffer', {
            offer: [
              invoice.counterOffer.negotiatedPriceCents === null
                ? null
                : t('invoiceCard.offerPrice', {
                    price: format.money(invoice.counterOffer.negotiatedPriceCents),
                  }),
              invoice.counterOffer.quantity === null
                ? null
                : t('invoiceCard.offerQuantity', { quantity: format.number(invoice.counterOffer.quantity) }),
              invoice.counterOffer.deliveryDate === null
                ? null
                : t('invoiceCard.offerDate', {
                    date: format.date(`${invoice.counterOffer.deliveryDate}T12:00:00Z`, {
                      dateStyle: 'medium',
                      timeZone: 'UTC',
                    }),
                  }),
              invoice.counterOffer.note || null,
            ]
              .filter(Boolean)
              .join(' · '),
          })}
        </p>
      ) : null}
      <Link
        to={invoicePagePath(invoice.invoiceToken, invoice.kind)}
        className="mt-1 inline-block font-medium text-maple-700 underline"
      >
        {t('invoiceCard.view')}
      </Link>
    </div>
  );
}

/** Any other business action: what happened, the order's amount and a link to the order when it names one. */
function ActionRow({ message, messages }: { message: ChatMessage; messages: readonly ChatMessage[] }) {
  const { t } = useTranslation('chat');
  const format = useFormat();
  const reason = actionReasonOf(message);
  const payment = paymentNewsOf(message);
  const order = orderPayloadOf(message);
  const total = order ? invoiceTotalOf(messages, order.invoiceToken) : null;
  const shipped = message.businessAction === 'order_updated' && order?.status === 'shipped';
  return (
    <div className={systemRow} data-business-action={message.businessAction}>
      <p className="font-medium text-gray-900">
        {shipped ? t('actionShipped') : t(`actions.${message.businessAction!}`)}
        {total !== null ? ` · ${format.money(total)}` : null}
      </p>
      <p>{format.dateTime(message.createdAt)}</p>
      {message.text ? <p className="break-words">{message.text}</p> : null}
      {payment ? <p>{t(`actionPayment.${payment}`)}</p> : null}
      {reason ? <p>{t(`actionReasons.${reason}`)}</p> : null}
      {order ? (
        <Link
          to={to(order.kind === 'service' ? 'serviceOrderDetail' : 'orderDetail', { orderId: order.orderId })}
          className="mt-1 inline-block font-medium text-maple-700 underline"
        >
          {t('actionRow.viewOrder')}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * Messages oldest first with status marks; the user's unsent messages after them (failed ones with a retry
 * button). New messages from the other party are announced politely (aria-live) by `MessageAnnouncer`.
 */
export function MessageList({
  messages,
  pending,
  meId,
  hasOlder,
  onLoadOlder,
  onRetry,
}: {
  messages: readonly ChatMessage[];
  pending: readonly PendingMessage[];
  meId: string;
  hasOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (clientMessageId: string) => void;
}) {
  const { t } = useTranslation('chat');
  const format = useFormat();
  const listRef = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const [unseen, setUnseen] = useState(false);
  // The newest item: a new one arrived when it changes (older pages loaded above leave it as it is).
  const newest = pending.at(-1)?.clientMessageId ?? messages.at(-1)?.id ?? '';
  const newestIsMine = pending.length > 0 || messages.at(-1)?.senderId === meId;
  const scrollToEnd = () => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
    atEnd.current = true;
    setUnseen(false);
  };
  useLayoutEffect(() => {
    // New messages come into view unless the reader scrolled up to read older ones; then the pill says so.
    if (atEnd.current || newestIsMine) scrollToEnd();
    else setUnseen(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the newest item changes
  }, [newest]);
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver !== 'function') return;
    // Images that load (or a panel that folds) change the height: stay at the end when the reader was there.
    const observer = new ResizeObserver(() => {
      if (atEnd.current) list.scrollTop = list.scrollHeight;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);
  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    atEnd.current = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    if (atEnd.current) setUnseen(false);
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      {/* Focusable so a keyboard user can scroll the history (axe: scrollable-region-focusable). */}
      <div
        ref={listRef}
        onScroll={onScroll}
        className="min-h-0 flex-1 space-y-1 overflow-y-auto px-3 py-2"
        aria-label={t('message.listLabel')}
        role="log"
        tabIndex={0}
      >
        {hasOlder ? (
          <div className="text-center">
            <Button size="sm" variant="ghost" onClick={onLoadOlder}>
              {t('message.older')}
            </Button>
          </div>
        ) : null}
        {messages.map((m) => {
          const invoice = invoicePayloadOf(m);
          if (invoice) return <InvoiceCard key={m.id} message={m} invoice={invoice} />;
          return m.businessAction ? (
            <ActionRow key={m.id} message={m} messages={messages} />
          ) : (
            <Bubble
              key={m.id}
              mine={m.senderId === meId}
              text={m.text}
              attachments={m.attachments}
              time={format.dateTime(m.createdAt)}
              status={m.senderId === meId ? m.status : null}
            />
          );
        })}
        {pending.map((p) => (
          <Bubble
            key={p.clientMessageId}
            mine
            text={p.text}
            attachments={p.attachments}
            time={format.dateTime(p.createdAt)}
            status={p.status}
          >
            {p.status === 'failed' && p.failure === 'rateLimited' ? (
              <p role="status" className="mt-1 text-xs">
                {t('message.rateLimited', { seconds: p.retryAfterSeconds ?? 1 })}
              </p>
            ) : null}
            {p.status === 'failed' ? (
              <Button
                size="sm"
                variant="secondary"
                className="mt-1"
                onClick={() => onRetry(p.clientMessageId)}
              >
                {t('message.retry')}
              </Button>
            ) : null}
          </Bubble>
        ))}
      </div>
      {unseen ? (
        <button
          type="button"
          onClick={scrollToEnd}
          className="absolute bottom-2 left-1/2 -translate-x-1/2 rounded-full bg-maple-700 px-3 py-1 text-xs font-semibold text-white shadow"
        >
          {t('message.newMessages')} ↓
        </button>
      ) : null}
    </div>
  );
}

/** Announces the other party's newest message to screen readers, politely. */
export function MessageAnnouncer({ messages, meId }: { messages: readonly ChatMessage[]; meId: string }) {
  const { t } = useTranslation('chat');
  const latest = [...messages].reverse().find((m) => m.senderId !== meId && !m.businessAction);
  return (
    <div aria-live="polite" className="sr-only">
      {latest ? t('message.announce', { text: latest.text || t('message.image') }) : ''}
    </div>
  );
}
