import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import '../catalog';
import { createReviewsService, type ReviewsService } from './reviews.service';

/**
 * The reviews module's door: `app.reviews` (list, add, delete reviews of products and services), its routes
 * and public types. It checks items through the catalogue's door and announces ratings as `review.changed`.
 */
declare module 'fastify' {
  interface FastifyInstance {
    reviews: ReviewsService;
  }
}

export type { ReviewsService } from './reviews.service';
export type { StorefrontRating } from './operations/storefront-ratings';
export { reviewsRoutes } from './reviews.routes';

async function reviewsModule(app: FastifyInstance) {
  app.decorate('reviews', createReviewsService(app.catalog, app.events));
}

export const reviewsModulePlugin = fp(reviewsModule, {
  name: 'reviews-module',
  dependencies: ['context', 'events', 'catalog-module'],
});
