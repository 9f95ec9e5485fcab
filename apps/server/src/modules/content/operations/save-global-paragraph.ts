import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { normaliseSeoPath, type GlobalParagraph } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { conflict } from '../../../plugins/errors';
import { globalParagraphNotFound, isUniqueViolation, paragraphOut } from '../content.present';
import { globalParagraphs } from '../content.tables';
import type { Actor } from '../content.types';
import { writeAudit } from './write-audit';

/** Creates (no id) or updates a global paragraph (English and French); the change is audited. */
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
        if (!before) throw globalParagraphNotFound();
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
