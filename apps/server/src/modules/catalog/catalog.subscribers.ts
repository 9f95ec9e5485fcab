import type { FastifyInstance } from 'fastify';
import type { CatalogState } from './catalog-state';
import { setItemRating } from './catalog.service';

/**
 * What the catalogue does when other modules change things it shows (decision 061). Subscribed while the
 * catalogue's plugin registers; each handler runs after the emitting transaction committed, at least once.
 */
export function subscribeCatalog(app: FastifyInstance, state: CatalogState): void {
  // Ratings: stored as the reviews module computed them, newest wins (catalog.service.ts setItemRating).
  app.events.subscribe('catalog.ratings', 'review.changed', async (event, { tx }) => {
    const { ratingAvg, ratingCount, ratedAt } = event;
    // An event without a rating has nothing to store (the reviews module always sends one).
    if (ratingAvg === undefined || ratingCount === undefined || ratedAt === undefined) return;
    await setItemRating(tx, event.itemKind, event.itemId, { ratingAvg, ratingCount, ratedAt });
  });
  // This process's cached listing pages are stale after an admin edit of something a card shows. Other
  // processes see the catalogue version (bumped by triggers in the same transaction) within one poll.
  const forgetListings = async () => state.forgetListings();
  app.events.subscribe('catalog.listing-cache', 'category.renamed', forgetListings);
  app.events.subscribe('catalog.listing-cache', 'catalog-item.renamed', forgetListings);
  app.events.subscribe('catalog.listing-cache', 'seller.changed', forgetListings);
}
