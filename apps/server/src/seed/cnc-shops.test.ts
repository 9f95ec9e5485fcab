import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANADIAN_POSTAL_CODE, postalCodeFirstLetters, type ProvinceCode } from '@maplesource/contracts';
import { createTestApp, type TestApp } from '../../test/helpers';
import { rowsOf } from '../db/transaction';
import { seedCatalog } from './catalog';
import { CNC_SHOPS, cncShopsSeedStep } from './cnc-shops';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccountsStep } from './demo-accounts';
import { seedSteps } from './index';

let t: TestApp;
let cncCategoryId = 0;
beforeAll(async () => {
  t = await createTestApp();
  const context = {
    database: t.database,
    config: t.config,
    log: () => undefined,
    options: { products: 400 },
  };
  await demoAccountsStep.run(context);
  await seedCatalog(context);
  await cncShopsSeedStep.run(context);
  cncCategoryId = Number(
    rowsOf<{ id: string }>(
      await t.database.db.execute(sql`SELECT id FROM categories WHERE slug = 'cnc-machining'`),
    )[0]!.id,
  );
});
afterAll(async () => t?.close());

async function logIn(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { role: 'buyer' },
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const session = res.cookies.find((cookie) => cookie.name === t.app.sessionCookieName);
  return `${session!.name}=${session!.value}`;
}

const storefrontIdsOf = async (slugs: string[]) =>
  rowsOf<{ id: string }>(
    await t.database.db.execute(
      sql`SELECT id::text FROM sellers WHERE slug IN (SELECT jsonb_array_elements_text(${JSON.stringify(slugs)}::jsonb))`,
    ),
  )
    .map((row) => row.id)
    .sort();

/** A request for firm CNC quotes as the demo buyer sends it, matched for them (no named shops). */
const requestCncQuotes = (cookie: string, province: ProvinceCode, postalCode: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/rfqs',
    headers: { role: 'buyer', cookie },
    payload: {
      title: 'CNC machining: bracket (Aluminium 6061)',
      categoryId: cncCategoryId,
      description: '40 brackets, anodized.',
      quantity: 40,
      deadline: new Date(Date.now() + 14 * 86_400_000).toISOString(),
      deliveryProvince: province,
      deliveryPostalCode: postalCode,
      storefrontIds: [],
      private: false,
    },
  });

describe('the demo CNC machining shops (decision 330)', () => {
  it('is a demo-only step, run after the catalogue and before the tax profiles', () => {
    expect(cncShopsSeedStep.demoOnly).toBe(true);
    const names = seedSteps.map((step) => step.name);
    expect(names.indexOf(cncShopsSeedStep.name)).toBeGreaterThan(
      names.indexOf('catalog (storefronts, products, services, reviews)'),
    );
    expect(names.indexOf(cncShopsSeedStep.name)).toBeLessThan(
      names.indexOf('sellers: legal names and GST/HST/QST numbers'),
    );
  });

  it('are claimed by seller accounts, verified, in the cnc-machining category, serving their own province first', async () => {
    const rows = rowsOf<{
      slug: string;
      province: ProvinceCode;
      postal_code: string;
      verified: boolean;
      claimed: boolean;
      service_provinces: ProvinceCode[];
      primary_category_id: string;
      roles: string[];
    }>(
      await t.database.db.execute(sql`
        SELECT s.slug, s.province, s.postal_code, s.verified, s.claimed, s.service_provinces,
               s.primary_category_id::text, u.roles
        FROM sellers s JOIN users u ON u.id = s.owner_user_id
        WHERE s.primary_category_id = ${cncCategoryId} ORDER BY s.slug`),
    );
    expect(rows.map((row) => row.slug)).toEqual(CNC_SHOPS.map((shop) => shop.slug).sort());
    expect(new Set(rows.map((row) => row.province)).size).toBeGreaterThanOrEqual(6);
    for (const row of rows) {
      expect(row).toMatchObject({ verified: true, claimed: true });
      expect(row.roles).toContain('seller');
      expect(row.service_provinces[0]).toBe(row.province);
      expect(row.postal_code).toMatch(CANADIAN_POSTAL_CODE);
      expect(postalCodeFirstLetters[row.province]).toContain(row.postal_code[0]);
    }
  });

  it('receive a request for firm CNC quotes delivered in Ontario, and the demo CNC owner can open it', async () => {
    const buyer = await logIn(DEMO_ACCOUNTS.buyer.email);
    const sent = await requestCncQuotes(buyer, 'ON', 'M5H 2N2');
    expect(sent.statusCode, sent.body).toBe(201);
    const body = sent.json() as { rfq: { id: string }; sentTo: { storefrontId: string }[] };
    const ontario = CNC_SHOPS.filter((shop) => shop.serves.includes('ON')).map((shop) => shop.slug);
    expect(ontario).toHaveLength(3);
    expect(body.sentTo.map((s) => s.storefrontId).sort()).toEqual(await storefrontIdsOf(ontario));

    const [lakeshore] = await storefrontIdsOf([CNC_SHOPS[0]!.slug]);
    const owner = await logIn(DEMO_ACCOUNTS.cncShop.email);
    const inbox = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/${lakeshore}/rfqs`,
      headers: { role: 'seller', cookie: owner },
    });
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect((inbox.json() as { rfqs: { id: string }[] }).rfqs.map((rfq) => rfq.id)).toEqual([body.rfq.id]);
  });

  it('match by province: Manitoba’s shop for Manitoba, none for Nunavut', async () => {
    const buyer = await logIn(DEMO_ACCOUNTS.buyer.email);
    const manitoba = await requestCncQuotes(buyer, 'MB', 'R3C 4T3');
    expect(manitoba.statusCode, manitoba.body).toBe(201);
    expect(
      (manitoba.json() as { sentTo: { storefrontId: string }[] }).sentTo.map((s) => s.storefrontId),
    ).toEqual(await storefrontIdsOf(['prairie-axis-machine-works-ltd']));
    const nunavut = await requestCncQuotes(buyer, 'NU', 'X0A 0H0');
    expect(nunavut.statusCode).toBe(422);
    expect(nunavut.json().error.code).toBe('RFQ_NO_SUPPLIERS');
  });
});
