import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@maplesource/contracts/orders';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/http';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast-store';
import { useAnswerPaymentReview } from '../api/seller-orders';

const MIN_ANSWER = 10;

/**
 * The buyer's payment review of an order, as its seller sees it (decision 316): the reason, the date by which to
 * answer (3 business days; after it, an administrator takes the review up), and the answer, given once.
 */
export function SellerPaymentReview({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const [answer, setAnswer] = useState('');
  const [showError, setShowError] = useState(false);
  const send = useAnswerPaymentReview(() => {
    toast.success(t('sellerReview.sent'));
    setAnswer('');
  });
  const review = order.paymentReview;
  if (!review) return null;

  const tooShort = answer.trim().length < MIN_ANSWER;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooShort) {
      setShowError(true);
      return;
    }
    send.mutate({ orderId: order.id, answer: answer.trim() });
  };

  return (
    <section
      aria-label={t('sellerReview.title')}
      className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm"
      data-testid="seller-payment-review"
    >
      <p className="font-medium text-gray-900">
        {t('sellerReview.title')} · {t(`review.statuses.${review.status}`)}
      </p>
      <p className="text-gray-700">{t('sellerReview.reason')}</p>
      <p className="break-words whitespace-pre-line text-gray-900">{review.reason}</p>
      {review.escalatedAt ? (
        <p className="font-medium text-amber-900">
          {t('sellerReview.escalated', { date: format.dateTime(review.escalatedAt) })}
        </p>
      ) : null}
      {review.sellerAnswer ? (
        <>
          <p className="text-gray-700">
            {t('sellerReview.answered', { date: format.dateTime(review.sellerAnsweredAt!) })}
          </p>
          <p className="break-words whitespace-pre-line text-gray-900">{review.sellerAnswer}</p>
        </>
      ) : review.status === 'open' ? (
        <form onSubmit={submit} noValidate className="space-y-2">
          {review.escalatedAt ? null : (
            <p className="text-gray-700">
              {t('sellerReview.answerBy', { date: format.dateTime(review.answerDueAt) })}
            </p>
          )}
          <Field
            label={t('sellerReview.answer')}
            hint={t('sellerReview.answerHint')}
            required
            error={showError && tooShort ? t('sellerReview.answerTooShort') : undefined}
          >
            {(p) => (
              <textarea
                {...p}
                rows={3}
                maxLength={2000}
                className={inputClasses(showError && tooShort)}
                value={answer}
                onChange={(event) => setAnswer(event.target.value)}
              />
            )}
          </Field>
          {send.error ? (
            <p role="alert" className="font-medium text-red-700">
              {errorMessage(t, send.error)}
            </p>
          ) : null}
          <Button type="submit" loading={send.isPending}>
            {t('sellerReview.submit')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
