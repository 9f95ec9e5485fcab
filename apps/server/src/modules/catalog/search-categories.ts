import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import {
  ASCII_WORD_SEPARATORS,
  DEFAULT_WORD_SIMILARITY_THRESHOLD,
  UNICODE_WORD_SEPARATORS,
  positionalTrigrams,
  trigrams,
  type PositionalTrigrams,
  wordSimilarity,
} from './search-trigram';

type Row = Record<string, unknown>;

interface HeldCategory {
  row: Row;
  foldedEn: string;
  foldedFr: string;
  gramsEn: PositionalTrigrams;
  gramsFr: PositionalTrigrams;
  parentId: number | null;
  itemCount: number;
  id: number;
}

/** Every category with its names folded by `catalog_fold` and its parent's slug: what the categories group reads. */
export async function readCategories(db: Db): Promise<CategoryIndex> {
  const found = rowsOf<Row>(
    await db.execute(
      sql`SELECT c.*, catalog_fold(c.name_en) AS folded_en, catalog_fold(c.name_fr) AS folded_fr,
            p.slug AS parent_slug, word_similarity('ł', 'ł') > 0 AS unicode_words
          FROM categories c LEFT JOIN categories p ON p.id = c.parent_id`,
    ),
  );
  // Whether pg_trgm counts letters beyond ASCII as a word's (a non-C ctype) or as separators (the C ctype).
  const unicode = found.length === 0 || Boolean(found[0]!.unicode_words);
  return new CategoryIndex(found, unicode ? UNICODE_WORD_SEPARATORS : ASCII_WORD_SEPARATORS);
}

const stripLike = (text: string) => text.replace(/[%_\\]/g, '');
const threshold = Math.fround(DEFAULT_WORD_SIMILARITY_THRESHOLD);

/**
 * The categories held whole in memory (a few hundred rows; decision 334), answering what `searchCategories`' SQL
 * answers: a category whose folded English or French name holds the folded text or its correction (`LIKE '%…%'`),
 * or, for text of four characters or more, is close to it by pg_trgm's `<%` (word similarity ≥ 0.6); ranked by the
 * greatest of the four word similarities, then top levels first, then busy ones, then by id.
 */
export class CategoryIndex {
  private readonly held: HeldCategory[];
  /** Per trigram, the categories (their places in `held`) whose English, or French, name has it (decision 345). */
  private readonly byTrigramEn = new Map<string, number[]>();
  private readonly byTrigramFr = new Map<string, number[]>();

  constructor(
    rows: readonly Row[],
    private readonly separators: RegExp = UNICODE_WORD_SEPARATORS,
  ) {
    this.held = rows.map((row) => {
      const foldedEn = String(row.folded_en);
      const foldedFr = String(row.folded_fr);
      return {
        row,
        foldedEn,
        foldedFr,
        gramsEn: positionalTrigrams(foldedEn, separators),
        gramsFr: positionalTrigrams(foldedFr, separators),
        parentId: row.parent_id === null || row.parent_id === undefined ? null : Number(row.parent_id),
        itemCount: Number(row.item_count),
        id: Number(row.id),
      };
    });
    const add = (index: Map<string, number[]>, trigram: string, at: number) => {
      const list = index.get(trigram);
      if (list) list.push(at);
      else index.set(trigram, [at]);
    };
    this.held.forEach((held, at) => {
      for (const trigram of held.gramsEn.distinct) add(this.byTrigramEn, trigram, at);
      for (const trigram of held.gramsFr.distinct) add(this.byTrigramFr, trigram, at);
    });
  }

  /** How many of `grams` each category's name (`index`: English or French) has. */
  private sharing(index: Map<string, number[]>, grams: ReadonlySet<string>): Uint16Array {
    const sharing = new Uint16Array(this.held.length);
    for (const trigram of grams) for (const at of index.get(trigram) ?? []) sharing[at] += 1;
    return sharing;
  }

  get size(): number {
    return this.held.length;
  }

  /** A category's slug by id (the cards the index holds name their categories by id, decision 345). */
  slugOf(id: number): string | undefined {
    this.slugs ??= new Map(this.held.map((held) => [held.id, String(held.row.slug)]));
    return this.slugs.get(id);
  }
  private slugs: Map<number, string> | undefined;

  /** The first `limit` rows (`categories.*` with `parent_slug`) for the folded text and its correction. */
  search(folded: string, corrected: string, limit: number): Row[] {
    const likeFolded = stripLike(folded);
    const likeCorrected = stripLike(corrected);
    const foldedGrams = trigrams(folded, this.separators);
    const correctedGrams = trigrams(corrected, this.separators);
    const fuzzy = [...folded].length >= 4;
    const found: Array<{ held: HeldCategory; closeness: number }> = [];
    // A name's word similarity to the text is at most the share of the text's trigrams it has (the run's shared
    // trigrams over at least the text's): a category that holds neither text and whose names cannot reach the
    // threshold is not scored (decision 345). A product's name, say, reaches it with none.
    const sharingEn = this.sharing(this.byTrigramEn, foldedGrams);
    const sharingFr = this.sharing(this.byTrigramFr, foldedGrams);
    const canReach = (shared: number) => Math.fround(shared / foldedGrams.size) >= threshold;
    for (const [at, held] of this.held.entries()) {
      const holds =
        held.foldedEn.includes(likeFolded) ||
        held.foldedFr.includes(likeFolded) ||
        held.foldedEn.includes(likeCorrected) ||
        held.foldedFr.includes(likeCorrected);
      if (!holds && !(fuzzy && (canReach(sharingEn[at]!) || canReach(sharingFr[at]!)))) continue;
      const foldedEn = sharingEn[at] ? wordSimilarity(foldedGrams, held.gramsEn) : 0;
      const foldedFr = sharingFr[at] ? wordSimilarity(foldedGrams, held.gramsFr) : 0;
      const matches = holds || (fuzzy && (foldedEn >= threshold || foldedFr >= threshold));
      if (!matches) continue;
      const closeness = Math.max(
        foldedEn,
        foldedFr,
        wordSimilarity(correctedGrams, held.gramsEn),
        wordSimilarity(correctedGrams, held.gramsFr),
      );
      found.push({ held, closeness });
    }
    found.sort(
      (a, b) =>
        b.closeness - a.closeness ||
        // parent_id NULLS FIRST, ascending
        (a.held.parentId === null ? -1 : 0) - (b.held.parentId === null ? -1 : 0) ||
        (a.held.parentId ?? 0) - (b.held.parentId ?? 0) ||
        b.held.itemCount - a.held.itemCount ||
        a.held.id - b.held.id,
    );
    return found.slice(0, limit).map(({ held }) => held.row);
  }
}
