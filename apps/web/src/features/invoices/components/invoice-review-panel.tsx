import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Invoice, InvoiceKind } from '@maplesource/contracts/invoices';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-states';
import { useFormat } from '../../../lib/format';
import { useChatInvoice } from '../api/get-chat-invoices';
import { remainingUntil, useNowUntil } from '../model/use-countdown';
import { isInvoiceExpired } from '@maplesource/contracts/invoices';
import { invoicePagePath } from '../../../lib/invoice-links';
import { RejectInvoiceForm } from './reject-invoice-form';
import { TimeRemaining } from './time-remaining';

/**
 * docs/product.md §2 chat invoice review panel: the conversation's latest invoice, "pending review" while the buyer has to
 * act; accept and continue (the accept flow on the invoice page) or reject with a required reason.
 * `onLeave` runs before navigating away (the inbox modal closes itself).
 */
export function InvoiceReviewPanel({
  kind,
  chatId,
  hasInvoice,
  seen,
  meId,
  onLeave,
}: {
  kind: InvoiceKind;
  chatId: string;
  /** The conversation says it has had an invoice (`chat.invoiceId`). */
  hasInvoice: boolean;
  /**
   * What the chat last said about its newest invoice (`invoiceSeenKey`): a live `invoice_sent`, or a new state of
   * the newest invoice (rejected, expired), loads the panel again; an older invoice's late action does not.
   */
  seen: string | null;
  meId: string;
  onLeave?: () => void;
}) {
  const { t } = useTranslation('invoices');
  const query = useChatInvoice(kind, chatId, seen, hasInvoice);
  if (!hasInvoice && seen === null) return null;
  if (query.isSuccess && query.data === null) return null;
  return (
    <section aria-label={t('review.title')} className="border-b border-gray-200 px-3 py-2 text-sm">
      <QueryState
        isPending={query.isPending}
        error={query.error}
        isEmpty={false}
        onRetry={() => void query.refetch()}
      >
        {query.data ? <ReviewBody invoice={query.data} meId={meId} onLeave={onLeave} /> : null}
      </QueryState>
    </section>
  );
}

function ReviewBody({
  invoice,
  meId,
  onLeave,
}: {
  invoice: Invoice;
  meId: string;
  onLeave: (() => void) | undefined;
}) {
  const { t } = useTranslation('invoices');
  const format = useFormat();
  const navigate = useNavigate();
  const now = useNowUntil(invoice.expiresAt);
  const left = remainingUntil(invoice.expiresAt, now);
  const [rejecting, setRejecting] = useState(false);
  const status = isInvoiceExpired(invoice, now) ? 'expired' : invoice.status;
  const go = (path: string) => {
    onLeave?.();
    void navigate(path);
  };
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-gray-900">
          {t('review.title')} · {format.money(invoice.totalCents)}
        </span>
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
          {status === 'pending' ? t('review.pendingReview') : t(`status.${status}`)}
        </span>
      </p>
      {status === 'pending' ? <TimeRemaining left={left} className="text-xs text-gray-700" /> : null}
      {invoice.status === 'rejected' && invoice.rejectionReason ? (
        <p className="text-xs text-gray-700">
          {t('review.rejectedBecause', { reason: invoice.rejectionReason })}
        </p>
      ) : null}
      {rejecting ? (
        <RejectInvoiceForm
          token={invoice.token}
          kind={invoice.kind}
          onDone={() => setRejecting(false)}
          onCancel={() => setRejecting(false)}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          {status === 'pending' && invoice.buyer.userId === meId ? (
            <>
              <Button
                size="sm"
                onClick={() => go(invoicePagePath(invoice.token, invoice.kind, { accept: true }))}
              >
                {t('review.acceptAndContinue')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setRejecting(true)}>
                {t('actions.reject')}
              </Button>
            </>
          ) : null}
          <Link
            to={invoicePagePath(invoice.token, invoice.kind)}
            onClick={() => onLeave?.()}
            className="self-center text-sm text-maple-700 underline"
          >
            {t('review.view')}
          </Link>
        </div>
      )}
    </div>
  );
}
