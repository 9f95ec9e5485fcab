import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Admin-defined head markup per lowercase page path (docs/product.md §2, §3). `code` is sanitized on write. */
export const seoEntries = pgTable(
  'seo_entries',
  {
    id: uuid('id').primaryKey(),
    path: text('path').notNull(),
    code: text('code').notNull(),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('seo_entries_path_key').on(t.path)],
);

/** docs/product.md §7 global-paragraph: admin-written text blocks shown on listing pages, EN and FR. */
export const globalParagraphs = pgTable(
  'global_paragraphs',
  {
    id: uuid('id').primaryKey(),
    path: text('path').notNull(),
    textEn: text('text_en').notNull(),
    textFr: text('text_fr').notNull(),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('global_paragraphs_path_key').on(t.path)],
);

/** Every admin change: who, when, what, before and after. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_at_idx').on(t.at, t.id)],
);
