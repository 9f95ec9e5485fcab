import { describe, expect, it } from 'vitest';
import { StorefrontSearchIndex } from './storefront-search-index';

/**
 * The storefronts held in memory (decision 334) find what the directory's SQL finds — `search_name LIKE '%phrase%'`
 * or every word `LIKE '%word%'` (with `%`, `_` and `\` taken out), listed ones by popularity then id, both descending
 * — here against that rule written plainly, on names that share many substrings, with ties of popularity, empty and
 * absent text, words in any order and the separator the joined names use.
 */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const strip = (text: string) => text.replace(/[%_\\]/g, '');

describe('StorefrontSearchIndex.search', () => {
  it('finds the storefronts the directory rule finds, in its order, for any text and limit', () => {
    const next = random(334);
    const pieces = ['al', 'ma', 'steel', 'forge', 'nord', 'ee', 'ri', 'o', 'x', ' ', ' inc', ' ltee'];
    const name = () =>
      Array.from(
        { length: 1 + Math.floor(next() * 5) },
        () => pieces[Math.floor(next() * pieces.length)]!,
      ).join('');
    const rare = ['quartz', 'jovial', 'wyvern', 'kebab', 'fjord', 'pizazz'];
    const rows = Array.from({ length: 600 }, (_, i) => {
      const id = 1 + ((i * 7919) % 600);
      // One in fifteen also holds a word no other piece makes (letter runs found in few names).
      const searchName =
        i % 15 === 0 ? `${name()} ${rare[(i / 15) % rare.length]}${i}` : `${name()} ${name()}`;
      return {
        id,
        slug: `s-${id}`,
        name: searchName,
        business_type: 'supplier',
        province: 'ON',
        city: 'x',
        verified: false,
        claimed: false,
        logo_url: null,
        product_count: 0,
        service_count: 0,
        created_at: new Date(0),
        search_name: searchName,
        // Few distinct values: many ties, ordered by id.
        popularity_score: Math.floor(next() * 12),
        changed_us: 0,
      };
    });
    const index = new StorefrontSearchIndex();
    index.load(rows);
    const expected = (phrase: string, words: readonly string[], limit: number) =>
      rows
        .filter(
          (row) =>
            row.search_name.includes(strip(phrase)) ||
            (words.filter(Boolean).length > 0 &&
              words.filter(Boolean).every((word) => row.search_name.includes(strip(word)))),
        )
        .sort((a, b) => b.popularity_score - a.popularity_score || b.id - a.id)
        .slice(0, limit)
        .map((row) => String(row.id));
    const part = () => {
      const source = rows[Math.floor(next() * rows.length)]!.search_name;
      const from = Math.floor(next() * source.length);
      return source.slice(from, from + 1 + Math.floor(next() * 6));
    };
    const phrases = [
      '',
      'zzz',
      'steel forge',
      'a%l',
      'st_eel',
      'forge\u0000',
      ...Array.from({ length: 60 }, part),
      // Parts joined: most are in no name, though each piece is (decision 345: such parts are ruled out by their
      // three-letter runs before any scan).
      'quartz',
      'fjord',
      'wyvern3',
      'steelx',
      'forgeee',
      ' ltee inc',
      ...Array.from({ length: 30 }, () => part() + part()),
    ];
    let found = 0;
    for (const [n, phrase] of phrases.entries()) {
      const words =
        n % 3 === 0 ? [] : Array.from({ length: 1 + (n % 3) }, () => (n % 5 === 0 ? 'zz' : part()));
      if (n % 7 === 0) words.push('\u0000');
      if (n % 4 === 1) words.push(part() + part());
      for (const limit of [1, 5, 50, 1_000]) {
        const ids = index.search(phrase, words, limit).map((seller) => seller.id);
        expect({ phrase, words, limit, ids }).toEqual({
          phrase,
          words,
          limit,
          ids: expected(phrase, words, limit),
        });
        found += ids.length;
      }
    }
    expect(found).toBeGreaterThan(1_000);
  });
});
