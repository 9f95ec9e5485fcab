import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import type { SearchVocabulary } from './search-vocabulary';

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

/** One word of a resolved query: any of these exact lexemes, or any lexeme starting with `prefix`. */
export type TextGroup = { lexemes: string[] } | { prefix: string };

export interface ResolvedQuery {
  /** Text for `to_tsquery('simple', …)`, or null when nothing searchable is left. */
  tsquery: string | null;
  /** The same query as data (every group must match): what the in-process index reads (decision 329). */
  groups: TextGroup[];
  /**
   * The part of `tsquery` to look up in a GIN index when it differs (decision 180): `tsquery` without the prefixes
   * of one- and two-letter words ("co" in "Polar Equipment Co."), whose posting lists cover a large share of the
   * vocabulary (256 ms for `polar & equipment & co:*` at 1M products, 0.3 ms without). The rows it finds are then
   * checked against the whole `tsquery`, so the matches are the same. Null when the whole text is as selective.
   */
  indexTsquery: string | null;
  /** The words searched after correction, when a word was corrected. */
  corrected: string | null;
  words: string[];
  /** Upper estimate of matching documents (any kind) from the vocabulary's document counts; null when unknown. */
  estimatedMatches: number | null;
  /** The same among products alone (`search_words.product_ndoc`): what the product listing's plan depends on. */
  estimatedProductMatches: number | null;
  /** The same among everything but products (services, storefronts, categories, posts): bounds the services. */
  estimatedOtherMatches: number | null;
}

export interface WordLookup {
  exact: boolean;
  /** Documents containing the word itself (0 when not exact). */
  ndoc: number;
  expansionDocs: number;
  /** The same two counts among products alone. */
  productNdoc: number;
  expansionProductDocs: number;
  /** Vocabulary words that start with the word (shortest first), so "extrusion" also finds "extrusions". */
  expansions: string[];
  fuzzy: string | null;
  at: number;
}

/**
 * word → lookup, one per catalogue instance (CatalogState.words); the vocabulary changes only when the catalogue
 * is re-indexed or an admin edit adds words (which clears it), so a minute of caching is safe.
 */
export class SearchWordCache extends Map<string, WordLookup> {
  /**
   * The whole vocabulary in memory, once the search index has loaded it (decision 329): lookups are answered from it
   * and never cached (they cost microseconds); until then (and with the SQL engine) they are SQL statements.
   */
  vocabulary: SearchVocabulary | null = null;

  /**
   * Brings `vocabulary` up to date first when its index's feed is due (set by that index): a listing's typo
   * correction sees a word as soon as the grouped search does.
   */
  syncVocabulary: ((db: Db) => Promise<void>) | null = null;

  /** How long a lookup is kept; 0 keeps none (SEARCH_WORDS_CACHE_MS=0: the benches' uncached lines). */
  constructor(readonly ttlMs = 60_000) {
    super();
  }
}
const CACHE_MAX = 5_000;

async function lookupWords(
  db: Db,
  cache: SearchWordCache,
  words: string[],
): Promise<Map<string, WordLookup>> {
  if (cache.vocabulary) {
    await cache.syncVocabulary?.(db);
    if (cache.vocabulary) return cache.vocabulary.lookupAll(words);
  }
  const now = Date.now();
  const out = new Map<string, WordLookup>();
  const missing: string[] = [];
  for (const word of words) {
    const hit = cache.get(word);
    if (hit && now - hit.at < cache.ttlMs) out.set(word, hit);
    else missing.push(word);
  }
  if (missing.length === 0) return out;
  const result = await db.execute(sql`
    SELECT w.q AS word,
      (SELECT s.ndoc FROM search_words s WHERE s.word = w.q) AS ndoc,
      (SELECT s.product_ndoc FROM search_words s WHERE s.word = w.q) AS product_ndoc,
      ARRAY(SELECT s.word || ':' || s.ndoc || ':' || s.product_ndoc FROM search_words s WHERE s.word LIKE w.q || '_%'
        ORDER BY length(s.word), s.word LIMIT 6) AS expansions,
      (SELECT s.word FROM search_words s WHERE s.word % w.q
        ORDER BY similarity(s.word, w.q) DESC, s.ndoc DESC, s.word LIMIT 1) AS fuzzy
    FROM unnest(${`{${missing.join(',')}}`}::text[]) AS w(q)`);
  if (cache.size > CACHE_MAX) cache.clear();
  for (const row of rowsOf<{
    word: string;
    ndoc: number | null;
    product_ndoc: number | null;
    expansions: string[] | string;
    fuzzy: string | null;
  }>(result)) {
    const pairs = (
      Array.isArray(row.expansions) ? row.expansions : String(row.expansions).replace(/^{|}$/g, '').split(',')
    ).filter(Boolean);
    // word:ndoc:product_ndoc (words are folded letters and digits: no colon inside)
    const triples = pairs.map((pair) => pair.split(':'));
    const expansions = triples.map(([word]) => word!);
    const expansionDocs = triples.reduce((sum, [, docs]) => sum + Number(docs), 0);
    const expansionProductDocs = triples.reduce((sum, [, , docs]) => sum + Number(docs), 0);
    const lookup: WordLookup = {
      exact: row.ndoc !== null && row.ndoc !== undefined,
      ndoc: Number(row.ndoc ?? 0),
      expansionDocs,
      productNdoc: Number(row.product_ndoc ?? 0),
      expansionProductDocs,
      expansions,
      fuzzy: row.fuzzy,
      at: now,
    };
    if (cache.ttlMs > 0) cache.set(row.word, lookup);
    out.set(row.word, lookup);
  }
  return out;
}

