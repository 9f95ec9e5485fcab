import { shortRef } from '@maplesource/contracts/common';
import { dollarsToCents } from '@maplesource/contracts/money';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { subjectNameIn } from '@maplesource/contracts/languages';
import {
  paymentReviewStatuses,
  type AdminPaymentReview,
  type PaymentReviewStatus,
} from '@maplesource/contracts/orders';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-states';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast-store';
import { usePaymentReviews, useResolvePaymentReview } from '../api/payment-reviews';
import { randomUuid } from '../../../lib/random-uuid';
import { RequestError } from '../../../components/forms/form-kit';

type Outcome = 'full' | 'partial' | 'dismiss';

/** "12.50" → 1250; null for anything that is not a positive amount with at most two decimals. */
export function parseDollarsToCents(text: string): number | null {
  const cents = dollarsToCents(text);
  return cents !== null && cents > 0 ? cents : null;
}

function ResolveForm({ review }: { review: AdminPaymentReview }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [outcome, setOutcome] = useState<Outcome>('full');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [idempotencyKey] = useState(() => randomUuid());
  const resolve = useResolvePaymentReview();
  const refundable = review.order.totalCents - review.order.refundedCents;
  const cents = parseDollarsToCents(amount);
  const amountError =
    outcome !== 'partial'
      ? undefined
      : cents === null
        ? t('paymentReviews.amountInvalid')
        : cents > refundable
          ? t('paymentReviews.amountTooLarge', { max: format.money(refundable) })
          : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amountError) {
      setShowErrors(true);
      return;
    }
    const trimmed = note.trim();
    const body =
      outcome === 'dismiss'
        ? { outcome: 'dismiss' as const, ...(trimmed ? { note: trimmed } : {}) }
        : {
            outcome: 'refund' as const,
            ...(outcome === 'partial' && cents !== null ? { amountCents: cents } : {}),
            ...(trimmed ? { note: trimmed } : {}),
          };
    resolve.mutate(
      { reviewId: review.id, idempotencyKey, ...body },
      { onSuccess: () => toast.success(t('paymentReviews.resolved')) },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3 border-t border-gray-100 pt-3">
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">{t('paymentReviews.outcome')}</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          {(['full', 'partial', 'dismiss'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name={`outcome-${review.id}`}
                value={value}
                checked={outcome === value}
                onChange={() => setOutcome(value)}
              />
              {value === 'full'
                ? t('paymentReviews.refundFull', { amount: format.money(refundable) })
                : t(`paymentReviews.${value === 'partial' ? 'refundPartial' : 'dismiss'}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {outcome === 'partial' ? (
        <Field
          label={t('paymentReviews.amount')}
          hint={t('paymentReviews.amountHint', { max: format.money(refundable) })}
          error={showErrors ? amountError : undefined}
          className="max-w-xs"
        >
          {(p) => (
            <Input {...p} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          )}
        </Field>
      ) : null}
      <Field label={t('paymentReviews.note')}>
        {(p) => (
          <textarea
            {...p}
            rows={2}
            maxLength={2000}
            className={inputClasses(false)}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        )}
      </Field>
      <RequestError error={resolve.error} />
      <Button
        type="submit"
        variant={outcome === 'dismiss' ? 'secondary' : 'primary'}
        loading={resolve.isPending}
      >
        {t('paymentReviews.resolve')}
      </Button>
    </form>
  );
}

/** Payment reviews (docs/product.md §9): the queue of buyers' requests; an admin refunds (full or partial) or dismisses. */
export function PaymentReviewsPanel() {
  const { t, i18n } = useTranslation('admin');
  const format = useFormat();
  const [status, setStatus] = useState<PaymentReviewStatus | null>('open');
  const [page, setPage] = useState(1);
  const reviews = usePaymentReviews(status, page);
  return (
    <section aria-labelledby="payment-reviews-title" className="space-y-4">
      <h2 id="payment-reviews-title" className="text-lg font-semibold text-gray-900">
        {t('paymentReviews.title')}
      </h2>
      <p className="text-sm text-gray-600">{t('paymentReviews.intro')}</p>
      <Field label={t('paymentReviews.status')} className="max-w-xs">
        {(p) => (
          <select
            {...p}
            className={inputClasses(false)}
            value={status ?? ''}
            onChange={(event) => {
              setStatus((event.target.value || null) as PaymentReviewStatus | null);
              setPage(1);
            }}
          >
            <option value="">{t('paymentReviews.all')}</option>
            {paymentReviewStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`paymentReviews.statuses.${value}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <QueryState
        isPending={reviews.isPending}
        error={reviews.error}
        isEmpty={(reviews.data?.items.length ?? 0) === 0}
        onRetry={() => void reviews.refetch()}
        emptyTitle={t('paymentReviews.empty')}
      >
        <ul className="space-y-3">
          {reviews.data?.items.map((review) => (
            <li
              key={review.id}
              className="rounded-lg border border-gray-200 p-4"
              data-testid="payment-review-item"
            >
              <div className="flex flex-wrap justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium break-words text-gray-900">
                    {subjectNameIn(
                      { name: review.order.subjectName, nameFr: review.order.subjectNameFr },
                      i18n.language,
                    )}
                  </p>
                  <p className="text-sm break-words text-gray-600">
                    {t('paymentReviews.parties', {
                      buyer: review.order.buyerName,
                      seller: review.order.sellerName,
                    })}
                  </p>
                  <p className="text-xs break-all text-gray-500">
                    <span title={review.order.id}>
                      {t('paymentReviews.order', { id: shortRef(review.order.id) })}
                    </span>{' '}
                    · {format.dateTime(review.createdAt)}
                  </p>
                </div>
                <div className="text-right text-sm">
                  <p className="font-semibold">{format.money(review.order.totalCents)}</p>
                  <p className="text-gray-600">{t(`paymentReviews.statuses.${review.status}`)}</p>
                  {review.order.refundedCents > 0 ? (
                    <p className="text-gray-600">
                      {t('paymentReviews.refunded', { amount: format.money(review.order.refundedCents) })}
                    </p>
                  ) : null}
                </div>
              </div>
              <p className="mt-2 text-sm break-words whitespace-pre-line text-gray-800">{review.reason}</p>
              {review.escalatedAt ? (
                <p className="mt-2 text-sm font-medium text-amber-800" data-testid="review-escalated">
                  {t('paymentReviews.escalated', { date: format.dateTime(review.escalatedAt) })}
                </p>
              ) : null}
              {review.sellerAnswer ? (
                <div className="mt-2 rounded-md bg-gray-50 p-3 text-sm">
                  <p className="font-medium text-gray-800">
                    {t('paymentReviews.sellerAnswer', { date: format.dateTime(review.sellerAnsweredAt!) })}
                  </p>
                  <p className="break-words whitespace-pre-line text-gray-800">{review.sellerAnswer}</p>
                </div>
              ) : review.status === 'open' && !review.escalatedAt ? (
                <p className="mt-2 text-sm text-gray-600">
                  {t('paymentReviews.answerDue', { date: format.dateTime(review.answerDueAt) })}
                </p>
              ) : null}
              {review.status === 'open' ? <ResolveForm review={review} /> : null}
              {review.resolutionNote ? (
                <p className="mt-2 text-sm text-gray-600">
                  {t('paymentReviews.noteShown', { note: review.resolutionNote })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        {reviews.data ? (
          <Pagination
            page={reviews.data.page}
            pageSize={reviews.data.pageSize}
            total={reviews.data.total}
            onPage={setPage}
            label={t('paymentReviews.pager')}
          />
        ) : null}
      </QueryState>
    </section>
  );
}
