import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CNC_MATERIALS,
  priceCncPart,
  type CncGeometry,
  type CncPriceTerms,
  type CncRates,
} from '@maplesource/contracts/cnc-pricing';
import { seededCncRates } from '@maplesource/contracts/testing/cnc-rates';
import { cncRatesSchema } from '@maplesource/contracts';
import { currentCncRates } from '../../modules/cnc-quotes';
import { rowsOf } from '../../db/transaction';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser } from '../../../test/security/security-helpers';

let t: TestApp;
let adminCookie = '';
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = `ms_session=${(await createUser(t, ['admin'])).token}`;
});
afterAll(async () => t?.close());

const admin = () => ({ role: 'admin', cookie: adminCookie });
const list = () => t.app.inject({ method: 'GET', url: '/api/v1/admin/cnc-rates', headers: admin() });
const add = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/cnc-rates', headers: admin(), payload: body as object });

/** Toronto's date `days` from today. */
const dateIn = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

describe('the CNC quote’s dated rates (decision 322)', () => {
  let seeded: CncRates;

  it('holds the seeded row, which is in effect now and measures the pricing tests’ rates', async () => {
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: CncRates[]; currentEffectiveFrom: string };
    expect(body.items).toHaveLength(1);
    seeded = body.items[0]!;
    expect(seeded.effectiveFrom).toBe('2026-11-28');
    expect(body.currentEffectiveFrom).toBe('2026-11-28');
    expect(seeded.shopCentsPerHour).toBe(9000);
    expect(seeded.materials['stainless-304']).toEqual({ centsPerCm3: 20, machinability: 0.25 });
    // Migration 1096's materials (decision 330): the row the pricing and web tests price with.
    expect(seeded).toEqual(seededCncRates);
    expect(await currentCncRates(t.database.db, new Date())).toEqual(seeded);
    expect(await currentCncRates(t.database.db, new Date('2026-11-27T12:00:00Z'))).toBeNull();
  });

  it('prices each material differently, in the order of its stock price and of how slowly it cuts (decision 330)', () => {
    // A 60 × 40 × 20 mm bracket, half of its box: 105 cm³ of stock (5 mm allowance), 81 cm³ cut away.
    const bracket: CncGeometry = {
      volumeMm3: 24_000,
      surfaceAreaMm2: 9_000,
      boundingBoxMm: [60, 40, 20],
      closed: true,
    };
    const priced = CNC_MATERIALS.map((material) => ({
      material,
      terms: priceCncPart(
        bracket,
        { material, finish: 'as-machined', tolerance: 'standard', leadTime: 'standard', quantity: 1 },
        seeded,
      ),
    }));
    const orderedBy = (value: (terms: CncPriceTerms) => number) =>
      [...priced].sort((a, b) => value(a.terms) - value(b.terms)).map((p) => p.material);
    expect(new Set(priced.map((p) => p.terms.unitCents)).size).toBe(CNC_MATERIALS.length);
    // Stock: plastics cheapest, steel a little under 6061 by volume, 7075 and stainless dearer, brass dearest.
    expect(orderedBy((t) => t.materialCents)).toEqual([
      'abs',
      'nylon',
      'pom',
      'mild-steel-1018',
      'aluminium-6061',
      'stainless-304',
      'aluminium-7075',
      'stainless-316',
      'brass',
    ]);
    // Machine time: plastics and free-cutting brass fastest, then aluminium, mild steel, and stainless slowest.
    expect(orderedBy((t) => t.machineHours)).toEqual([
      'pom',
      'abs',
      'nylon',
      'brass',
      'aluminium-6061',
      'aluminium-7075',
      'mild-steel-1018',
      'stainless-304',
      'stainless-316',
    ]);
    // The part's price: plastics under aluminium, 7075 over 6061, then brass, steel, and stainless 316 dearest.
    expect(orderedBy((t) => t.unitCents)).toEqual([
      'pom',
      'abs',
      'nylon',
      'aluminium-6061',
      'aluminium-7075',
      'brass',
      'mild-steel-1018',
      'stainless-304',
      'stainless-316',
    ]);
  });

  it('adds a row for a later date, audited; it takes effect at the start of its date in Toronto', async () => {
    const effectiveFrom = dateIn(30);
    const res = await add({ ...seeded, effectiveFrom, shopCentsPerHour: 9500 });
    expect(res.statusCode, res.body).toBe(201);
    expect(cncRatesSchema.parse(res.json())).toMatchObject({ effectiveFrom, shopCentsPerHour: 9500 });
    // 03:00 UTC is still the evening before in Toronto (EST or EDT); 12:00 UTC is the morning of the date.
    expect(
      (await currentCncRates(t.database.db, new Date(`${effectiveFrom}T03:00:00Z`)))?.shopCentsPerHour,
    ).toBe(9000);
    expect(
      (await currentCncRates(t.database.db, new Date(`${effectiveFrom}T12:00:00Z`)))?.effectiveFrom,
    ).toBe(effectiveFrom);
    const body = (await list()).json() as { items: CncRates[]; currentEffectiveFrom: string };
    expect(body.items.map((rates) => rates.effectiveFrom)).toEqual([effectiveFrom, '2026-11-28']);
    expect(body.currentEffectiveFrom).toBe('2026-11-28');
    const audit = rowsOf<{ entity_id: string }>(
      await t.database.db.execute(sql`SELECT entity_id FROM admin_audit_log WHERE entity = 'cnc-rates'`),
    );
    expect(audit).toEqual([{ entity_id: effectiveFrom }]);
  });

  it('refuses a second row for the same date (409), a past date and slower expedited lead (422)', async () => {
    const taken = await add({ ...seeded, effectiveFrom: dateIn(30) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('CNC_RATES_DATE_TAKEN');
    const past = await add({ ...seeded, effectiveFrom: dateIn(-2) });
    expect(past.statusCode).toBe(422);
    expect(past.json().error.code).toBe('CNC_RATES_DATE_IN_PAST');
    const slower = await add({ ...seeded, effectiveFrom: dateIn(40), expeditedLeadDays: 20 });
    expect(slower.statusCode).toBe(422);
    expect(slower.json().error.code).toBe('CNC_RATES_EXPEDITED_SLOWER');
    expect(((await list()).json() as { items: unknown[] }).items).toHaveLength(2);
  });

  it('refuses bad input with 400 and a code: a missing material, a negative rate, a bad date, an unknown key', async () => {
    const { 'stainless-316': _, ...fewer } = seeded.materials;
    for (const body of [
      { ...seeded, effectiveFrom: dateIn(50), materials: fewer },
      { ...seeded, effectiveFrom: dateIn(50), setupCents: -1 },
      { ...seeded, effectiveFrom: dateIn(50), shopCentsPerHour: 12.5 },
      { ...seeded, effectiveFrom: '2026-02-30' },
      { ...seeded, effectiveFrom: dateIn(50), extra: true },
      { ...seeded, effectiveFrom: dateIn(50), machineEnvelopeMm: [600, 400] },
    ]) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});