/**
 * Each word becomes an OR of exact lexemes (itself and its vocabulary expansions, or its typo correction),
 * so the GIN index can intersect posting lists; words outside the vocabulary (model codes) stay prefixes.
 */
export async function resolveQuery(
  db: Db,
  cache: SearchWordCache,
  text: string | undefined,
): Promise<ResolvedQuery | null> {
  if (text === undefined || text.trim() === '') return null;
  const words = queryWords(text);
  if (words.length === 0)
    return {
      tsquery: null,
      groups: [],
      indexTsquery: null,
      corrected: null,
      words: [],
      estimatedMatches: null,
      estimatedProductMatches: null,
      estimatedOtherMatches: null,
    };
  const lookups = words.filter((word) => word.length >= 3 && !/[0-9]/.test(word));
  const known =
    lookups.length > 0 ? await lookupWords(db, cache, [...new Set(lookups)]) : new Map<string, WordLookup>();
  const corrections = [...known.values()]
    .filter((hit) => !hit.exact && hit.expansions.length === 0 && hit.fuzzy)
    .map((hit) => hit.fuzzy!);
  if (corrections.length > 0) {
    for (const [word, hit] of await lookupWords(db, cache, [...new Set(corrections)]))
      if (!known.has(word)) known.set(word, hit);
  }
  let changed = false;
  const searched: string[] = [];
  const groups: string[] = [];
  const textGroups: TextGroup[] = [];
  const selective: string[] = [];
  let estimate: number | null = null;
  let productEstimate: number | null = null;
  let otherEstimate: number | null = null;
  const bound = (docs: number, productDocs: number) => {
    estimate = estimate === null ? docs : Math.min(estimate, docs);
    productEstimate = productEstimate === null ? productDocs : Math.min(productEstimate, productDocs);
    const otherDocs = Math.max(0, docs - productDocs);
    otherEstimate = otherEstimate === null ? otherDocs : Math.min(otherEstimate, otherDocs);
  };
  for (const word of words) {
    const hit = known.get(word);
    let lexemes: string[] | null = null;
    let shown = word;
    if (hit && (hit.exact || hit.expansions.length > 0)) {
      lexemes = [...(hit.exact ? [word] : []), ...hit.expansions];
      bound(hit.ndoc + hit.expansionDocs, hit.productNdoc + hit.expansionProductDocs);
    } else if (hit?.fuzzy) {
      const corrected = known.get(hit.fuzzy);
      lexemes = [hit.fuzzy, ...(corrected?.expansions ?? [])];
      if (corrected)
        bound(
          corrected.ndoc + corrected.expansionDocs,
          corrected.productNdoc + corrected.expansionProductDocs,
        );
      shown = hit.fuzzy;
      changed = true;
    }
    searched.push(shown);
    const group = lexemes ? (lexemes.length === 1 ? lexemes[0]! : `(${lexemes.join(' | ')})`) : `${word}:*`;
    groups.push(group);
    textGroups.push(lexemes ? { lexemes } : { prefix: word });
    if (lexemes || word.length >= 3 || /[0-9]/.test(word)) selective.push(group);
  }
  return {
    tsquery: groups.join(' & '),
    groups: textGroups,
    indexTsquery: selective.length > 0 && selective.length < groups.length ? selective.join(' & ') : null,
    corrected: changed ? searched.join(' ') : null,
    words: searched,
    estimatedMatches: estimate,
    estimatedProductMatches: productEstimate,
    estimatedOtherMatches: otherEstimate,
  };
}
