import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';

/** The language of a page's texts: French pages are French, every other language shows English (decision 080). */
export type TextLanguage = 'en' | 'fr';

/** Counts one search of `term` (already in search_terms) on a page in `language`: one atomic upsert. */
export async function countSearchInLanguage(db: Db, term: string, language: TextLanguage) {
  await db.execute(sql`
    INSERT INTO search_term_languages (term, language, count) VALUES (${term}, ${language}, 1)
    ON CONFLICT (term, language) DO UPDATE SET count = search_term_languages.count + 1`);
}

/** The terms searched most on pages in `language`, as they were typed. */
export async function frequentSearchTermsIn(db: Db, language: TextLanguage, limit: number) {
  const found = rowsOf<{ display: string; count: string | number }>(
    await db.execute(sql`
      SELECT st.display, l.count FROM search_term_languages l JOIN search_terms st ON st.term = l.term
      WHERE l.language = ${language} ORDER BY l.count DESC, l.term LIMIT ${limit}`),
  );
  return found.map((row) => ({ term: String(row.display), count: Number(row.count) }));
}
