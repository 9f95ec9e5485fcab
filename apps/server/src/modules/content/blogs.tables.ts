import { bigint, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Landing page content and blogs (migration 0220). `blogs.search_doc` is a generated tsvector. */
export const heroSettings = pgTable('hero_settings', {
  id: smallint('id').primaryKey().default(1),
  titleEn: text('title_en').notNull(),
  titleFr: text('title_fr').notNull(),
  subtitleEn: text('subtitle_en').notNull(),
  subtitleFr: text('subtitle_fr').notNull(),
  ctaLabelEn: text('cta_label_en').notNull(),
  ctaLabelFr: text('cta_label_fr').notNull(),
  ctaPath: text('cta_path').notNull().default('/products'),
  imageUrl: text('image_url').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const landingFeatures = pgTable('landing_features', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  icon: text('icon').notNull(),
  titleEn: text('title_en').notNull(),
  titleFr: text('title_fr').notNull(),
  bodyEn: text('body_en').notNull(),
  bodyFr: text('body_fr').notNull(),
  position: integer('position').notNull().default(0),
});

export const blogs = pgTable('blogs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  titleEn: text('title_en').notNull(),
  titleFr: text('title_fr').notNull(),
  excerptEn: text('excerpt_en').notNull(),
  excerptFr: text('excerpt_fr').notNull(),
  /** Markdown. */
  bodyEn: text('body_en').notNull(),
  bodyFr: text('body_fr').notNull(),
  category: text('category').notNull(),
  coverUrl: text('cover_url').notNull(),
  readingMinutes: integer('reading_minutes').notNull().default(3),
  /** Null: a draft, never listed. */
  publishedAt: timestamp('published_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
