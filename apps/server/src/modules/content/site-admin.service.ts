import { count, desc, eq, sql } from 'drizzle-orm';
import type {
  AdminBlog,
  BlogInput,
  HeroSettingsInput,
  LandingFeaturesInput,
  Paged,
} from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../plugins/errors';
import { blogs, heroSettings, landingFeatures } from './blogs.tables';
import { writeAudit, type Actor } from './content.service';
import { getHeroSettings, listLandingFeatures } from './home-blogs.service';

/** Admin edits of the landing page (hero, features) and blogs; every change audited in the same transaction. */

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Reading time at 200 words a minute, at least one minute. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/[#>*_`[\]()!-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}

export async function saveHeroSettings(db: Db, actor: Actor, input: HeroSettingsInput) {
  return db.transaction(async (tx) => {
    const before = await getHeroSettings(tx);
    await tx
      .insert(heroSettings)
      .values({ id: 1, ...input })
      .onConflictDoUpdate({ target: heroSettings.id, set: { ...input, updatedAt: sql`now()` } });
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'hero_settings',
      entityId: '1',
      before,
      after: input,
    });
    return input;
  });
}

export async function replaceLandingFeatures(db: Db, actor: Actor, input: LandingFeaturesInput) {
  return db.transaction(async (tx) => {
    const before = await listLandingFeatures(tx);
    await tx.delete(landingFeatures);
    if (input.items.length > 0) {
      await tx.insert(landingFeatures).values(input.items.map((item, position) => ({ ...item, position })));
    }
    const after = await listLandingFeatures(tx);
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'landing_features',
      entityId: 'all',
      before,
      after,
    });
    return { items: after };
  });
}

type BlogRow = typeof blogs.$inferSelect;
const blogOut = (r: BlogRow): AdminBlog => ({
  id: String(r.id),
  slug: r.slug,
  titleEn: r.titleEn,
  titleFr: r.titleFr,
  excerptEn: r.excerptEn,
  excerptFr: r.excerptFr,
  bodyEn: r.bodyEn,
  bodyFr: r.bodyFr,
  category: r.category,
  coverUrl: r.coverUrl,
  published: r.publishedAt !== null,
  readingMinutes: r.readingMinutes,
  publishedAt: iso(r.publishedAt),
  createdAt: iso(r.createdAt)!,
});

export async function listBlogsForAdmin(db: Db, page: number, pageSize: number): Promise<Paged<AdminBlog>> {
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(blogs)
      .orderBy(desc(blogs.createdAt), desc(blogs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(blogs),
  ]);
  return { items: rows.map(blogOut), total: Number(total), page, pageSize };
}

const blogKey = (id: string) => {
  const key = Number(id);
  if (!Number.isSafeInteger(key)) throw notFound('ADMIN_ENTITY_NOT_FOUND', 'No blog post with this id');
  return key;
};
const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export async function saveBlog(db: Db, actor: Actor, input: BlogInput & { id?: string }): Promise<AdminBlog> {
  const { published, id, ...fields } = input;
  const values = { ...fields, readingMinutes: readingMinutes(input.bodyEn) };
  try {
    return await db.transaction(async (tx) => {
      if (id) {
        const key = blogKey(id);
        const [before] = await tx.select().from(blogs).where(eq(blogs.id, key)).limit(1);
        if (!before) throw notFound('ADMIN_ENTITY_NOT_FOUND', 'No blog post with this id');
        const publishedAt = published ? (before.publishedAt ?? new Date()) : null;
        const [after] = await tx
          .update(blogs)
          .set({ ...values, publishedAt })
          .where(eq(blogs.id, key))
          .returning();
        await writeAudit(tx, actor, {
          action: 'update',
          entity: 'blog',
          entityId: id,
          before: blogOut(before),
          after: blogOut(after!),
        });
        return blogOut(after!);
      }
      const [created] = await tx
        .insert(blogs)
        .values({ ...values, publishedAt: published ? new Date() : null })
        .returning();
      await writeAudit(tx, actor, {
        action: 'create',
        entity: 'blog',
        entityId: String(created!.id),
        before: null,
        after: blogOut(created!),
      });
      return blogOut(created!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('CONFLICT', 'Another blog post already uses this slug');
    throw error;
  }
}

export async function deleteBlog(db: Db, actor: Actor, id: string): Promise<void> {
  const key = blogKey(id);
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(blogs).where(eq(blogs.id, key)).returning();
    if (!before) throw notFound('ADMIN_ENTITY_NOT_FOUND', 'No blog post with this id');
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'blog',
      entityId: id,
      before: blogOut(before),
      after: null,
    });
  });
}
