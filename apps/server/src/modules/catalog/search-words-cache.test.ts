import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { resolveQuery, SearchWordCache } from './search-query';

/** SEARCH_WORDS_CACHE_MS=0 (the benches' uncached lines): every search reads the vocabulary, none is kept. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('typo vocabulary lookups (decision 040)', () => {
  it('are kept a minute by default and not at all with a lifetime of 0', async () => {
    const kept = new SearchWordCache();
    const none = new SearchWordCache(0);
    await resolveQuery(t.app.db, kept, 'stainless extrusion');
    await resolveQuery(t.app.db, none, 'stainless extrusion');
    expect([...kept.keys()].sort()).toEqual(['extrusion', 'stainless']);
    expect(none.size).toBe(0);
  });

  it('see a word added to the vocabulary at once when none is kept', async () => {
    const kept = new SearchWordCache();
    const none = new SearchWordCache(0);
    expect((await resolveQuery(t.app.db, kept, 'zanzibarite'))?.tsquery).toBe('zanzibarite:*');
    expect((await resolveQuery(t.app.db, none, 'zanzibarite'))?.tsquery).toBe('zanzibarite:*');
    await t.app.db.execute(sql`INSERT INTO search_words (word, ndoc) VALUES ('zanzibarite', 1)`);
    expect((await resolveQuery(t.app.db, none, 'zanzibarite'))?.tsquery).toBe('zanzibarite');
    // The kept lookup still says the word is unknown (until its minute is over or the cache is cleared).
    expect((await resolveQuery(t.app.db, kept, 'zanzibarite'))?.tsquery).toBe('zanzibarite:*');
  });
});
