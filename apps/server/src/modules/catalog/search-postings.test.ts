import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DELTA, PostingIndex, type DocChange, type IndexedDoc } from './search-postings';
import type { TextGroup } from './search-query';
import { SearchVocabulary } from './search-vocabulary';
import { similarityOf, trigrams } from './search-trigram';

/**
 * The in-process index answers what the SQL listing answers (decision 329): the rows matching every group (an exact
 * lexeme of the group, or one starting with its prefix) in the order (popularity DESC, id DESC), also after rows were
 * changed, archived, removed or added since its build. Checked against a plain filter-and-sort of the same rows.
 */
// "st" is the prefix of more lexemes than a lazily merged group takes (it becomes a bitset).
const alphabet = [
  ...['steel', 'steels', 'ste', 'valve', 'valves', 'bolt', 'co', 'cold', '0fpon', '0fv1', 't269'],
  ...Array.from({ length: 20 }, (_, i) => `st${i}`),
];

const docArb = fc.record({
  id: fc.integer({ min: 1, max: 400 }),
  score: fc.integer({ min: 0, max: 20 }),
  changedUs: fc.integer({ min: 1, max: 1_000 }),
  lexemes: fc.uniqueArray(fc.constantFrom(...alphabet), { maxLength: 5 }),
});
const groupArb: fc.Arbitrary<TextGroup> = fc.oneof(
  fc
    .uniqueArray(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 3 })
    .map((lexemes) => ({ lexemes })),
  fc.constantFrom('st', 'co', 'val', 'x', '0f', 't2').map((prefix) => ({ prefix })),
);

function reference(docs: Map<number, DocChange>, groups: TextGroup[], k: number) {
  const matches = [...docs.values()].filter(
    (doc) =>
      doc.active &&
      groups.length > 0 &&
      groups.every((group) =>
        'prefix' in group
          ? doc.lexemes.some((lexeme) => lexeme.startsWith(group.prefix))
          : group.lexemes.some((lexeme) => doc.lexemes.includes(lexeme)),
      ),
  );
  matches.sort((a, b) => b.score - a.score || b.id - a.id);
  return { ids: matches.slice(0, k).map((doc) => doc.id), total: matches.length };
}

describe('the posting index', () => {
  it('answers the first k ids and the exact total of a plain filter and sort, after any changes', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(docArb, { selector: (doc) => doc.id, maxLength: 120 }),
        fc.array(fc.record({ doc: docArb, active: fc.boolean(), later: fc.integer({ min: 1, max: 500 }) }), {
          maxLength: 40,
        }),
        fc.array(groupArb, { minLength: 0, maxLength: 3 }),
        fc.integer({ min: 1, max: 30 }),
        (built, changes, groups, k) => {
          const index = PostingIndex.of(built);
          const truth = new Map<number, DocChange>(built.map((doc) => [doc.id, { ...doc, active: true }]));
          for (const { doc, active, later } of changes) {
            // Every change is newer than what the build read, as the feed's are.
            const change: DocChange = { ...doc, active, changedUs: 1_000 + later };
            const held = truth.get(doc.id);
            if (held && change.changedUs <= held.changedUs) continue;
            index.apply([change]);
            truth.set(doc.id, change);
          }
          // The feed reads its look-back window again: older or equal reads change nothing.
          index.apply([...truth.values()].map((doc) => ({ ...doc, active: !doc.active })));
          expect(index.search(groups, k, true)).toEqual(reference(truth, groups, k));
          expect(index.search(groups, k).ids).toEqual(reference(truth, groups, k).ids);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('holds a bounded number of bytes per posting and keeps changes aside only up to MAX_DELTA', () => {
    const docs: IndexedDoc[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      score: i % 97,
      changedUs: 1,
      lexemes: [`w${i % 50}`, `v${i % 7}`, '0fsa'],
    }));
    const index = PostingIndex.of(docs);
    const postings = docs.length * 3;
    // Per row: id, score, change time, removed flag and its place by id (37 bytes); 4 bytes a posting.
    expect(index.bytes).toBeLessThanOrEqual(docs.length * 37 + postings * 4 + 4 * 60);
    expect(index.size).toBe(10_000);
    index.apply(docs.slice(0, 100).map((doc) => ({ ...doc, active: false, changedUs: 2 })));
    expect(index.size).toBe(9_900);
    expect(index.deltaSize).toBe(100);
    expect(MAX_DELTA).toBeLessThan(docs.length);
  });
});

describe('the vocabulary in memory', () => {
  const vocabulary = new SearchVocabulary(
    ['hydraulic', 'hydraulics', 'hydrant', 'steel', 'stainless', 'steels', 'steelwork', 'valve'].map(
      (word, i) => ({
        word,
        ndoc: 10 + i,
        productNdoc: i,
      }),
    ),
  );

  it('expands a word to the longer words it starts, shortest first, and corrects a slip to the closest word', () => {
    const steel = vocabulary.lookup('steel', 0);
    expect(steel.exact).toBe(true);
    expect(steel.expansions).toEqual(['steels', 'steelwork']);
    const typo = vocabulary.lookup('hydrualic', 0);
    expect(typo.exact).toBe(false);
    expect(typo.expansions).toEqual([]);
    expect(typo.fuzzy).toBe('hydraulic');
    expect(vocabulary.lookup('zzzzqq', 0).fuzzy).toBeNull();
  });

  it("computes pg_trgm's similarity (shared trigrams over the union, padded words)", () => {
    // similarity('word', 'two words') = 4 / 11 in pg_trgm's documentation's terms: {"  w"," wo",wor,ord,"rd "} …
    expect(similarityOf(trigrams('word'), trigrams('word'))).toBe(1);
    expect(similarityOf(trigrams('word'), trigrams('two words'))).toBeCloseTo(4 / 11, 6);
    expect(similarityOf(trigrams(''), trigrams('word'))).toBe(0);
  });
});
