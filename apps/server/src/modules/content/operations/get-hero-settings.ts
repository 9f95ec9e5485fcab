import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { blogRows } from '../blogs.present';

/** The landing page's hero; the built-in one until an admin saved one. */
export async function getHeroSettings(db: Db) {
  const [row] = await blogRows(db, sql`SELECT * FROM hero_settings WHERE id = 1`);
  if (!row) {
    return {
      titleEn: 'Buy Canadian. The B2B hub.',
      titleFr: 'Achetez canadien. Le carrefour B2B.',
      subtitleEn: '',
      subtitleFr: '',
      ctaLabelEn: 'Browse products',
      ctaLabelFr: 'Parcourir les produits',
      ctaPath: '/products',
      imageUrl: '/api/v1/media/hero.svg',
    };
  }
  return {
    titleEn: String(row.title_en),
    titleFr: String(row.title_fr),
    subtitleEn: String(row.subtitle_en),
    subtitleFr: String(row.subtitle_fr),
    ctaLabelEn: String(row.cta_label_en),
    ctaLabelFr: String(row.cta_label_fr),
    ctaPath: String(row.cta_path),
    imageUrl: String(row.image_url),
  };
}
