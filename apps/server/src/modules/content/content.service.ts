import { randomUUID } from 'node:crypto';
import { count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { GlobalParagraph, Paged, SeoEntry, SeoEntryAdmin } from '@maplesource/contracts';
import { normaliseSeoPath } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../plugins/errors';
import { adminAuditLog, globalParagraphs, seoEntries } from './content.tables';
import { sanitizeSeoMarkup } from './seo-markup';

/** Who made an admin change (null for seed or system). */
export interface Actor {
  userId: string | null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------- audit ----------

export interface AuditInput {
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/** Writes one audit row (call inside the transaction that made the change). */
export async function writeAudit(db: Executor, actor: Actor, input: AuditInput): Promise<void> {
  await db.insert(adminAuditLog).values({
    id: randomUUID(),
    actorUserId: actor.userId,
    action: input.action,
    entity: input.entity,
    entityId: input.entityId,
    before: (input.before ?? null) as never,
    after: (input.after ?? null) as never,
  });
}

export async function listAudit(db: Db, page: number, pageSize: number, entity?: string) {
  const where = entity ? eq(adminAuditLog.entity, entity) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(adminAuditLog).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      actorUserId: r.actorUserId,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before ?? null,
      after: r.after ?? null,
      at: iso(r.at),
    })),
    total: Number(total),
    page,
    pageSize,
  };
}

// ---------- SEO entries ----------

type SeoRow = typeof seoEntries.$inferSelect;
const seoToAdmin = (r: SeoRow): SeoEntryAdmin => ({
  id: r.id,
  path: r.path,
  code: r.code,
  updatedBy: r.updatedBy,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/** docs/product.md §7 `seo/by-path`: the entry stored for exactly this (lowercased) path. */
export async function findSeoByPath(db: Db, path: string): Promise<SeoEntry | null> {
  const key = normaliseSeoPath(path);
  const [row] = await db
    .select({ path: seoEntries.path, code: seoEntries.code })
    .from(seoEntries)
    .where(eq(seoEntries.path, key))
    .limit(1);
  return row ?? null;
}

export async function listSeoEntries(
  db: Db,
  page: number,
  pageSize: number,
  q?: string,
): Promise<Paged<SeoEntryAdmin>> {
  const where = q ? ilike(seoEntries.path, likePattern(q.toLowerCase())) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(seoEntries)
      .where(where)
      .orderBy(seoEntries.path, seoEntries.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(seoEntries).where(where),
  ]);
  return { items: rows.map(seoToAdmin), total: Number(total), page, pageSize };
}

export async function getSeoEntry(db: Db, id: string): Promise<SeoEntryAdmin> {
  const [row] = await db.select().from(seoEntries).where(eq(seoEntries.id, id)).limit(1);
  if (!row) throw notFound('SEO_NOT_FOUND', 'No SEO entry with this id');
  return seoToAdmin(row);
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Creates (no id) or updates an entry; markup is sanitized; the change is audited. */
export async function saveSeoEntry(
  db: Db,
  actor: Actor,
  input: { id?: string; path: string; code: string },
): Promise<SeoEntryAdmin> {
  const path = normaliseSeoPath(input.path);
  const code = sanitizeSeoMarkup(input.code);
  try {
    return await db.transaction(async (tx) => {
      if (input.id) {
        const [before] = await tx.select().from(seoEntries).where(eq(seoEntries.id, input.id)).limit(1);
        if (!before) throw notFound('SEO_NOT_FOUND', 'No SEO entry with this id');
        const [after] = await tx
          .update(seoEntries)
          .set({ path, code, updatedBy: actor.userId, updatedAt: sql`now()` })
          .where(eq(seoEntries.id, input.id))
          .returning();
        await writeAudit(tx, actor, {
          action: 'update',
          entity: 'seo_entry',
          entityId: input.id,
          before: seoToAdmin(before),
          after: seoToAdmin(after!),
        });
        return seoToAdmin(after!);
      }
      const [created] = await tx
        .insert(seoEntries)
        .values({ id: randomUUID(), path, code, updatedBy: actor.userId })
        .returning();
      await writeAudit(tx, actor, {
        action: 'create',
        entity: 'seo_entry',
        entityId: created!.id,
        before: null,
        after: seoToAdmin(created!),
      });
      return seoToAdmin(created!);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('SEO_PATH_TAKEN', 'Another SEO entry already uses this path');
    throw error;
  }
}

export async function deleteSeoEntry(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(seoEntries).where(eq(seoEntries.id, id)).returning();
    if (!before) throw notFound('SEO_NOT_FOUND', 'No SEO entry with this id');
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'seo_entry',
      entityId: id,
      before: seoToAdmin(before),
      after: null,
    });
  });
}

