import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerDetail, SellerStorefront, SellerStorefrontInput } from '@maplesource/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { ownedStorefront } from '../../../test/seller-helpers';
import { rowsOf } from '../../db/transaction';

/**
 * The seller centre's storefront (decision 261): the owner edits logo, banner, descriptions, contact, service area,
 * certifications and year founded; the public storefront, the directory and the server-rendered head follow; a
 * draft storefront's head says `noindex`; another storefront answers 404 and nothing changes.
 */
const dist = mkdtempSync(path.join(os.tmpdir(), 'maplesource-storefront-dist-'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MapleSource</title></head><body><div id="root"></div></body></html>',
);
let t: TestApp;
let owner: SignedUp;
let other: SignedUp;
let buyer: SignedUp;
let sellerId: string;
let otherSellerId: string;
const suffix = `${process.pid}-${Date.now()}`;
const slug = `sf-owner-${suffix}`;
const otherSlug = `sf-other-${suffix}`;
let keyCounter = 0;
const as = (user: SignedUp, role: 'seller' | 'buyer' = 'seller') => ({
  role,
  cookie: user.cookie,
  'idempotency-key': `sf-${suffix}-${++keyCounter}`,
});

const input = (overrides: Partial<SellerStorefrontInput> = {}): SellerStorefrontInput => ({
  logoUrl: null,
  bannerUrl: null,
  descriptionEn: 'Precision machining for aerospace since 1987.',
  descriptionFr: 'Usinage de précision pour l’aérospatiale depuis 1987.',
  contactEmail: 'sales@example.ca',
  contactPhone: '+1 905 555 0100',
  website: 'https://example.ca',
  serviceProvinces: ['ON', 'QC'],
  certifications: ['iso-9001', 'as9100', 'controlled-goods'],
  yearEstablished: 1987,
  ...overrides,
});
const save = (user: SignedUp, id: string, body: unknown, role: 'seller' | 'buyer' = 'seller') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/seller/${id}/storefront`,
    headers: as(user, role),
    payload: body as object,
  });
const publicSeller = async (idOrSlug: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/v1/seller/${idOrSlug}`, headers: { role: 'buyer' } })
  ).json<SellerDetail>();
const row = async (id: string) =>
  rowsOf<Record<string, unknown>>(
    await t.database.db.execute(sql`SELECT * FROM sellers WHERE id = ${Number(id)}`),
  )[0]!;

