import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { normaliseSeoPath, type SeoEntryAdmin } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { conflict } from '../../../plugins/errors';
import { isUniqueViolation, seoNotFound, seoToAdmin } from '../content.present';
import { seoEntries } from '../content.tables';
import type { Actor } from '../content.types';
import { sanitizeSeoMarkup } from '../seo-markup';
import { writeAudit } from './write-audit';

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
        if (!before) throw seoNotFound();
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
