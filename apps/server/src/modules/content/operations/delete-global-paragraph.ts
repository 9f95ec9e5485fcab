import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { globalParagraphNotFound, paragraphOut } from '../content.present';
import { globalParagraphs } from '../content.tables';
import type { Actor } from '../content.types';
import { writeAudit } from './write-audit';

/** Deletes a global paragraph, audited; an unknown id: GLOBAL_PARAGRAPH_NOT_FOUND. */
export async function deleteGlobalParagraph(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(globalParagraphs).where(eq(globalParagraphs.id, id)).returning();
    if (!before) throw globalParagraphNotFound();
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'global_paragraph',
      entityId: id,
      before: paragraphOut(before),
      after: null,
    });
  });
}
