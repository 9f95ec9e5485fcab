import type { LandingFeaturesInput } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { landingFeatures } from '../blogs.tables';
import type { Actor } from '../content.types';
import { listLandingFeatures } from './list-landing-features';
import { writeAudit } from './write-audit';

/** The admin replaces the landing page's features, in the order given; audited in the same transaction. */
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
