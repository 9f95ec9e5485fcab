import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import type { DomainEvents } from '../../plugins/events';
import type { CatalogService } from '../catalog';
import { addReview } from './operations/add-review';
import { deleteReview } from './operations/delete-review';
import { deleteReviewsOfUser } from './operations/delete-reviews-of-user';
import { findMyReviewId } from './operations/find-my-review-id';
import { listReviews } from './operations/list-reviews';
import type { Kind, ReviewsDeps } from './review-rows';

/**
 * Reviews of products and services: one per buyer per item (unique index), rating 1–5, optional comment;
 * only the author deletes theirs. Each change computes the item's rating from this module's reviews, under a
 * per-item lock (so `ratedAt` increases per item), and announces it as `review.changed` in the same
 * transaction; the catalogue, which owns the rating columns, stores it (catalog.subscribers.ts).
 *
 * The reviews service (`app.reviews`): each method is one file in `operations/`, given the catalogue's door and
 * the events; every method takes the database or transaction it runs in first.
 */
export function createReviewsService(catalog: CatalogService, events: DomainEvents) {
  const deps: ReviewsDeps = { catalog, events };
  return {
    listReviews: (
      db: Db,
      kind: Kind,
      idOrSlug: string,
      userId: string | null,
      page: number,
      pageSize: number,
    ) => listReviews(deps, db, kind, idOrSlug, userId, page, pageSize),
    addReview: (
      db: Db,
      kind: Kind,
      user: { id: string; fullName: string },
      idOrSlug: string,
      rating: number,
      comment: string | undefined,
    ) => addReview(deps, db, kind, user, idOrSlug, rating, comment),
    deleteReview: (db: Db, kind: Kind, userId: string, reviewId: string) =>
      deleteReview(deps, db, kind, userId, reviewId),
    deleteReviewsOfUser: (tx: Tx, userId: string) => deleteReviewsOfUser(deps, tx, userId),
    myReviewId: findMyReviewId,
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
