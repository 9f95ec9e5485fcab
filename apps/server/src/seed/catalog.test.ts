import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANADIAN_POSTAL_CODE,
  postalCodeFirstLetters,
  provinceCodes,
  type ProvinceCode,
} from '@maplesource/contracts';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helpers';
import { rowsOf } from '../db/transaction';
import { readFileSync } from 'node:fs';
import { catalogScale, DEMO_STOREFRONT_NAME, DEMO_STOREFRONT_SLUG, seedCatalog, slugify } from './catalog';
import { productCategories } from './catalog-data';
import { seedContentHomeBlogs } from './content-home-blogs';

let database: TestDatabase;
const context = () => ({ database, config: testConfig(), log: () => undefined, options: { products: 400 } });
const fingerprint = async () =>
  rowsOf<{ f: string }>(
    await database.db.execute(sql`SELECT md5(
      (SELECT string_agg(slug || name_en || name_fr || min_price_cents || price_tiers::text || origin || created_at::text || rating_avg, ',' ORDER BY id) FROM products) ||
      (SELECT string_agg(slug || postal_code || city || verified || claimed || created_at::text, ',' ORDER BY id) FROM sellers) ||
      (SELECT string_agg(slug || name_en, ',' ORDER BY id) FROM services)) AS f`),
  )[0]!.f;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedContentHomeBlogs(context());
  await seedCatalog(context());
});
afterAll(async () => {
  await database.destroy();
});

describe('catalogue seed', () => {
  it('serves the demo storefront at the one slug the README names', async () => {
    const [demo] = rowsOf<{ slug: string; name: string }>(
      await database.db.execute(sql`SELECT slug, name FROM sellers ORDER BY id LIMIT 1`),
    );
    expect(demo).toEqual({ slug: DEMO_STOREFRONT_SLUG, name: DEMO_STOREFRONT_NAME });
    expect(slugify(DEMO_STOREFRONT_NAME)).toBe(DEMO_STOREFRONT_SLUG);
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`/seller/${DEMO_STOREFRONT_SLUG}\``);
    expect(readme.match(/maplesource-demo-fabrication[a-z-]*/g)).toEqual([DEMO_STOREFRONT_SLUG]);
  });

  it('default scale is 5,000 storefronts, 20,000 products, 2,000 services', () => {
    expect(catalogScale()).toEqual({ sellers: 5_000, products: 20_000, services: 2_000 });
    expect(catalogScale(1_000_000).sellers).toBe(5_000);
  });

  it('covers all 13 provinces and territories with real cities and valid postal codes', async () => {
    const sellers = rowsOf<{ province: ProvinceCode; postal_code: string; city: string }>(
      await database.db.execute(sql`SELECT province, postal_code, city FROM sellers`),
    );
    expect(new Set(sellers.map((s) => s.province))).toEqual(new Set(provinceCodes));
    for (const seller of sellers) {
      expect(seller.postal_code).toMatch(CANADIAN_POSTAL_CODE);
      expect(postalCodeFirstLetters[seller.province]).toContain(seller.postal_code[0]);
    }
  });

  it('fills every product field of docs/product.md §3 and a mix of types, verification and claims', async () => {
    const [p] = rowsOf<Record<string, unknown>>(
      await database.db.execute(sql`SELECT * FROM products ORDER BY id LIMIT 1`),
    );
    for (const key of [
      'price_tiers',
      'variations',
      'key_attributes',
      'technical_specifications',
      'customizable_options',
    ]) {
      expect((p![key] as unknown[]).length, key).toBeGreaterThan(0);
    }
    for (const key of [
      'warranty_en',
      'warranty_fr',
      'material_en',
      'material_fr',
      'description_fr',
      'services_en',
    ]) {
      expect(String(p![key]).length, key).toBeGreaterThan(0);
    }
    const [mix] = rowsOf<Record<string, number>>(
      await database.db
        .execute(sql`SELECT count(DISTINCT business_type)::int AS types, count(*) FILTER (WHERE verified)::int AS verified,
        count(*) FILTER (WHERE NOT verified)::int AS unverified, count(*) FILTER (WHERE claimed)::int AS claimed,
        count(*) FILTER (WHERE NOT claimed)::int AS unclaimed FROM sellers`),
    );
    expect(mix!.types).toBeGreaterThanOrEqual(4);
    for (const key of ['verified', 'unverified', 'claimed', 'unclaimed'])
      expect(mix![key], key).toBeGreaterThan(0);
  });

  it('stores each product rating as the average of its seeded reviews', async () => {
    const [row] = rowsOf<{ bad: number; rated: number }>(
      await database.db.execute(sql`SELECT count(*) FILTER (WHERE p.rating_count <> coalesce(r.n, 0)
          OR abs(p.rating_avg - coalesce(r.avg, 0)) > 0.006)::int AS bad, count(r.n)::int AS rated
        FROM products p LEFT JOIN (SELECT product_id, count(*) AS n, avg(rating)::float8 AS avg FROM product_reviews GROUP BY 1) r
          ON r.product_id = p.id`),
    );
    expect(row!.bad).toBe(0);
    expect(row!.rated).toBeGreaterThan(50);
  });

  it('gives every attribute value and variation option a French text, origins as words, units in the language', async () => {
    type Row = {
      key_attributes: { labelEn: string; value: string; valueFr?: string }[];
      technical_specifications: { value: string; valueFr?: string }[];
      variations: { nameEn: string; options: string[]; optionsFr?: string[] }[];
      description_fr: string;
      description_en: string;
      unit: string;
    };
    const products = rowsOf<Row>(
      await database.db.execute(
        sql`SELECT key_attributes, technical_specifications, variations, description_fr, description_en, unit FROM products`,
      ),
    );
    const slugs = /\b(made-in-canada|product-of-canada|imported)\b/;
    for (const product of products) {
      for (const row of [...product.key_attributes, ...product.technical_specifications]) {
        expect(row.valueFr, JSON.stringify(row)).toBeTypeOf('string');
        expect(row.value).not.toMatch(slugs);
      }
      for (const variation of product.variations) {
        expect(variation.optionsFr).toHaveLength(variation.options.length);
        if (variation.nameEn === 'Packaging') continue;
        // A variation lists the values of one specification (not a value of the next one).
        const spec = productCategories
          .flatMap((c) => c.specs)
          .find(
            ([labelEn, , values]) =>
              labelEn === variation.nameEn && variation.options.every((o) => values.includes(o)),
          );
        expect(spec, JSON.stringify(variation)).toBeDefined();
      }
      expect(product.description_fr).not.toMatch(/\b(metre|piece|pair|square metre)s?\b/);
    }
    const origin = products[0]!.key_attributes.find((a) => a.labelEn === 'Origin')!;
    expect(['Made in Canada', 'Product of Canada', 'Imported']).toContain(origin.value);
    expect(['Fabriqué au Canada', 'Produit du Canada', 'Importé']).toContain(origin.valueFr);
    const packaging = products[0]!.variations.find((v) => v.options.includes('Bulk'))!;
    expect(packaging.optionsFr).toEqual(['En vrac', 'Emballé individuellement']);
    const metres = products.find((p) => p.unit === 'metre' && !/: 1 metre\./.test(p.description_en));
    if (metres) {
      expect(metres.description_en).toMatch(/Minimum order: \d+ metres\./);
      expect(metres.description_fr).toMatch(/Commande minimale : \d+ mètres\./);
    }
  });

  it('gives the same data every time', async () => {
    const first = await fingerprint();
    await seedCatalog(context());
    expect(await fingerprint()).toBe(first);
  });
});
