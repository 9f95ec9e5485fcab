import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@maplesource/contracts/orders';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast-store';
import { useRequestPaymentReview } from '../api/request-payment-review';
import { randomUuid } from '../../../lib/random-uuid';
import { RequestError } from '../../../components/forms/form-kit';

const MIN_REASON = 10;

/**
 * docs/product.md §9 payment review: the request (only when the server says the order is eligible: within 7 days of the
 * expected delivery, verified supplier, paid through us) with a reason, then the review's status and refund.
 */
export function PaymentReviewSection({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [showError, setShowError] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(() => randomUuid());
  const request = useRequestPaymentReview();
  const review = order.paymentReview;

  if (!review && !order.canRequestPaymentReview) return null;

  const tooShort = reason.trim().length < MIN_REASON;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooShort) {
      setShowError(true);
      return;
    }
    request.mutate(
      { kind: order.kind, orderId: order.id, reason: reason.trim(), idempotencyKey },
      {
        onSuccess: () => {
          toast.success(t('review.sent'));
          setOpen(false);
          setReason('');
          setIdempotencyKey(randomUuid());
        },
      },
    );
  };

  return (
    <section aria-labelledby="payment-review-title" className="rounded-lg border border-gray-200 p-4">
      <h2 id="payment-review-title" className="font-semibold text-gray-900">
        {t('review.title')}
      </h2>
      {review ? (
        <div className="mt-2 space-y-1 text-sm text-gray-800" data-testid="payment-review">
          <p>{t('review.status', { status: t(`review.statuses.${review.status}`) })}</p>
          <p>{t('review.requestedOn', { date: format.date(review.createdAt) })}</p>
          <p className="break-words whitespace-pre-line text-gray-600">{review.reason}</p>
          {review.sellerAnswer ? (
            <>
              <p>{t('review.sellerAnswer', { date: format.date(review.sellerAnsweredAt!) })}</p>
              <p className="break-words whitespace-pre-line text-gray-600">{review.sellerAnswer}</p>
            </>
          ) : review.status === 'open' ? (
            <p>{t('review.answerBy', { date: format.dateTime(review.answerDueAt) })}</p>
          ) : null}
          {review.status === 'open' && review.escalatedAt ? <p>{t('review.escalated')}</p> : null}
          {review.refundCents > 0 ? (
            <p>{t('review.refundedAmount', { amount: format.money(review.refundCents) })}</p>
          ) : null}
          {review.resolutionNote ? <p>{t('review.note', { note: review.resolutionNote })}</p> : null}
        </div>
      ) : open ? (
        <form onSubmit={submit} className="mt-2 space-y-3" noValidate>
          <Field
            label={t('review.reason')}
            hint={t('review.reasonHint')}
            required
            error={showError && tooShort ? t('review.reasonTooShort') : undefined}
          >
            {(p) => (
              <textarea
                {...p}
                rows={4}
                maxLength={2000}
                className={inputClasses(showError && tooShort)}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </Field>
          <RequestError error={request.error} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={request.isPending}>
              {t('review.submit')}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('review.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-600">{t('review.intro')}</p>
          <Button variant="secondary" className="mt-2" onClick={() => setOpen(true)}>
            {t('review.request')}
          </Button>
        </>
      )}
    </section>
  );
}