function multipart(png: Buffer) {
  const boundary = '----storefront';
  return {
    boundary,
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}
const upload = (user: SignedUp, kind: string, data: Buffer) => {
  const { boundary, body } = multipart(data);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/seller/storefront-images?kind=${kind}`,
    headers: { ...as(user), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
};

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  owner = await signUp(t.app, { fullName: 'Sally Storefront' });
  other = await signUp(t.app, { fullName: 'Oscar Other' });
  buyer = await signUp(t.app, { fullName: 'Bob Buyer' });
  for (const user of [owner, other]) await t.app.auth.users.addRole(user.id, 'seller');
  const create = (storefrontSlug: string, user: SignedUp) =>
    ownedStorefront(t.app, t.database.db, user, storefrontSlug, {
      name: `Storefront ${storefrontSlug}`,
      city: 'Mississauga',
      postalCode: 'L5B 1M2',
    });
  sellerId = await create(slug, owner);
  otherSellerId = await create(otherSlug, other);
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the owner edits the storefront', () => {
  it('saves every field and the public storefront and the directory show them at once', async () => {
    const res = await save(owner, sellerId, input());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SellerStorefront>()).toMatchObject({
      id: sellerId,
      slug,
      serviceProvinces: ['ON', 'QC'],
      certifications: ['iso-9001', 'as9100', 'controlled-goods'],
      yearEstablished: 1987,
      contactEmail: 'sales@example.ca',
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/${sellerId}/storefront`,
      headers: as(owner),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json<SellerStorefront>().descriptionFr).toContain('Usinage');

    const detail = await publicSeller(slug);
    expect(detail).toMatchObject({
      descriptionEn: 'Precision machining for aerospace since 1987.',
      contactPhone: '+19055550100',
      website: 'https://example.ca',
      serviceProvinces: ['ON', 'QC'],
      certifications: ['iso-9001', 'as9100', 'controlled-goods'],
      yearEstablished: 1987,
      listed: true,
    });
  });

  it('stores a logo and a banner checked by their bytes and resized, shown in the directory', async () => {
    const wide = await sharp({ create: { width: 2400, height: 600, channels: 3, background: '#036' } })
      .png()
      .toBuffer();
    const logo = await upload(owner, 'logo', wide);
    expect(logo.statusCode, logo.body).toBe(201);
    expect(logo.json()).toMatchObject({ width: 512, height: 128 });
    const banner = await upload(owner, 'banner', wide);
    expect(banner.statusCode, banner.body).toBe(201);
    expect(banner.json()).toMatchObject({ width: 1600, height: 400 });
    const notImage = await upload(owner, 'logo', Buffer.from('GIF89a but not really a picture'));
    expect(notImage.statusCode).toBe(415);
    expect((await upload(owner, 'poster', wide)).statusCode).toBe(400);

    const logoUrl = logo.json<{ url: string }>().url;
    const bannerUrl = banner.json<{ url: string }>().url;
    expect((await save(owner, sellerId, input({ logoUrl, bannerUrl }))).statusCode).toBe(200);
    expect(await publicSeller(sellerId)).toMatchObject({ logoUrl, bannerUrl });
    const directory = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller?q=${encodeURIComponent(`Storefront ${slug}`)}`,
      headers: { role: 'buyer' },
    });
    expect(directory.json<{ items: { id: string; logoUrl: string }[] }>().items).toContainEqual(
      expect.objectContaining({ id: sellerId, logoUrl }),
    );
    // The unreferenced-upload clean-up keeps the banner: the storefront shows it.
    expect(await t.app.sellers.referencesUpload(t.database.db, bannerUrl.split('/').pop()!)).toBe(true);
  });

  it('refuses bad input with 400 and a code, and changes nothing', async () => {
    const before = await row(sellerId);
    for (const bad of [
      input({ yearEstablished: new Date().getFullYear() + 1 }),
      input({ descriptionEn: '', descriptionFr: '   ' }),
      input({ logoUrl: 'https://evil.example/logo.png' }),
      input({ website: 'javascript:alert(1)' }),
      { ...input(), certifications: ['iso-9001', 'made-up'] },
      input({ serviceProvinces: ['ON', 'ON'] }),
      { ...input(), serviceProvinces: ['XX'] },
    ]) {
      const res = await save(owner, sellerId, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBeTruthy();
    }
    expect(await row(sellerId)).toEqual(before);
  });
});

describe('fences', () => {
  it("another seller's storefront answers 404 and nothing changes; a buyer is refused", async () => {
    const before = await row(otherSellerId);
    expect((await save(owner, otherSellerId, input({ descriptionEn: 'Hijacked' }))).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/seller/${otherSellerId}/storefront`,
          headers: as(owner),
        })
      ).statusCode,
    ).toBe(404);
    expect((await save(owner, '999999999', input())).statusCode).toBe(404);
    expect([403, 404]).toContain((await save(buyer, otherSellerId, input(), 'buyer')).statusCode);
    expect([403, 404]).toContain((await save(other, otherSellerId, input(), 'buyer')).statusCode);
    expect(await row(otherSellerId)).toEqual(before);
  });
});

describe('the server-rendered head', () => {
  it('follows the edit, and a draft storefront says noindex', async () => {
    await save(owner, sellerId, input({ descriptionEn: 'First words of the head.' }));
    const page = () => t.app.inject({ method: 'GET', url: `/seller/${slug}` });
    expect((await page()).body).toContain(
      '<meta data-seo name="description" content="First words of the head.">',
    );
    expect((await page()).body).toContain('<meta data-seo name="robots" content="index,follow">');
    await save(owner, sellerId, input({ descriptionEn: 'Second words of the head.' }));
    await expect
      .poll(async () => (await page()).body)
      .toContain('<meta data-seo name="description" content="Second words of the head.">');

    await t.database.db.execute(sql`UPDATE sellers SET listed = false WHERE id = ${Number(sellerId)}`);
    // Any save drops the cached head; a draft's head is noindex whatever its admin entry says.
    await save(owner, sellerId, input({ descriptionEn: 'Draft words.' }));
    await expect
      .poll(async () => (await page()).body)
      .toContain('<meta data-seo name="robots" content="noindex">');
    expect((await publicSeller(slug)).listed).toBe(false);
  });
});
