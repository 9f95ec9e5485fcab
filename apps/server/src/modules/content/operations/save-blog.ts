import { eq } from 'drizzle-orm';
import type { AdminBlog, BlogInput } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { conflict } from '../../../plugins/errors';
import { adminBlogNotFound, blogKey, blogToAdmin } from '../blogs.present';
import { blogs } from '../blogs.tables';
import { isUniqueViolation } from '../content.present';
import type { Actor } from '../content.types';
import { writeAudit } from './write-audit';

/** Reading time at 200 words a minute, at least one minute. */
function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/[#>*_`[\]()!-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}

/**
 * Creates (no id) or updates a post; publishing keeps the first publication date, unpublishing clears it. The
 * change is audited in the same transaction.
 */
export async function saveBlog(db: Db, actor: Actor, input: BlogInput & { id?: string }): Promise<AdminBlog> {
  const { published, id, ...fields } = input;
  const values = { ...fields, readingMinutes: readingMinutes(input.bodyEn) };
  try {
    return await db.transaction(async (tx) => {
      if (id) {
        const key = blogKey(id);
        const [before] = await tx.select().from(blogs).where(eq(blogs.id, key)).limit(1);
        if (!before) throw adminBlogNotFound();
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
          before: blogToAdmin(before),
          after: blogToAdmin(after!),
        });
        return blogToAdmin(after!);
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
        after: blogToAdmin(created!),
      });
      return blogToAdmin(created!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('CONFLICT', 'Another blog post already uses this slug');
    throw error;
  }
}
