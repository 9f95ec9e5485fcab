import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { rowsOf } from '../../db/transaction';
import {
  DEFAULT_WORD_SIMILARITY_THRESHOLD,
  positionalTrigrams,
  trigrams,
  wordSimilarity,
} from './search-trigram';

/**
 * pg_trgm's `word_similarity` in JavaScript (decision 334), which the categories group held in memory ranks and
 * matches with, gives PostgreSQL's own figure — the same single-precision number, and the same `<%` — for random
 * texts and for the seeded categories' names against their words and slips of them.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** PostgreSQL's `word_similarity(query, text)` (as float8: the float4 exactly) and `query <% text` for each pair. */
async function fromSql(pairs: ReadonlyArray<readonly [string, string]>) {
  const found = rowsOf<{ similarity: number | string; close: boolean }>(
    await database.db.execute(
      sql`SELECT word_similarity(p.pair->>0, p.pair->>1)::float8 AS similarity, (p.pair->>0) <% (p.pair->>1) AS close
          FROM jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) WITH ORDINALITY AS p(pair, n) ORDER BY p.n`,
    ),
  );
  return found.map((row) => ({ similarity: Number(row.similarity), close: Boolean(row.close) }));
}

const inJavaScript = ([query, text]: readonly [string, string]) => {
  const similarity = wordSimilarity(trigrams(query), positionalTrigrams(text));
  return { similarity, close: similarity >= Math.fround(DEFAULT_WORD_SIMILARITY_THRESHOLD) };
};

describe("pg_trgm's word_similarity in JavaScript", () => {
  it('gives the documented figures', () => {
    // pg_trgm's documentation: word_similarity('word', 'two words') = 0.8.
    expect(wordSimilarity(trigrams('word'), positionalTrigrams('two words'))).toBe(Math.fround(0.8));
    expect(wordSimilarity(trigrams('word'), positionalTrigrams('word'))).toBe(1);
    expect(wordSimilarity(trigrams(''), positionalTrigrams('word'))).toBe(0);
    expect(wordSimilarity(trigrams('word'), positionalTrigrams(''))).toBe(0);
  });

  it('equals PostgreSQL on random texts (repeated trigrams, several words, digits)', async () => {
    const next = random(334);
    // Syllables, so that query and text share trigrams often (and repeat them), with digits and blanks between words.
    const pieces = [
      'al',
      'um',
      'in',
      'st',
      'ee',
      'el',
      'ex',
      'tr',
      'us',
      'io',
      'on',
      'a',
      'e',
      '9',
      ' ',
      ' ',
    ];
    const text = (max: number) =>
      Array.from({ length: 1 + Math.floor(next() * max) }, () => pieces[Math.floor(next() * pieces.length)]!)
        .join('')
        .trim() || 'a';
    const pairs = Array.from({ length: 1_500 }, () => [text(5), text(16)] as const);
    const expected = await fromSql(pairs);
    pairs.forEach((pair, i) => expect({ pair, ...inJavaScript(pair) }).toEqual({ pair, ...expected[i] }));
    // Not all zero or one: the property is exercised on partial matches too.
    expect(new Set(expected.map((row) => row.similarity)).size).toBeGreaterThan(20);
  });

  it('equals PostgreSQL on category names against their words, slips and French', async () => {
    const names = [
      'hydraulic pumps and motors',
      'pompes et moteurs hydrauliques',
      'aluminum extrusions',
      'extrusions d aluminium',
      'freight shipping',
      'transport de marchandises',
      'cnc machining',
      'usinage cnc',
      'logistics and warehousing',
      'electrical components',
      'composants electriques',
    ];
    const queries = [
      'hydrualic',
      'hydraulic',
      'pump',
      'pompe',
      'alumnum',
      'extrusion',
      'frieght',
      'shiping',
      'machning',
      'usinag',
      'logistic',
      'electrique',
      'electical',
      'moteur',
      'warehouse',
      'cnc',
      'steel',
      'ab',
    ];
    const pairs = queries.flatMap((query) => names.map((name) => [query, name] as const));
    const expected = await fromSql(pairs);
    pairs.forEach((pair, i) => expect({ pair, ...inJavaScript(pair) }).toEqual({ pair, ...expected[i] }));
    expect(expected.some((row) => row.close)).toBe(true);
  });
});
