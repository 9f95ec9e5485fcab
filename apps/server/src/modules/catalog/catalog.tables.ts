import {
  bigint,
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { PriceTier } from '@maplesource/contracts';

/**
 * Catalogue tables (migration 0200). Listing/search queries are hand-written SQL in catalog.queries.ts
 * because they use the generated `search_doc` tsvector; these definitions serve typed inserts/updates
 * and document the columns. See docs/decisions/040-catalog-search-and-listing.md.
 */

/** Product and service category tree (two levels: category → subcategory), bilingual. */
export const categories = pgTable('categories', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  kind: text('kind').$type<'product' | 'service'>().notNull(),
  parentId: bigint('parent_id', { mode: 'number' }),
  slug: text('slug').notNull(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
  position: integer('position').notNull().default(0),
  itemCount: integer('item_count').notNull().default(0),
  views: bigint('views', { mode: 'number' }).notNull().default(0),
});

export interface LabelValue {
  labelEn: string;
  labelFr: string;
  value: string;
}

const statsColumns = {
  views: bigint('views', { mode: 'number' }).notNull().default(0),
  quotations: integer('quotations').notNull().default(0),
  accepted: integer('accepted').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  inProgress: integer('in_progress').notNull().default(0),
  popularityScore: doublePrecision('popularity_score').notNull().default(0),
  bestsellerScore: doublePrecision('bestseller_score').notNull().default(0),
  ratingAvg: doublePrecision('rating_avg').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
};

export const products = pgTable('products', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  sellerId: bigint('seller_id', { mode: 'number' }).notNull(),
  categoryId: bigint('category_id', { mode: 'number' }).notNull(),
  subcategoryId: bigint('subcategory_id', { mode: 'number' }).notNull(),
  status: text('status').$type<'active' | 'pending' | 'removed'>().notNull().default('active'),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
  descriptionEn: text('description_en').notNull(),
  descriptionFr: text('description_fr').notNull(),
  unit: text('unit').notNull().default('unit'),
  priceTiers: jsonb('price_tiers').$type<PriceTier[]>().notNull(),
  minPriceCents: bigint('min_price_cents', { mode: 'number' }).notNull(),
  maxPriceCents: bigint('max_price_cents', { mode: 'number' }).notNull(),
  minOrderQuantity: integer('min_order_quantity').notNull(),
  leadDays: integer('lead_days').notNull(),
  deliveryDays: integer('delivery_days').notNull(),
  variations: jsonb('variations').$type<{ nameEn: string; nameFr: string; options: string[] }[]>().notNull(),
  keyAttributes: jsonb('key_attributes').$type<LabelValue[]>().notNull(),
  technicalSpecifications: jsonb('technical_specifications').$type<LabelValue[]>().notNull(),
  warrantyEn: text('warranty_en').notNull().default(''),
  warrantyFr: text('warranty_fr').notNull().default(''),
  materialEn: text('material_en').notNull().default(''),
  materialFr: text('material_fr').notNull().default(''),
  customizableOptions: jsonb('customizable_options').$type<{ nameEn: string; nameFr: string }[]>().notNull(),
  servicesEn: text('services_en').notNull().default(''),
  servicesFr: text('services_fr').notNull().default(''),
  origin: text('origin').$type<'product-of-canada' | 'made-in-canada' | 'imported'>().notNull(),
  verified: boolean('verified').notNull().default(false),
  imageCount: smallint('image_count').notNull().default(3),
  /** Copied from the seller for join-free filtering. */
  province: text('province').notNull(),
  businessType: text('business_type').notNull(),
  ...statsColumns,
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const services = pgTable('services', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  sellerId: bigint('seller_id', { mode: 'number' }).notNull(),
  categoryId: bigint('category_id', { mode: 'number' }).notNull(),
  subcategoryId: bigint('subcategory_id', { mode: 'number' }).notNull(),
  status: text('status').$type<'active' | 'pending' | 'removed'>().notNull().default('active'),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
  descriptionEn: text('description_en').notNull(),
  descriptionFr: text('description_fr').notNull(),
  startingPriceCents: bigint('starting_price_cents', { mode: 'number' }).notNull(),
  priceUnit: text('price_unit').notNull().default('project'),
  turnaroundDays: integer('turnaround_days').notNull(),
  capabilities: jsonb('capabilities').$type<LabelValue[]>().notNull(),
  serviceAreaEn: text('service_area_en').notNull().default(''),
  serviceAreaFr: text('service_area_fr').notNull().default(''),
  certifications: jsonb('certifications').$type<string[]>().notNull(),
  verified: boolean('verified').notNull().default(false),
  imageCount: smallint('image_count').notNull().default(3),
  province: text('province').notNull(),
  businessType: text('business_type').notNull(),
  ...statsColumns,
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
