import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/migrate';

/**
 * Typo-tolerant query parsing (decision 040). Words are folded like `catalog_fold` in SQL (lowercase,
 * accents stripped), stop words dropped, then each word is checked against the `search_words`
 * vocabulary: an exact or prefix hit is kept; otherwise the most similar vocabulary word (pg_trgm)
 * replaces it. The result is a prefix tsquery (`aluminum:* & extrusion:*`) for the GIN index.
 */

const stopWords = new Set([
  'a',
  'an',
  'and',
  'au',
  'aux',
  'd',
  'de',
  'des',
  'du',
  'en',
  'et',
  'for',
  'in',
  'l',
  'la',
  'le',
  'les',
  'of',
  'on',
  'or',
  'ou',
  'par',
  'pour',
  'sur',
  'the',
  'to',
  'un',
  'une',
  'with',
  'avec',
]);

export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae');
}

export function queryWords(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0 && !stopWords.has(word))
    .slice(0, 8);
}

export interface ResolvedQuery {
  /** Text for `to_tsquery('simple', …)`, or null when nothing searchable is left. */
  tsquery: string | null;
  /** The words searched after correction, when a word was corrected. */
  corrected: string | null;
  words: string[];
}

export async function resolveQuery(db: Db, text: string | undefined): Promise<ResolvedQuery | null> {
  if (text === undefined || text.trim() === '') return null;
  const words = queryWords(text);
  if (words.length === 0) return { tsquery: null, corrected: null, words: [] };
  const lookups = words.filter((word) => word.length >= 3 && !/[0-9]/.test(word));
  const known = new Map<string, { exact: boolean; prefix: boolean; fuzzy: string | null }>();
  if (lookups.length > 0) {
    const result = await db.execute(sql`
      SELECT w.q AS word,
        EXISTS (SELECT 1 FROM search_words s WHERE s.word = w.q) AS exact,
        EXISTS (SELECT 1 FROM search_words s WHERE s.word LIKE w.q || '%') AS prefix,
        (SELECT s.word FROM search_words s WHERE s.word % w.q
          ORDER BY similarity(s.word, w.q) DESC, s.ndoc DESC, s.word LIMIT 1) AS fuzzy
      FROM unnest(${`{${lookups.join(',')}}`}::text[]) AS w(q)`);
    for (const row of rowsOf<{ word: string; exact: boolean; prefix: boolean; fuzzy: string | null }>(
      result,
    )) {
      known.set(row.word, { exact: row.exact, prefix: row.prefix, fuzzy: row.fuzzy });
    }
  }
  let changed = false;
  const searched = words.map((word) => {
    const hit = known.get(word);
    if (!hit || hit.exact || hit.prefix || !hit.fuzzy) return word;
    changed = true;
    return hit.fuzzy;
  });
  return {
    tsquery: searched.map((word) => `${word}:*`).join(' & '),
    corrected: changed ? searched.join(' ') : null,
    words: searched,
  };
}
