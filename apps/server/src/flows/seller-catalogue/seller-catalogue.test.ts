import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productCsvColumns,
  type CsvImportResponse,
  type SellerImportJob,
  type SellerItemList,
  type SellerProduct,
  type SellerProductInput,
  type SellerService,
} from '@maplesource/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { as, insertSubcategory, ownedStorefront, sellerProductInput } from '../../../test/seller-helpers';
import { rowsOf } from '../../db/transaction';

/**
 * The seller centre's catalogue (decisions 287, 288): items created as drafts, published, unpublished, archived,
 * duplicated, with one schema for the form and the server; CSV dry run, durable idempotent import, export that
 * imports back unchanged; and every route fenced to the caller's own storefront.
 */
let t: TestApp;
let owner: SignedUp;
let other: SignedUp;
let buyer: SignedUp;
let sellerId: string;
let otherSellerId: string;
let subcategoryId: string;
let serviceSubcategoryId: string;
const suffix = `${process.pid}-${Date.now()}`;

let keyCounter = 0;
const key = () => ({ 'idempotency-key': `k-${suffix}-${++keyCounter}` });

function productInput(overrides: Partial<SellerProductInput> = {}): SellerProductInput {
  return sellerProductInput(subcategoryId, {
    priceTiers: [
      { minQuantity: 10, maxQuantity: 99, unitPriceCents: 2500 },
      { minQuantity: 100, maxQuantity: null, unitPriceCents: 1990 },
    ],
    servicesEn: 'Custom threading',
    servicesFr: 'Filetage sur mesure',
    warrantyEn: '1 year',
    warrantyFr: '1 an',
    materialEn: 'Brass',
    materialFr: 'Laiton',
    customizableOptions: [{ nameEn: 'Handle colour', nameFr: 'Couleur de poignée' }],
    variations: [{ nameEn: 'Size', nameFr: 'Taille', options: ['1/2"', '3/4"'] }],
    keyAttributes: [{ labelEn: 'Pressure', labelFr: 'Pression', value: '600 psi' }],
    technicalSpecifications: [{ labelEn: 'Thread', labelFr: 'Filetage', value: 'NPT' }],
    ...overrides,
  });
}

async function createProduct(user: SignedUp, storefront: string, input: SellerProductInput) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/seller/${storefront}/products`,
    headers: { ...as(user), ...key() },
    payload: input,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SellerProduct>();
}
const setStatus = (user: SignedUp, id: string, action: string, kind = 'products') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/seller/${kind}/${id}/status`,
    headers: { ...as(user), ...key() },
    payload: { action },
  });
const productRow = async (id: string) =>
  rowsOf<Record<string, unknown>>(
    await t.database.db.execute(sql`SELECT * FROM products WHERE id = ${Number(id)}`),
  )[0];
const publicProduct = (id: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/product/${id}`, headers: { role: 'buyer' } });
const search = async (q: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/search?q=${encodeURIComponent(q)}`,
      headers: { role: 'buyer' },
    })
  ).json<{ products: { id: string }[] }>().products;