// ---------- global paragraphs ----------

type ParagraphRow = typeof globalParagraphs.$inferSelect;
const paragraphOut = (r: ParagraphRow): GlobalParagraph => ({
  id: r.id,
  path: r.path,
  textEn: r.textEn,
  textFr: r.textFr,
  updatedAt: iso(r.updatedAt),
});

/** docs/product.md §7 global-paragraph by path; a language prefix (`/fr/products`) falls back to the bare path. */
export async function findGlobalParagraph(db: Db, path: string): Promise<GlobalParagraph | null> {
  const key = normaliseSeoPath(path);
  const withoutPrefix = /^\/(en|fr)(\/.*)?$/.exec(key)?.[2] ?? null;
  const keys = withoutPrefix ? [key, withoutPrefix] : [key];
  const rows = await db
    .select()
    .from(globalParagraphs)
    .where(or(...keys.map((k) => eq(globalParagraphs.path, k))));
  const row = keys.map((k) => rows.find((r) => r.path === k)).find(Boolean);
  return row ? paragraphOut(row) : null;
}

export async function listGlobalParagraphs(
  db: Db,
  page: number,
  pageSize: number,
  q?: string,
): Promise<Paged<GlobalParagraph>> {
  const where = q
    ? or(
        ilike(globalParagraphs.path, likePattern(q.toLowerCase())),
        ilike(globalParagraphs.textEn, likePattern(q)),
      )
    : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(globalParagraphs)
      .where(where)
      .orderBy(globalParagraphs.path, globalParagraphs.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(globalParagraphs).where(where),
  ]);
  return { items: rows.map(paragraphOut), total: Number(total), page, pageSize };
}

export async function saveGlobalParagraph(
  db: Db,
  actor: Actor,
  input: { id?: string; path: string; textEn: string; textFr: string },
): Promise<GlobalParagraph> {
  const path = normaliseSeoPath(input.path);
  try {
    return await db.transaction(async (tx) => {
      if (input.id) {
        const [before] = await tx
          .select()
          .from(globalParagraphs)
          .where(eq(globalParagraphs.id, input.id))
          .limit(1);
        if (!before) throw notFound('GLOBAL_PARAGRAPH_NOT_FOUND', 'No global paragraph with this id');
        const [after] = await tx
          .update(globalParagraphs)
          .set({
            path,
            textEn: input.textEn,
            textFr: input.textFr,
            updatedBy: actor.userId,
            updatedAt: sql`now()`,
          })
          .where(eq(globalParagraphs.id, input.id))
          .returning();
        await writeAudit(tx, actor, {
          action: 'update',
          entity: 'global_paragraph',
          entityId: input.id,
          before: paragraphOut(before),
          after: paragraphOut(after!),
        });
        return paragraphOut(after!);
      }
      const [created] = await tx
        .insert(globalParagraphs)
        .values({
          id: randomUUID(),
          path,
          textEn: input.textEn,
          textFr: input.textFr,
          updatedBy: actor.userId,
        })
        .returning();
      await writeAudit(tx, actor, {
        action: 'create',
        entity: 'global_paragraph',
        entityId: created!.id,
        before: null,
        after: paragraphOut(created!),
      });
      return paragraphOut(created!);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('GLOBAL_PARAGRAPH_PATH_TAKEN', 'Another paragraph already uses this path');
    throw error;
  }
}

export async function deleteGlobalParagraph(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(globalParagraphs).where(eq(globalParagraphs.id, id)).returning();
    if (!before) throw notFound('GLOBAL_PARAGRAPH_NOT_FOUND', 'No global paragraph with this id');
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'global_paragraph',
      entityId: id,
      before: paragraphOut(before),
      after: null,
    });
  });
}
