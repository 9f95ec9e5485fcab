import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { seedCatalog } from '../../src/seed/catalog';
import { minVisitorsForSuggestion } from '../../src/modules/catalog/catalog.service';
import { uniqueIp } from '../accounts-helpers';

/**
 * Issue 14 / decision 056: shared suggestions and frequent terms come only from terms that found results and that
 * at least `minVisitorsForSuggestion` distinct visitors searched, so one anonymous request (or one visitor
 * repeating it) cannot put arbitrary text into everyone's suggestions.
 */
const H = { role: 'buyer' } as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog({
    database: t.database,
    config: t.config,
    log: () => undefined,
    options: { products: 200 },
  });
}, 120_000);
afterAll(async () => t?.close());

function track(term: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/category-stats/track-search',
    headers: H,
    remoteAddress,
    payload: { term },
  });
}

async function suggested(q: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/search/suggestions?q=${encodeURIComponent(q)}`,
    headers: H,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().items as { kind: string; text: string }[])
    .filter((i) => i.kind === 'term')
    .map((i) => i.text);
}

async function frequent(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/search/frequent?limit=30', headers: H });
  return (res.json().items as { term: string }[]).map((i) => i.term);
}

describe('search suggestions', () => {
  it('ignores a term one visitor sends many times', async () => {
    const ip = uniqueIp();
    // "Stainless" finds products; the display text keeps its capital, unlike the vocabulary's completions.
    for (let i = 0; i < 5; i += 1) expect((await track('Stainless', ip)).statusCode).toBe(200);
    expect(await suggested('stainl')).not.toContain('Stainless');
    expect(await frequent()).not.toContain('Stainless');
  });

  it('ignores text that finds nothing, however many visitors send it', async () => {
    for (let i = 0; i < minVisitorsForSuggestion + 2; i += 1) {
      expect((await track('zzqx visit evil example', uniqueIp())).statusCode).toBe(200);
    }
    expect(await suggested('zzqx')).toEqual([]);
    expect(await frequent()).not.toContain('zzqx visit evil example');
  });

  it(`suggests a term that found results once ${minVisitorsForSuggestion} distinct visitors searched it`, async () => {
    const term = 'Aluminum';
    for (let i = 0; i < minVisitorsForSuggestion - 1; i += 1) await track(term, uniqueIp());
    expect(await suggested('alumin')).not.toContain(term);
    await track(term, uniqueIp());
    expect(await suggested('alumin')).toContain(term);
    expect(await frequent()).toContain(term);
  });

  it('refuses a visitor recording the same term over and over', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await track('steel', ip)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
