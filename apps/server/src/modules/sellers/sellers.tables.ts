import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Seller storefronts (migration 0200). 5,000+ are seeded unclaimed/claimed; `owner_user_id` links a claimed
 * shop to its account. `search_name` (generated: folded name + city) carries a trigram index for seller search.
 */
export const sellers = pgTable(
  'sellers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    businessType: text('business_type').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    verified: boolean('verified').notNull().default(false),
    claimed: boolean('claimed').notNull().default(false),
    ownerUserId: uuid('owner_user_id'),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionFr: text('description_fr').notNull().default(''),
    logoUrl: text('logo_url'),
    // The storefront's seller edits these (migration 0830, decision 261).
    bannerUrl: text('banner_url'),
    /** The listed contact, edited by the owner (decision 261) and proved by a claimant (decision 263). */
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    website: text('website'),
    serviceProvinces: text('service_provinces').array().notNull().default([]),
    certifications: text('certifications').array().notNull().default([]),
    yearEstablished: integer('year_established').notNull().default(2000),
    employees: text('employees').notNull().default('1-10'),
    primaryCategoryId: bigint('primary_category_id', { mode: 'number' }),
    productCount: integer('product_count').notNull().default(0),
    serviceCount: integer('service_count').notNull().default(0),
    popularityScore: doublePrecision('popularity_score').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    searchName: text('search_name'),
  },
  (table) => [index('sellers_created_idx').on(table.createdAt.desc(), table.id.desc())],
);
