import { sql } from 'drizzle-orm';
import type { HeroSettingsInput } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { heroSettings } from '../blogs.tables';
import type { Actor } from '../content.types';
import { getHeroSettings } from './get-hero-settings';
import { writeAudit } from './write-audit';

/** The admin replaces the landing page's hero; audited in the same transaction. */
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
