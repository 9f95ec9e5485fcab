import type { DomainEvents } from '../../plugins/events';
import type { CatalogService } from '../catalog';
import { addReview } from './operations/add-review';
import { deleteReview } from './operations/delete-review';
import { deleteReviewsOfUser } from './operations/delete-reviews-of-user';
import { findMyReviewId } from './operations/find-my-review-id';
import { listReviews } from './operations/list-reviews';
import { storefrontRatings } from './operations/storefront-ratings';
import type { ReviewsDeps } from './review-rows';

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
    listReviews: listReviews.bind(null, deps),
    addReview: addReview.bind(null, deps),
    deleteReview: deleteReview.bind(null, deps),
    deleteReviewsOfUser: deleteReviewsOfUser.bind(null, deps),
    myReviewId: findMyReviewId,
    /** Each storefront's rating across its products and services (decision 317). */
    storefrontRatings: storefrontRatings.bind(null, deps),
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
