import { bigint, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Service reviews (migration 0210): one per buyer per item (partial unique index); seeded reviews have no user. */
export const serviceReviews = pgTable('service_reviews', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  serviceId: bigint('service_id', { mode: 'number' }).notNull(),
  userId: uuid('user_id'),
  authorName: text('author_name').notNull(),
  rating: smallint('rating').notNull(),
  comment: text('comment'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
