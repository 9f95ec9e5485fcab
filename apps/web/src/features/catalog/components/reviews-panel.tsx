import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import { useRequireLogin } from '../../../lib/use-require-login';
import { useReviewMutations, useReviews } from '../api/reviews';
import { Pagination } from '../../../components/ui/pagination';
import { LoadError } from '../../../components/ui/query-states';
import { ratingTextOptions } from './product-card';
import { SkeletonText } from '../../../components/ui/skeleton';

/** Reviews of a product or service: list, add (1–5 stars, optional comment; login needed), delete own. */
export function ReviewsPanel({
  kind,
  itemId,
  mine,
}: {
  kind: 'product' | 'service';
  itemId: string;
  mine: string | null;
}) {
  const { t, i18n } = useTranslation('catalog');
  const id = useId();
  const [page, setPage] = useState(1);
  const [rating, setRating] = useState(5);
  const [comment, setComment] = useState('');
  const reviews = useReviews(kind, itemId, page);
  const { add, remove } = useReviewMutations(kind, itemId);
  const requireLogin = useRequireLogin();
  const myReview = reviews.data?.items.find((r) => r.mine);
  const hasMine = Boolean(mine || myReview);
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-gray-900">
        {t('reviews.title')}
      </h2>
      {reviews.data ? (
        <p className="mt-1 text-sm text-gray-700">
          {reviews.data.ratingCount > 0
            ? t(
                'card.rating',
                ratingTextOptions(reviews.data.ratingAvg, reviews.data.ratingCount, i18n.language),
              )
            : t('reviews.none')}
        </p>
      ) : null}
      {!hasMine ? (
        <form
          className="mt-4 space-y-2 rounded-lg border border-gray-200 p-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!requireLogin()) return;
            add.mutate(
              { rating, comment: comment.trim() },
              {
                onSuccess: () => {
                  toast.success(t('reviews.added'));
                  setComment('');
                },
                onError: (error) => toast.error(errorMessage(t, error)),
              },
            );
          }}
        >
          <fieldset>
            <legend className="text-sm font-medium text-gray-900">{t('reviews.yourRating')}</legend>
            <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
              {[1, 2, 3, 4, 5].map((value) => (
                <label key={value} className="flex items-center gap-1 text-sm">
                  <input
                    type="radio"
                    name={`${id}-rating`}
                    checked={rating === value}
                    onChange={() => setRating(value)}
                  />
                  {t('reviews.stars', { count: value })}
                </label>
              ))}
            </div>
          </fieldset>
          <label htmlFor={`${id}-comment`} className="block text-sm font-medium text-gray-900">
            {t('reviews.comment')}
          </label>
          <textarea
            id={`${id}-comment`}
            maxLength={2000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            className="block w-full rounded-md border border-gray-300 p-2 text-sm"
            rows={3}
          />
          <Button type="submit" disabled={add.isPending}>
            {t('reviews.submit')}
          </Button>
        </form>
      ) : null}
      <div className="mt-4">
        {reviews.isPending ? (
          <SkeletonText lines={4} />
        ) : reviews.isError ? (
          <LoadError onRetry={() => void reviews.refetch()} />
        ) : (
          <ul className="divide-y divide-gray-200">
            {reviews.data.items.map((review) => (
              <li key={review.id} className="py-3">
                <p className="text-sm font-medium text-gray-900">
                  {t('reviews.stars', { count: review.rating })} · {review.authorName}
                  <span className="ml-2 font-normal text-gray-600">
                    {formatDate(review.createdAt, i18n.language)}
                  </span>
                </p>
                {review.comment ? <p className="mt-1 text-sm text-gray-800">{review.comment}</p> : null}
                {review.mine ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="mt-1"
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(review.id, {
                        onSuccess: () => toast.success(t('reviews.deleted')),
                        onError: (error) => toast.error(errorMessage(t, error)),
                      })
                    }
                  >
                    {t('reviews.delete')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {reviews.data ? (
          <Pagination
            page={page}
            pageSize={reviews.data.pageSize}
            total={reviews.data.total}
            onPage={setPage}
          />
        ) : null}
      </div>
    </section>
  );
}
