import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { blogRows } from '../blogs.present';

/** The landing page's features in their order. */
export async function listLandingFeatures(db: Db) {
  return (await blogRows(db, sql`SELECT * FROM landing_features ORDER BY position, id`)).map((row) => ({
    id: String(row.id),
    icon: String(row.icon),
    titleEn: String(row.title_en),
    titleFr: String(row.title_fr),
    bodyEn: String(row.body_en),
    bodyFr: String(row.body_fr),
    position: Number(row.position),
  }));
}