function csvOf(rows: Record<string, string>[]) {
  const header = productCsvColumns.map((c) => c.en);
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  return [header, ...rows.map((r) => productCsvColumns.map((c) => r[c.key] ?? ''))]
    .map((cells) => cells.map(quote).join(','))
    .join('\n');
}
const csvRow = (n: number, overrides: Record<string, string> = {}) => ({
  sku: `CSV-${n}`,
  subcategory: `valves-${suffix}`,
  published: 'yes',
  nameEn: `Imported flange ${n}`,
  nameFr: `Bride importée ${n}`,
  descriptionEn: 'A steel flange.',
  descriptionFr: 'Une bride en acier.',
  unit: 'piece',
  minOrderQuantity: '5',
  priceTiers: '5-49: 10.00; 50+: 8.50',
  leadDays: '4',
  deliveryDays: '2',
  origin: 'product-of-canada',
  keyAttributes: 'Grade|Classe=A105',
  variations: 'Size|Taille=2 in,4 in',
  ...overrides,
});
const importCsv = (user: SignedUp, storefront: string, text: string, dryRun: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/seller/${storefront}/products/csv-import?dryRun=${dryRun}&fileName=catalogue.csv`,
    headers: { ...as(user), ...key(), 'content-type': 'text/csv' },
    payload: text,
  });
async function waitForJob(user: SignedUp, id: string): Promise<SellerImportJob> {
  let job: SellerImportJob | undefined;
  await expect
    .poll(async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/seller/csv-imports/${id}`,
        headers: as(user),
      });
      job = res.json<SellerImportJob>();
      return job.status;
    })
    .toBe('done');
  return job!;
}
const countProducts = async (storefront: string) =>
  Number(
    rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM products WHERE seller_id = ${Number(storefront)}`,
      ),
    )[0]!.n,
  );

beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_POLLING_INTERVAL_SECONDS: '0.5' } });
  owner = await signUp(t.app, { fullName: 'Olive Owner' });
  other = await signUp(t.app, { fullName: 'Otto Other' });
  buyer = await signUp(t.app, { fullName: 'Bea Buyer' });
  for (const user of [owner, other]) await t.app.auth.users.addRole(user.id, 'seller');
  const db = t.database.db;
  subcategoryId = await insertSubcategory(
    db,
    'product',
    { slug: `plumbing-${suffix}`, nameEn: 'Plumbing', nameFr: 'Plomberie' },
    { slug: `valves-${suffix}`, nameEn: 'Valves', nameFr: 'Robinets' },
  );
  serviceSubcategoryId = await insertSubcategory(
    db,
    'service',
    { slug: `repairs-${suffix}`, nameEn: 'Repairs', nameFr: 'Réparations' },
    { slug: `pump-repair-${suffix}`, nameEn: 'Pump repair', nameFr: 'Réparation de pompes' },
  );
  const storefront = (slug: string, user: SignedUp) => ownedStorefront(t.app, db, user, slug);
  sellerId = await storefront(`cat-owner-${suffix}`, owner);
  otherSellerId = await storefront(`cat-other-${suffix}`, other);
});
afterAll(async () => t?.close());

describe('products: create, publish, unpublish, archive, duplicate', () => {
  it('creates a draft with every field, and only publishing lists it in search and on its page', async () => {
    const created = await createProduct(owner, sellerId, productInput());
    expect(created.status).toBe('draft');
    expect(created.input).toMatchObject({ sku: 'VALVE-1', minOrderQuantity: 10, origin: 'made-in-canada' });
    expect(created.input.priceTiers).toHaveLength(2);
    expect((await publicProduct(created.id)).statusCode).toBe(404);
    expect((await search('gate valve')).map((p) => p.id)).not.toContain(created.id);

    const published = await setStatus(owner, created.id, 'publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<SellerProduct>().status).toBe('active');
    const page = await publicProduct(created.id);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      nameEn: 'Brass gate valve',
      materialEn: 'Brass',
      minOrderQuantity: 10,
    });
    expect((await search('gate valve')).map((p) => p.id)).toContain(created.id);

    // An edit of a published item shows at once (the catalogue version drops cached answers).
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/seller/products/${created.id}`,
      headers: as(owner),
      payload: productInput({ nameEn: 'Bronze gate valve' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await publicProduct(created.id)).json().nameEn).toBe('Bronze gate valve');
    expect((await search('bronze valve')).map((p) => p.id)).toContain(created.id);

    const unpublished = await setStatus(owner, created.id, 'unpublish');
    expect(unpublished.json<SellerProduct>().status).toBe('draft');
    expect((await publicProduct(created.id)).statusCode).toBe(404);
  });

  it('archives for good: the page answers 410, search drops it, inquiries are refused, edits are refused', async () => {
    const created = await createProduct(
      owner,
      sellerId,
      productInput({ sku: 'ARCH-1', nameEn: 'Archived widget' }),
    );
    await setStatus(owner, created.id, 'publish');
    expect((await search('archived widget')).map((p) => p.id)).toContain(created.id);
    const archived = await setStatus(owner, created.id, 'archive');
    expect(archived.json<SellerProduct>().status).toBe('archived');
    const page = await publicProduct(created.id);
    expect(page.statusCode).toBe(410);
    expect(page.json().error.code).toBe('PRODUCT_NO_LONGER_AVAILABLE');
    expect((await search('archived widget')).map((p) => p.id)).not.toContain(created.id);
    const inquiry = await t.app.inject({
      method: 'POST',
      url: '/api/v1/quotation',
      headers: { ...as(buyer, 'buyer'), ...key() },
      payload: {
        productId: Number(created.id),
        deliveryProvince: 'ON',
        deliveryPostalCode: 'M5V 2T6',
        quantity: 20,
        minPrice: 10,
        maxPrice: 20,
        deadline: '2099-01-01',
      },
    });
    expect(inquiry.statusCode, inquiry.body).toBe(410);
    expect(inquiry.json().error.code).toBe('PRODUCT_NO_LONGER_AVAILABLE');
    expect((await setStatus(owner, created.id, 'publish')).statusCode).toBe(409);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/seller/products/${created.id}`,
      headers: as(owner),
      payload: productInput({ sku: 'ARCH-1' }),
    });
    expect(edit.statusCode).toBe(409);
  });

  it('duplicates as a draft with a free SKU, and refuses a SKU the storefront already uses', async () => {
    const created = await createProduct(owner, sellerId, productInput({ sku: 'DUP-1' }));
    const copy = await t.app.inject({
      method: 'POST',
      url: `/api/v1/seller/products/${created.id}/duplicate`,
      headers: { ...as(owner), ...key() },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json<SellerProduct>()).toMatchObject({ status: 'draft', input: { sku: 'DUP-1-copy' } });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/seller/products/${created.id}/duplicate`,
      headers: { ...as(owner), ...key() },
    });
    expect(again.json<SellerProduct>().input.sku).toBe('DUP-1-copy-2');
    const taken = await t.app.inject({
      method: 'POST',
      url: `/api/v1/seller/${sellerId}/products`,
      headers: { ...as(owner), ...key() },
      payload: productInput({ sku: 'DUP-1' }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('SKU_TAKEN');
  });

  it.each([
    [
      'a gap between tiers',
      {
        priceTiers: [
          { minQuantity: 10, maxQuantity: 49, unitPriceCents: 100 },
          { minQuantity: 60, maxQuantity: null, unitPriceCents: 90 },
        ],
      },
    ],
    [
      'tiers out of order',
      {
        priceTiers: [
          { minQuantity: 10, maxQuantity: null, unitPriceCents: 100 },
          { minQuantity: 5, maxQuantity: 9, unitPriceCents: 90 },
        ],
      },
    ],
    [
      'a minimum order quantity of 0',
      { minOrderQuantity: 0, priceTiers: [{ minQuantity: 0, maxQuantity: null, unitPriceCents: 100 }] },
    ],
    ['a price of 0 cents', { priceTiers: [{ minQuantity: 10, maxQuantity: null, unitPriceCents: 0 }] }],
    [
      'a first tier that does not start at the MOQ',
      { priceTiers: [{ minQuantity: 1, maxQuantity: null, unitPriceCents: 100 }] },
    ],
  ])('refuses %s with a 400 and writes nothing', async (_name, overrides) => {
    const before = await countProducts(sellerId);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/seller/${sellerId}/products`,
      headers: { ...as(owner), ...key() },
      payload: productInput({ sku: `BAD-${keyCounter}`, ...(overrides as Partial<SellerProductInput>) }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(await countProducts(sellerId)).toBe(before);
  });

  it('keeps uploaded images in order with their alt text; the first is the card and page image', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const boundary = '----catalogue';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/seller/catalogue-images',
      headers: { ...as(owner), ...key(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { url } = upload.json<{ url: string }>();
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    const notImage = await t.app.inject({
      method: 'POST',
      url: '/api/v1/seller/catalogue-images',
      headers: { ...as(owner), ...key(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a picture\r\n--${boundary}--\r\n`,
        ),
      ]),
    });
    expect(notImage.statusCode).toBe(415);

    const images = [
      { url, altEn: 'Front view', altFr: 'Vue de face' },
      { url: '/uploads/other.webp', altEn: 'Side view', altFr: 'Vue de côté' },
    ];
    const created = await createProduct(
      owner,
      sellerId,
      productInput({ sku: 'IMG-1', nameEn: 'Pictured valve', images }),
    );
    await setStatus(owner, created.id, 'publish');
    const page = (await publicProduct(created.id)).json();
    expect(page.images).toEqual([url, '/uploads/other.webp']);
    expect(page.imageAlts).toEqual([
      { en: 'Front view', fr: 'Vue de face' },
      { en: 'Side view', fr: 'Vue de côté' },
    ]);
    expect(page.imageUrl).toBe(url);
    const reordered = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/seller/products/${created.id}`,
      headers: as(owner),
      payload: productInput({ sku: 'IMG-1', nameEn: 'Pictured valve', images: [images[1]!, images[0]!] }),
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await publicProduct(created.id)).json().imageUrl).toBe('/uploads/other.webp');
  });

  it('lists the storefront’s items by status', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/${sellerId}/products?status=archived`,
      headers: as(owner),
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<SellerItemList>();
    expect(list.items.map((i) => i.sku)).toEqual(['ARCH-1']);
  });
});

