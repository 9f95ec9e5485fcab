import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChatMessage, MessageStatus } from '@maplesource/contracts/chat';
import { chatInvoicePayloadSchema, type ChatInvoicePayload } from '@maplesource/contracts/invoices';
import { to } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { useFormat } from '../../../lib/format';
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
  return (
    <div className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap',
          mine ? 'bg-maple-700 text-white' : 'bg-gray-100 text-gray-900',
        )}
      >
        {attachments.length > 0 ? (
          <div className="mb-1 flex flex-wrap gap-1">
            {attachments.map((a) => (
              <a key={a.id} href={a.url} target="_blank" rel="noreferrer">
                <img
                  src={a.thumbnailUrl}
                  alt=""
                  width={a.width}
                  height={a.height}
                  className="h-24 w-auto rounded"
                />
              </a>
            ))}
          </div>
        ) : null}
        {text ? <p>{text}</p> : null}
        <p className="mt-1 text-right text-[11px] opacity-80">
          {time}
          {status ? <StatusMark status={status} /> : null}
        </p>
        {children}
      </div>
    </div>
  );
}

const invoiceActions = new Set(['invoice_sent', 'invoice_accepted', 'invoice_rejected', 'invoice_expired']);

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

/** `/invoice/{token}` (`?kind=service` for a service invoice). */
function invoiceHref(invoice: ChatInvoicePayload): string {
  const path = to('invoice', { invoiceToken: invoice.invoiceToken });
  return invoice.kind === 'service' ? `${path}?kind=service` : path;
}

/** An invoice business action as a card: what happened, the total, a link to the invoice page. */
function InvoiceCard({ message, invoice }: { message: ChatMessage; invoice: ChatInvoicePayload }) {
  const { t } = useTranslation('chat');
  const format = useFormat();
  return (
    <div className="mx-auto max-w-sm rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 text-center text-xs text-gray-800">
      <p className="font-medium text-gray-900">
        {t(`actions.${message.businessAction!}`)} · {format.money(invoice.totalCents)}
      </p>
      <p>{format.dateTime(message.createdAt)}</p>
      {invoice.reason ? (
        <p className="mt-1 break-words">{t('invoiceCard.reason', { reason: invoice.reason })}</p>
      ) : null}
      <Link to={invoiceHref(invoice)} className="mt-1 inline-block font-medium text-maple-700 underline">
        {t('invoiceCard.view')}
      </Link>
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
  const endRef = useRef<HTMLDivElement>(null);
  const count = messages.length + pending.length;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  return (
    // Focusable so a keyboard user can scroll the history (axe: scrollable-region-focusable).
    <div
      className="flex-1 space-y-2 overflow-y-auto px-3 py-2"
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
        const reason = actionReasonOf(m);
        const payment = paymentNewsOf(m);
        if (invoice) return <InvoiceCard key={m.id} message={m} invoice={invoice} />;
        return m.businessAction ? (
          <p key={m.id} className="text-center text-xs font-medium text-gray-700">
            {t(`actions.${m.businessAction}`)} · {format.dateTime(m.createdAt)}
            {m.text ? <span className="block font-normal">{m.text}</span> : null}
            {payment ? <span className="block font-normal">{t(`actionPayment.${payment}`)}</span> : null}
            {reason ? <span className="block font-normal">{t(`actionReasons.${reason}`)}</span> : null}
          </p>
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
          {p.status === 'failed' ? (
            <Button size="sm" variant="secondary" className="mt-1" onClick={() => onRetry(p.clientMessageId)}>
              {t('message.retry')}
            </Button>
          ) : null}
        </Bubble>
      ))}
      <div ref={endRef} />
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
