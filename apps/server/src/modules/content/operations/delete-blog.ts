import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { adminBlogNotFound, blogKey, blogToAdmin } from '../blogs.present';
import { blogs } from '../blogs.tables';
import type { Actor } from '../content.types';
import { writeAudit } from './write-audit';

/** Deletes a post; audited in the same transaction. */
export async function deleteBlog(db: Db, actor: Actor, id: string): Promise<void> {
  const key = blogKey(id);
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(blogs).where(eq(blogs.id, key)).returning();
    if (!before) throw adminBlogNotFound();
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'blog',
      entityId: id,
      before: blogToAdmin(before),
      after: null,
    });
  });
}
