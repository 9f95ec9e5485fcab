import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { seoNotFound, seoToAdmin } from '../content.present';
import { seoEntries } from '../content.tables';
import type { Actor } from '../content.types';
import { writeAudit } from './write-audit';

/** Deletes an SEO entry, audited; an unknown id: SEO_NOT_FOUND. */
export async function deleteSeoEntry(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(seoEntries).where(eq(seoEntries.id, id)).returning();
    if (!before) throw seoNotFound();
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'seo_entry',
      entityId: id,
      before: seoToAdmin(before),
      after: null,
    });
  });
}
