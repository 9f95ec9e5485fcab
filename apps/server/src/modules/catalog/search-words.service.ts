import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Incremental upkeep of the typo vocabulary (`search_words`, decision 040). The seed rebuilds it in bulk
 * (`REBUILD_SEARCH_WORDS_SQL`); admin edits of names (categories, sellers, products, services) add their new
 * words here: one cheap INSERT, words already known keep their document counts. Words that disappear stay
 * in the vocabulary until the next rebuild (a stale word only means a typo may be corrected to it). The catalogue
 * service (index.ts) clears its instance's word lookups after calling this.
 */
export async function addSearchWords(db: Db, texts: readonly string[]): Promise<void> {
  const text = texts.filter(Boolean).join(' ');
  if (text.trim() === '') return;
  await db.execute(sql`
    INSERT INTO search_words (word, ndoc)
    SELECT DISTINCT w, 1 FROM unnest(tsvector_to_array(to_tsvector('simple', catalog_fold(${text})))) AS w
    WHERE length(w) >= 3 AND w !~ '[0-9]'
    ON CONFLICT (word) DO NOTHING`);
}

/**
 * A seller's province and business type are copied onto its products and services (decision 040: filters
 * only touch the item tables). The update-seller-profile workflow calls this when an admin changes them.
 */
export async function syncSellerCopies(
  db: Db,
  sellerId: number,
  copy: { province: string; businessType: string },
): Promise<void> {
  for (const table of ['products', 'services'] as const) {
    await db.execute(
      sql`UPDATE ${sql.raw(table)} SET province = ${copy.province}, business_type = ${copy.businessType}
          WHERE seller_id = ${sellerId} AND (province <> ${copy.province} OR business_type <> ${copy.businessType})`,
    );
  }
}