describe('services', () => {
  it('creates, publishes and archives a service', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/seller/${sellerId}/services`,
      headers: { ...as(owner), ...key() },
      payload: {
        sku: 'SVC-1',
        subcategoryId: serviceSubcategoryId,
        nameEn: 'Pump rebuild',
        nameFr: 'Remise à neuf de pompes',
        descriptionEn: 'We rebuild centrifugal pumps.',
        descriptionFr: '',
        startingPriceCents: 45000,
        priceUnit: 'job',
        turnaroundDays: 5,
        capabilities: [{ labelEn: 'Max power', labelFr: 'Puissance max', value: '200 hp' }],
        serviceAreaEn: 'Ontario',
        serviceAreaFr: 'Ontario',
        certifications: ['ISO 9001'],
        images: [],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const service = res.json<SellerService>();
    expect((await setStatus(owner, service.id, 'publish', 'services')).statusCode).toBe(200);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/service/${service.id}`,
      headers: { role: 'buyer' },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect((await setStatus(owner, service.id, 'archive', 'services')).statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/v1/service/${service.id}`,
      headers: { role: 'buyer' },
    });
    expect(gone.statusCode).toBe(410);
  });
});

describe('CSV import and export', () => {
  it('a dry run reports each bad row by line and column and writes nothing', async () => {
    const before = await countProducts(sellerId);
    const text = csvOf([
      csvRow(1),
      csvRow(2, { priceTiers: '5-49: 10.00; 60+: 8.50' }),
      csvRow(3, { minOrderQuantity: '0', subcategory: 'no-such-subcategory' }),
      csvRow(4, { sku: 'CSV-1' }),
    ]);
    const res = await importCsv(owner, sellerId, text, true);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<CsvImportResponse>();
    expect(answer.rows).toBe(4);
    expect(answer.job).toBeNull();
    const at = (line: number) => answer.errors.filter((e) => e.line === line).map((e) => e.column);
    expect(at(2)).toEqual([]);
    expect(at(3)).toEqual(['priceTiers']);
    expect(at(4)).toContain('minOrderQuantity');
    expect(at(5)).toEqual(['sku']);
    const refused = await importCsv(owner, sellerId, text, false);
    expect(refused.statusCode).toBe(422);
    expect(await countProducts(sellerId)).toBe(before);
  });

  it('imports as a job once per file: the same file again changes nothing', async () => {
    const text = csvOf(Array.from({ length: 30 }, (_, i) => csvRow(100 + i)));
    const first = await importCsv(owner, sellerId, text, false);
    expect(first.statusCode, first.body).toBe(201);
    const job = await waitForJob(owner, first.json<CsvImportResponse>().job!.id);
    expect(job).toMatchObject({ total: 30, processed: 30, created: 30, updated: 0 });
    expect((await search('imported flange 107')).length).toBeGreaterThan(0);
    const count = await countProducts(sellerId);
    const second = await importCsv(owner, sellerId, text, false);
    expect(second.statusCode).toBe(200);
    expect(second.json<CsvImportResponse>()).toMatchObject({ repeated: true, job: { id: job.id } });
    expect(await countProducts(sellerId)).toBe(count);
  });

  it('resumes a job stopped after its first batch without writing a row twice', async () => {
    const text = csvOf(Array.from({ length: 1_100 }, (_, i) => csvRow(5_000 + i)));
    const checked = await t.app.catalog.sellerItems.checkCsv(t.app.db, 'product', text);
    expect(checked.errors).toEqual([]);
    const { job } = await t.app.catalog.sellerItems.createImportJob(t.app.db, {
      sellerId: Number(sellerId),
      kind: 'product',
      hash: `resume-${suffix}`,
      fileName: 'big.csv',
      rows: checked.rows,
    });
    await t.app.catalog.sellerItems.runImportJob(t.app.db, job.id, { maxBatches: 1 }); // then the process stops
    const halfway = await t.app.catalog.sellerItems.getImportJob(t.app.db, [Number(sellerId)], job.id);
    expect(halfway).toMatchObject({ status: 'running', processed: 500 });
    await t.app.jobs.send(t.app.catalog.sellerItems.importJobName, { jobId: job.id });
    const done = await waitForJob(owner, job.id);
    expect(done).toMatchObject({ processed: 1_100, created: 1_100 });
    const [n] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM products WHERE seller_id = ${Number(sellerId)} AND seller_sku ~ '^CSV-[56][0-9]{3}$'`,
      ),
    );
    expect(n!.n).toBe(1_100);
  });

  it('exports the catalogue in the import’s shape: export → import → no change', async () => {
    const exportCsv = async (lang: 'en' | 'fr') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/seller/${sellerId}/products/csv-export?lang=${lang}`,
        headers: as(owner),
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return res.body;
    };
    const before = await exportCsv('fr');
    expect(parse(before, { bom: true })[0][0]).toBe('UGS');
    const snapshot = async () =>
      rowsOf<Record<string, unknown>>(
        await t.database.db.execute(
          sql`SELECT id, updated_at, status, name_en, price_tiers FROM products WHERE seller_id = ${Number(sellerId)} ORDER BY id`,
        ),
      );
    const rowsBefore = await snapshot();
    const imported = await importCsv(owner, sellerId, before, false);
    expect(imported.statusCode, imported.body).toBe(201);
    const job = await waitForJob(owner, imported.json<CsvImportResponse>().job!.id);
    expect(job).toMatchObject({ created: 0, updated: 0, unchanged: job.total });
    expect(await snapshot()).toEqual(rowsBefore);
    expect(await exportCsv('fr')).toBe(before);
  });

  it('gives items made before SKUs (the seed’s) their exported SKU on import, without a copy', async () => {
    const [legacy] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`INSERT INTO products (slug, seller_id, category_id, subcategory_id, name_en, name_fr, description_en,
              description_fr, price_tiers, min_price_cents, max_price_cents, min_order_quantity, lead_days,
              delivery_days, origin, province, business_type)
            SELECT ${`legacy-${suffix}`}, ${Number(sellerId)}, parent_id, id, 'Legacy pump', 'Pompe ancienne',
              'Old.', 'Vieux.', '[{"minQuantity":1,"maxQuantity":null,"unitPriceCents":500}]'::jsonb, 500, 500, 1,
              1, 1, 'imported', 'ON', 'manufacturer'
            FROM categories WHERE id = ${Number(subcategoryId)} RETURNING id`,
      ),
    );
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/${sellerId}/products/csv-export`,
      headers: as(owner),
    });
    expect(exported.body).toContain(`item-${legacy!.id}`);
    const count = await countProducts(sellerId);
    const imported = await importCsv(owner, sellerId, exported.body, false);
    const job = await waitForJob(owner, imported.json<CsvImportResponse>().job!.id);
    expect(job.created).toBe(0);
    expect(await countProducts(sellerId)).toBe(count);
    expect((await productRow(String(legacy!.id)))!.seller_sku).toBe(`item-${legacy!.id}`);
  });

  it('serves the template with English or French headers', async () => {
    for (const [lang, first] of [
      ['en', 'SKU'],
      ['fr', 'UGS'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/seller/${sellerId}/products/csv-template?lang=${lang}`,
        headers: as(owner),
      });
      expect(res.statusCode).toBe(200);
      const [header, example] = parse(res.body, { bom: true }) as string[][];
      expect(header![0]).toBe(first);
      expect(example).toHaveLength(productCsvColumns.length);
    }
  });
});

describe('fences: only the caller’s own storefront', () => {
  it('answers 404 to another seller for every route with the owner’s ids, and nothing changes', async () => {
    const product = await createProduct(
      owner,
      sellerId,
      productInput({ sku: 'FENCE-1', nameEn: 'Fenced valve' }),
    );
    const jobs = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/${sellerId}/csv-imports`,
      headers: as(owner),
    });
    const jobId = jobs.json<{ items: SellerImportJob[] }>().items[0]!.id;
    const rowBefore = await productRow(product.id);
    const countBefore = await countProducts(sellerId);
    const csv = csvOf([csvRow(9_001)]);
    const attempts: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; csv?: boolean }[] = [
      { method: 'GET', url: `/api/v1/seller/${sellerId}/products` },
      {
        method: 'POST',
        url: `/api/v1/seller/${sellerId}/products`,
        payload: productInput({ sku: 'INTRUDER' }),
      },
      { method: 'GET', url: `/api/v1/seller/products/${product.id}` },
      {
        method: 'PUT',
        url: `/api/v1/seller/products/${product.id}`,
        payload: productInput({ sku: 'FENCE-1', nameEn: 'Stolen' }),
      },
      { method: 'POST', url: `/api/v1/seller/products/${product.id}/status`, payload: { action: 'publish' } },
      { method: 'POST', url: `/api/v1/seller/products/${product.id}/status`, payload: { action: 'archive' } },
      { method: 'POST', url: `/api/v1/seller/products/${product.id}/duplicate` },
      { method: 'GET', url: `/api/v1/seller/${sellerId}/services` },
      { method: 'GET', url: `/api/v1/seller/${sellerId}/products/csv-template` },
      { method: 'GET', url: `/api/v1/seller/${sellerId}/products/csv-export` },
      { method: 'POST', url: `/api/v1/seller/${sellerId}/products/csv-import?dryRun=true`, csv: true },
      { method: 'POST', url: `/api/v1/seller/${sellerId}/products/csv-import?dryRun=false`, csv: true },
      { method: 'GET', url: `/api/v1/seller/${sellerId}/csv-imports` },
      { method: 'GET', url: `/api/v1/seller/csv-imports/${jobId}` },
    ];
    for (const attempt of attempts) {
      const headers = {
        ...as(other),
        ...(attempt.method === 'GET' ? {} : key()),
        ...(attempt.csv ? { 'content-type': 'text/csv' } : {}),
      };
      const res = await t.app.inject({
        method: attempt.method,
        url: attempt.url,
        headers,
        ...(attempt.csv ? { payload: csv } : attempt.payload ? { payload: attempt.payload as object } : {}),
      });
      expect(res.statusCode, `${attempt.method} ${attempt.url}: ${res.body}`).toBe(404);

      const asBuyer = await t.app.inject({
        method: attempt.method,
        url: attempt.url,
        headers: { ...headers, ...as(owner, 'buyer') },
        ...(attempt.csv ? { payload: csv } : attempt.payload ? { payload: attempt.payload as object } : {}),
      });
      expect(asBuyer.statusCode, `buyer ${attempt.method} ${attempt.url}`).toBe(403);
      const visitor = await t.app.inject({
        method: attempt.method,
        url: attempt.url,
        headers: { role: 'seller' },
      });
      expect(visitor.statusCode, `visitor ${attempt.method} ${attempt.url}`).toBe(401);
    }
    expect(await productRow(product.id)).toEqual(rowBefore);
    expect(await countProducts(sellerId)).toBe(countBefore);
    expect(await countProducts(otherSellerId)).toBe(0);
  });
});
