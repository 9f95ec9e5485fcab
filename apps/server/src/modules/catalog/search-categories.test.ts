import { describe, expect, it } from 'vitest';
import { CategoryIndex } from './search-categories';
import {
  DEFAULT_WORD_SIMILARITY_THRESHOLD,
  positionalTrigrams,
  trigrams,
  wordSimilarity,
} from './search-trigram';

/**
 * The categories held in memory score only the categories that share a trigram with the text (decision 345): the
 * others' word similarity is 0. Here against the rule of decision 334 written plainly (every category scored), on
 * names that share many pieces, in English and French, for words, parts of words, slips, whole names and product
 * names with model codes.
 */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

type Row = Record<string, unknown>;
const threshold = Math.fround(DEFAULT_WORD_SIMILARITY_THRESHOLD);

/** Decision 334's rule, every category scored. */
function plainSearch(rows: readonly Row[], folded: string, corrected: string, limit: number): unknown[] {
  const foldedGrams = trigrams(folded);
  const correctedGrams = trigrams(corrected);
  const strip = (text: string) => text.replace(/[%_\\]/g, '');
  const found: Array<{ row: Row; closeness: number }> = [];
  for (const row of rows) {
    const en = positionalTrigrams(String(row.folded_en));
    const fr = positionalTrigrams(String(row.folded_fr));
    const foldedEn = wordSimilarity(foldedGrams, en);
    const foldedFr = wordSimilarity(foldedGrams, fr);
    const names = [String(row.folded_en), String(row.folded_fr)];
    const matches =
      names.some((name) => name.includes(strip(folded)) || name.includes(strip(corrected))) ||
      ([...folded].length >= 4 && (foldedEn >= threshold || foldedFr >= threshold));
    if (!matches) continue;
    const closeness = Math.max(
      foldedEn,
      foldedFr,
      wordSimilarity(correctedGrams, en),
      wordSimilarity(correctedGrams, fr),
    );
    found.push({ row, closeness });
  }
  const parent = (row: Row) => (row.parent_id === null ? -1 : Number(row.parent_id));
  return found
    .sort(
      (a, b) =>
        b.closeness - a.closeness ||
        parent(a.row) - parent(b.row) ||
        Number(b.row.item_count) - Number(a.row.item_count) ||
        Number(a.row.id) - Number(b.row.id),
    )
    .slice(0, limit)
    .map(({ row }) => row.id);
}

describe('CategoryIndex.search', () => {
  it('finds and orders what scoring every category finds, for words, parts, slips, names and product names', () => {
    const next = random(345);
    const any = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const en = [
      'steel',
      'hydraulic',
      'valves',
      'pumps',
      'food',
      'packaging',
      'wood',
      'tools',
      'electric',
      'parts',
    ];
    const fr = [
      'acier',
      'hydraulique',
      'vannes',
      'pompes',
      'alimentaire',
      'emballage',
      'bois',
      'outils',
      'pieces',
    ];
    const rows: Row[] = Array.from({ length: 90 }, (_, i) => ({
      id: i + 1,
      slug: `c-${i + 1}`,
      folded_en: Array.from({ length: 1 + Math.floor(next() * 3) }, () => any(en)).join(' '),
      folded_fr: Array.from({ length: 1 + Math.floor(next() * 3) }, () => any(fr)).join(' '),
      // Top levels first, then their children; few item counts: many ties, ordered by id.
      parent_id: i < 12 ? null : 1 + (i % 12),
      item_count: Math.floor(next() * 4),
    }));
    const index = new CategoryIndex(rows);
    const slip = (word: string) => {
      const at = Math.floor(next() * (word.length - 1));
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    };
    const name = () => String(any(rows)[next() < 0.5 ? 'folded_en' : 'folded_fr']);
    const texts = [
      'zzqx',
      'a',
      'st',
      'iq',
      ...Array.from({ length: 40 }, () => any([...en, ...fr])),
      ...Array.from({ length: 40 }, () => slip(any([...en, ...fr]))),
      ...Array.from({ length: 40 }, () => {
        const whole = name();
        const from = Math.floor(next() * whole.length);
        return whole.slice(from, from + 2 + Math.floor(next() * 8));
      }),
      ...Array.from({ length: 30 }, name),
      ...Array.from({ length: 30 }, () => `industrial ${any(en)} ${any(fr)} p${Math.floor(next() * 999)}`),
    ];
    let found = 0;
    for (const folded of texts) {
      // The correction is the text itself, or another word (as the vocabulary would correct a slip).
      const corrected = next() < 0.3 ? any([...en, ...fr]) : folded;
      for (const limit of [5, 50]) {
        const ids = index.search(folded, corrected, limit).map((row) => row.id);
        expect({ folded, corrected, limit, ids }).toEqual({
          folded,
          corrected,
          limit,
          ids: plainSearch(rows, folded, corrected, limit),
        });
        found += ids.length;
      }
    }
    expect(found).toBeGreaterThan(500);
  });
});
