import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CncRates } from '@maplesource/contracts/cnc-pricing';
import { seededCncRates } from '@maplesource/contracts/testing/cnc-rates';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createUser } from '../../test/security/security-helpers';
import { readMigrations } from './migrate';
import { rowsOf } from './transaction';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Migration 1091's materials: every one at 6061's figures but stainless 304. */
const launchMaterials: CncRates['materials'] = {
  ...Object.fromEntries(
    Object.keys(seededCncRates.materials).map((m) => [m, { centsPerCm3: 10, machinability: 1 }]),
  ),
  'stainless-304': { centsPerCm3: 20, machinability: 0.25 },
} as CncRates['materials'];

const rows = async () =>
  rowsOf<{ effective_from: string; rates: CncRates }>(
    await t.database.db.execute(sql`
      SELECT to_char(effective_from, 'YYYY-MM-DD') AS effective_from, rates FROM cnc_rates ORDER BY effective_from`),
  ).map((row) => ({
    effectiveFrom: row.effective_from,
    rates: (typeof row.rates === 'string' ? JSON.parse(row.rates) : row.rates) as CncRates,
  }));

/** The launch row back as migration 1091 wrote it, and nothing else. */
async function launchRowAsSeeded() {
  await t.database.db.execute(sql`DELETE FROM cnc_quotes`);
  await t.database.db.execute(sql`DELETE FROM cnc_rates WHERE effective_from <> '2026-11-28'`);
  await t.database.db.execute(sql`
    UPDATE cnc_rates SET rates = jsonb_set(rates, '{materials}', ${JSON.stringify(launchMaterials)}::jsonb)
    WHERE effective_from = '2026-11-28'`);
}

async function quoteWithLaunchRates() {
  const buyer = await createUser(t);
  await t.database.db.execute(sql`
    INSERT INTO cnc_quotes (buyer_id, file_name, geometry, triangles, options, rates_effective_from, prices)
    VALUES (${buyer.id}::uuid, 'part.stl', '{}'::jsonb, 12, '{}'::jsonb, '2026-11-28', '[]'::jsonb)`);
}

async function run1096() {
  const migration = readMigrations().find((m) => m.name.startsWith('1096_'));
  expect(migration).toBeDefined();
  await t.database.exec(`BEGIN;\n${migration!.sql}\n;\nCOMMIT;`);
}

const torontoToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());

// The migrated test database ran 1096 already; these put the rates back as they could stand before it.
describe('migration 1096: realistic CNC material rates (decision 330)', () => {
  it('amends the launch row in place while it is as seeded and no quote was priced with it', async () => {
    expect(await rows()).toEqual([{ effectiveFrom: '2026-11-28', rates: seededCncRates }]);
    await launchRowAsSeeded();
    await run1096();
    expect(await rows()).toEqual([{ effectiveFrom: '2026-11-28', rates: seededCncRates }]);
  });

  it('keeps a quoted launch row and adds the new figures from today; once only', async () => {
    await launchRowAsSeeded();
    await quoteWithLaunchRates();
    await run1096();
    const today = torontoToday();
    const after = await rows();
    expect(after).toEqual([
      { effectiveFrom: '2026-11-28', rates: { ...seededCncRates, materials: launchMaterials } },
      { effectiveFrom: today, rates: { ...seededCncRates, effectiveFrom: today } },
    ]);
    await run1096();
    expect(await rows()).toEqual(after);
  });

  it('leaves rates alone once an admin has added a row of their own', async () => {
    await launchRowAsSeeded();
    await quoteWithLaunchRates();
    const own = {
      ...seededCncRates,
      effectiveFrom: '2027-01-04',
      materials: launchMaterials,
      setupCents: 6000,
    };
    await t.database.db.execute(
      sql`INSERT INTO cnc_rates (effective_from, rates) VALUES ('2027-01-04', ${JSON.stringify(own)}::jsonb)`,
    );
    const before = await rows();
    await run1096();
    expect(await rows()).toEqual(before);
    expect(before.map((row) => row.rates.materials.brass)).toEqual([
      launchMaterials.brass,
      launchMaterials.brass,
    ]);
  });
});
