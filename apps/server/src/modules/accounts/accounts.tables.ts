import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Addresses (migration 0102); a partial unique index keeps one default shipping address per user. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    street: text('street').notNull(),
    country: text('country').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    addressType: text('address_type', { enum: ['Shipping', 'Billing'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('addresses_user_idx').on(table.userId, table.createdAt)],
);
