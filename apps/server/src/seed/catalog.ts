import { sql } from 'drizzle-orm';
import { canadianCities, provinceCodes, provinceNames, type ProvinceCode } from '@maplesource/contracts';
import type { Db } from '../db/client';
import { rowsOf } from '../db/transaction';
import { categories } from '../modules/catalog/catalog.tables';
import { foldText } from '../modules/catalog/search-query';
import { sellers } from '../modules/sellers/sellers.tables';
import { productAdjectives, productCategories, sellerNameParts, serviceCategories } from './catalog-data';
import { originWords, specValueFr, unitWord } from './catalog-words-fr';
import { DEMO_ACCOUNTS } from './demo-accounts';
import type { SeedContext, SeedStep } from './index';

/**
 * Catalogue seed: categories, 5,000 storefronts, 20,000 products, 2,000 services, reviews, search
 * vocabulary. Storefronts come from a seeded PRNG in JS; products, services and reviews are generated inside
 * the database from a 32-bit hash of the row number (catalog_seed_hash), so `--products 1000000` stays fast.
 * Every date derives from SEED_BASE_DATE: the same seed gives the same data every time.
 */
export const SEED_BASE_DATE = '2025-10-01T12:00:00Z';
export const DEMO_SELLER_EMAIL = DEMO_ACCOUNTS.seller.email;
/** The demo storefront, as the README names it (`/seller/maplesource-demo-fabrication-inc`). */
export const DEMO_STOREFRONT_NAME = 'MapleSource Demo Fabrication Inc.';
export const DEMO_STOREFRONT_SLUG = 'maplesource-demo-fabrication-inc';

export interface CatalogScale {
  sellers: number;
  products: number;
  services: number;
}

export function catalogScale(products?: number): CatalogScale {
  const p = products ?? 20_000;
  if (p >= 20_000) return { sellers: 5_000, products: p, services: Math.max(2_000, Math.round(p / 10)) };
  return { sellers: Math.max(20, Math.ceil(p / 4)), products: p, services: Math.max(10, Math.ceil(p / 10)) };
}

/** mulberry32: a small deterministic PRNG. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    weighted: <T>(entries: readonly (readonly [T, number])[]): T => {
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, w] of entries) {
        r -= w;
        if (r < 0) return value;
      }
      return entries[entries.length - 1]![0];
    },
  };
}

export const slugify = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const q = (value: string) => `'${value.replace(/'/g, "''")}'`;
const jsonLiteral = (value: unknown) => `${q(JSON.stringify(value))}::jsonb`;

/** Roughly the share of Canadian businesses per province; every province and territory has storefronts. */
const provinceWeights: [ProvinceCode, number][] = [
  ['ON', 38],
  ['QC', 22],
  ['BC', 13],
  ['AB', 12],
  ['MB', 3.5],
  ['SK', 3],
  ['NS', 2.6],
  ['NB', 2],
  ['NL', 1.3],
  ['PE', 0.6],
  ['NT', 0.4],
  ['YT', 0.4],
  ['NU', 0.3],
];
const productBusinessTypes = [
  ['manufacturer', 40],
  ['supplier', 15],
  ['distributor', 12],
  ['wholesaler', 10],
  ['fabricator', 9],
  ['contract-manufacturer', 6],
] as const;
const postalLetters = 'ABCEGHJKLMNPRSTVWXYZ';

async function resetCatalog(context: SeedContext) {
  await context.database.exec(`TRUNCATE product_reviews, service_reviews, product_likes, service_likes,
    user_product_views, user_category_views, user_search_history, search_terms, search_words,
    products, services, sellers, categories RESTART IDENTITY CASCADE;`);
}

/** A top category at `position` and its subcategories, inserted in their order: the ids the rows got. */
async function insertCategoryTree<Sub extends { slug: string; en: string; fr: string }>(
  db: Db,
  kind: 'product' | 'service',
  position: number,
  category: { slug: string; en: string; fr: string; subs: Sub[] },
): Promise<{ parentId: number; subs: Array<{ sub: Sub; id: number }> }> {
  const [parent] = await db
    .insert(categories)
    .values({ kind, slug: category.slug, nameEn: category.en, nameFr: category.fr, position })
    .returning({ id: categories.id });
  const subs: Array<{ sub: Sub; id: number }> = [];
  for (const [subPosition, sub] of category.subs.entries()) {
    const [child] = await db
      .insert(categories)
      .values({
        kind,
        parentId: parent!.id,
        slug: sub.slug,
        nameEn: sub.en,
        nameFr: sub.fr,
        position: subPosition,
      })
      .returning({ id: categories.id });
    subs.push({ sub, id: child!.id });
  }
  return { parentId: parent!.id, subs };
}

async function seedCategories(context: SeedContext) {
  const db = context.database.db;
  const productTypes: {
    categoryId: number;
    subcategoryId: number;
    k: number;
    t: (typeof productCategories)[0]['subs'][0]['items'][0];
    specs: unknown;
    /** The first specification's possible values: the options of the item's variation, English and French. */
    variation: { options: string[]; optionsFr: string[] };
  }[] = [];
  const serviceTypes: {
    categoryId: number;
    subcategoryId: number;
    k: number;
    t: (typeof serviceCategories)[0]['subs'][0]['items'][0];
  }[] = [];
  const productCategoryIds: number[] = [];
  const serviceCategoryIds: number[] = [];
  for (const [position, category] of productCategories.entries()) {
    const { parentId, subs } = await insertCategoryTree(db, 'product', position, category);
    productCategoryIds.push(parentId);
    let k = 0;
    for (const { sub, id: subcategoryId } of subs) {
      for (const item of sub.items) {
        const specs = category.specs.map(([labelEn, labelFr, values], index) => {
          const value = values[(k + index) % values.length]!;
          return { labelEn, labelFr, value, valueFr: specValueFr[value] ?? value };
        });
        const firstSpecValues = category.specs[0]?.[2] ?? [];
        const variation = {
          options: firstSpecValues,
          optionsFr: firstSpecValues.map((value) => specValueFr[value] ?? value),
        };
        productTypes.push({
          categoryId: parentId,
          subcategoryId,
          k: k++,
          t: item,
          specs,
          variation,
        });
      }
    }
  }
  for (const [position, category] of serviceCategories.entries()) {
    const { parentId, subs } = await insertCategoryTree(db, 'service', position, category);
    serviceCategoryIds.push(parentId);
    let k = 0;
    for (const { sub, id: subcategoryId } of subs)
      for (const item of sub.items)
        serviceTypes.push({ categoryId: parentId, subcategoryId, k: k++, t: item });
  }
  return { productTypes, serviceTypes, productCategoryIds, serviceCategoryIds };
}

/** An area code of each province and territory, for the storefronts' listed (fictional, 555) phone numbers. */
const areaCodes: Record<ProvinceCode, string> = {
  AB: '403',
  BC: '604',
  MB: '204',
  NB: '506',
  NL: '709',
  NS: '902',
  NT: '867',
  NU: '867',
  ON: '416',
  PE: '902',
  QC: '514',
  SK: '306',
  YT: '867',
};

async function seedSellers(
  context: SeedContext,
  scale: CatalogScale,
  productCategoryIds: number[],
  serviceCategoryIds: number[],
) {
  const random = prng(20_251_001);
  const base = Date.parse(SEED_BASE_DATE);
  const usedSlugs = new Set<string>();
  const rows: (typeof sellers.$inferInsert)[] = [];
  const demoOwner = rowsOf<{ id: string }>(
    await context.database.db.execute(
      sql`select id from users where id = ${DEMO_ACCOUNTS.seller.id} limit 1`,
    ),
  )[0];
  for (let i = 0; i < scale.sellers; i++) {
    const province = i < provinceCodes.length ? provinceCodes[i]! : random.weighted(provinceWeights);
    const city = random.pick(canadianCities[province]);
    const fsa = random.pick(city.fsa);
    const postalCode = `${fsa} ${random.int(0, 9)}${postalLetters[random.int(0, postalLetters.length - 1)]}${random.int(0, 9)}`;
    const isService = i > 0 && random.next() < 0.15;
    const businessType = isService
      ? 'service-provider'
      : i === 0
        ? 'manufacturer'
        : random.weighted(productBusinessTypes);
    let name =
      i === 0
        ? DEMO_STOREFRONT_NAME
        : `${random.pick(sellerNameParts.prefixes)} ${random.pick(sellerNameParts.cores)} ${random.pick(sellerNameParts.suffixes)}`;
    let slug = i === 0 ? DEMO_STOREFRONT_SLUG : slugify(name);
    if (usedSlugs.has(slug)) {
      name = `${name.replace(/ (Inc\.|Ltd\.|Corp\.|Co\.|Ltée|Limited|Group)$/, '')} ${city.name} ${name.split(' ').pop()}`;
      slug = slugify(name);
    }
    let n = 2;
    while (usedSlugs.has(slug)) slug = `${slugify(name)}-${n++}`;
    usedSlugs.add(slug);
    const categoryId = isService ? random.pick(serviceCategoryIds) : random.pick(productCategoryIds);
    const year = random.int(1952, 2023);
    const provinceName = provinceNames[province];
    const verified = i === 0 || random.next() < 0.55;
    const claimed = i === 0 || random.next() < 0.4;
    // The newest storefronts are the last ones: "recently joined sellers" are stable.
    const createdAt = new Date(base - (scale.sellers - i) * 3_600_000 * 3 - random.int(0, 3_000_000));
    rows.push({
      slug,
      name,
      businessType,
      province,
      city: city.name,
      postalCode,
      verified,
      claimed,
      ownerUserId: i === 0 && demoOwner ? demoOwner.id : null,
      descriptionEn: `${name} is a Canadian ${businessType.replace(/-/g, ' ')} based in ${city.name}, ${provinceName.en}, serving buyers across Canada since ${year}.`,
      descriptionFr: `${name} est une entreprise canadienne établie à ${city.name} (${provinceName.fr}) qui sert les acheteurs de partout au Canada depuis ${year}.`,
      logoUrl: null,
      yearEstablished: year,
      employees: random.pick(['1-10', '11-50', '51-200', '201-500', '500+']),
      primaryCategoryId: categoryId,
      createdAt,
      // Listed contacts a claim proves (decision 263), derived without drawing from the seed's random sequence:
      // reserved example domains and 555 numbers reach no real business.
      contactEmail: `info@${slug}.example.ca`,
      contactPhone: `+1${areaCodes[province]}555${String(i % 10_000).padStart(4, '0')}`,
    });
  }
  for (let start = 0; start < rows.length; start += 1000) {
    await context.database.db.insert(sellers).values(rows.slice(start, start + 1000));
  }
  // The catalogue's copy of each storefront's card fields (decision 110), as the sellers module keeps it.
  await context.database.db.execute(sql`
    INSERT INTO catalog_seller_cards (seller_id, slug, name, province, city, business_type, verified)
    SELECT id, slug, name, province, city, business_type, verified FROM sellers
    ON CONFLICT (seller_id) DO NOTHING`);
  if (!demoOwner)
    context.log(`seed: catalog: no ${DEMO_SELLER_EMAIL} user yet; demo storefront left without owner`);
}

/** Terms searched on French pages: [display, count]. */
const frenchSearchTerms: [string, number][] = [
  ['extrusion d’aluminium', 910],
  ['usinage CNC', 820],
  ['boîtes en carton ondulé', 700],
  ['sirop d’érable', 660],
  ['acier inoxydable', 610],
  ['éclairage DEL', 490],
  ['vêtements de sécurité', 450],
];

/** The unit words of a template as SQL values: English singular/plural, French singular/plural. */
function unitColumns(unit: string): string {
  return [
    unitWord(unit, 'en', false),
    unitWord(unit, 'en', true),
    unitWord(unit, 'fr', false),
    unitWord(unit, 'fr', true),
  ]
    .map(q)
    .join(', ');
}

/** `g.origin` as words in one language (never the slug on screen). */
function originWordsSql(language: 'en' | 'fr'): string {
  const cases = Object.entries(originWords).map(
    ([slug, words]) => `WHEN ${q(slug)} THEN ${q(words[language])}`,
  );
  return `(CASE g.origin ${cases.join(' ')} END)`;
}

function productSql(
  scale: CatalogScale,
  types: Awaited<ReturnType<typeof seedCategories>>['productTypes'],
  serviceTypes: Awaited<ReturnType<typeof seedCategories>>['serviceTypes'],
) {
  const typeRows = types
    .map(
      ({ categoryId, subcategoryId, k, t, specs, variation }) =>
        `(${categoryId}, ${subcategoryId}, ${k}, ${q(t[0])}, ${q(t[1])}, ${q(t[2])}, ${t[3]}, ${q(t[4])}, ${q(t[5])}, ${jsonLiteral(specs)}, ${unitColumns(t[2])}, ${jsonLiteral(variation.options)}, ${jsonLiteral(variation.optionsFr)})`,
    )
    .join(',\n');
  const serviceRows = serviceTypes
    .map(
      ({ categoryId, subcategoryId, k, t }) =>
        `(${categoryId}, ${subcategoryId}, ${k}, ${q(t[0])}, ${q(t[1])}, ${q(t[2])}, ${t[3]})`,
    )
    .join(',\n');
  const adjEn = `(ARRAY[${productAdjectives.map(([en]) => q(en)).join(',')}])`;
  const adjFr = `(ARRAY[${productAdjectives.map(([, fr]) => q(fr)).join(',')}])`;
  // A base name that already starts with an adjective ("Custom Welding Fixture") takes none ("Custom Custom …").
  const takesAdjective = `tt.name_en !~ '^(${productAdjectives.map(([en]) => en).join('|')}) '`;
  const adjEnPick = `CASE WHEN ${takesAdjective} THEN ${adjEn}[1 + (h2 >> 8) % ${productAdjectives.length}] || ' ' ELSE '' END`;
  const adjFrPick = `CASE WHEN ${takesAdjective} THEN ' ' || ${adjFr}[1 + (h2 >> 8) % ${productAdjectives.length}] ELSE '' END`;
  const base = `'${SEED_BASE_DATE}'::timestamptz`;
  return `
CREATE TEMP TABLE seed_types (category_id bigint, subcategory_id bigint, k int, name_en text, name_fr text, unit text,
  base_price bigint, material_en text, material_fr text, specs jsonb,
  unit_en1 text, unit_en2 text, unit_fr1 text, unit_fr2 text, variation_options jsonb, variation_options_fr jsonb);
INSERT INTO seed_types VALUES ${typeRows};
CREATE TEMP TABLE seed_cat AS SELECT category_id, count(*)::int AS n FROM seed_types GROUP BY category_id;
CREATE TEMP TABLE seed_psellers AS
  SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id, name, city, province, business_type, verified, primary_category_id
  FROM sellers WHERE business_type <> 'service-provider';
CREATE TEMP TABLE seed_stypes (category_id bigint, subcategory_id bigint, k int, name_en text, name_fr text, unit text, base_price bigint);
INSERT INTO seed_stypes VALUES ${serviceRows};
CREATE TEMP TABLE seed_scat AS SELECT category_id, count(*)::int AS n FROM seed_stypes GROUP BY category_id;
CREATE TEMP TABLE seed_ssellers AS
  SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id, name, city, province, business_type, verified, primary_category_id
  FROM sellers WHERE business_type = 'service-provider';
CREATE UNIQUE INDEX ON seed_psellers (k);
CREATE UNIQUE INDEX ON seed_ssellers (k);
CREATE INDEX ON seed_types (category_id, k);
CREATE INDEX ON seed_stypes (category_id, k);
ANALYZE seed_types; ANALYZE seed_cat; ANALYZE seed_psellers; ANALYZE seed_stypes; ANALYZE seed_scat; ANALYZE seed_ssellers;

INSERT INTO products (id, slug, seller_id, category_id, subcategory_id, status, name_en, name_fr, description_en, description_fr,
  unit, price_tiers, min_price_cents, max_price_cents, min_order_quantity, lead_days, delivery_days, variations, key_attributes,
  technical_specifications, warranty_en, warranty_fr, material_en, material_fr, customizable_options, services_en, services_fr,
  origin, verified, image_count, province, business_type, views, quotations, accepted, rejected, in_progress,
  popularity_score, bestseller_score, rating_avg, rating_count, created_at)
SELECT g.i, g.slug, s.id, t.category_id, t.subcategory_id, g.status, g.name_en, g.name_fr,
  g.name_en || ' from ' || s.name || ' in ' || s.city || '. ' || t.material_en || ', built to order with ' || g.lead || '-day lead time and delivery across Canada in ' || g.delivery || ' business days. Minimum order: ' || g.moq || ' ' || CASE WHEN g.moq = 1 THEN t.unit_en1 ELSE t.unit_en2 END || '.',
  g.name_fr || ' de ' || s.name || ' à ' || s.city || '. ' || t.material_fr || ', fabriqué sur commande avec un délai de ' || g.lead || ' jours et livré partout au Canada en ' || g.delivery || ' jours ouvrables. Commande minimale : ' || g.moq || ' ' || CASE WHEN g.moq = 1 THEN t.unit_fr1 ELSE t.unit_fr2 END || '.',
  t.unit,
  jsonb_build_array(
    jsonb_build_object('minQuantity', g.moq, 'maxQuantity', g.moq * 10 - 1, 'unitPriceCents', g.price),
    jsonb_build_object('minQuantity', g.moq * 10, 'maxQuantity', g.moq * 50 - 1, 'unitPriceCents', (g.price * 92) / 100),
    jsonb_build_object('minQuantity', g.moq * 50, 'maxQuantity', null, 'unitPriceCents', (g.price * 85) / 100)),
  (g.price * 85) / 100, g.price, g.moq, g.lead, g.delivery,
  jsonb_build_array(
    jsonb_build_object('nameEn', t.specs->0->>'labelEn', 'nameFr', t.specs->0->>'labelFr',
      'options', t.variation_options, 'optionsFr', t.variation_options_fr),
    jsonb_build_object('nameEn', 'Packaging', 'nameFr', 'Emballage', 'options', '["Bulk","Individually packed"]'::jsonb,
      'optionsFr', '["En vrac","Emballé individuellement"]'::jsonb)),
  jsonb_build_array(
    jsonb_build_object('labelEn', 'Origin', 'labelFr', 'Origine', 'value', ${originWordsSql('en')}, 'valueFr', ${originWordsSql('fr')}),
    jsonb_build_object('labelEn', 'Material', 'labelFr', 'Matériau', 'value', t.material_en, 'valueFr', t.material_fr),
    jsonb_build_object('labelEn', 'Unit', 'labelFr', 'Unité', 'value', t.unit_en1, 'valueFr', t.unit_fr1)),
  t.specs,
  g.warranty || '-year manufacturer warranty; support by phone and email in English and French.',
  'Garantie du fabricant de ' || g.warranty || ' an(s); soutien par téléphone et courriel en français et en anglais.',
  t.material_en, t.material_fr,
  CASE WHEN g.h3 % 3 = 0 THEN '[{"nameEn":"Custom dimensions","nameFr":"Dimensions sur mesure"},{"nameEn":"Logo marking","nameFr":"Marquage du logo"}]'::jsonb
       WHEN g.h3 % 3 = 1 THEN '[{"nameEn":"Custom colour","nameFr":"Couleur sur mesure"},{"nameEn":"Private-label packaging","nameFr":"Emballage de marque privée"}]'::jsonb
       ELSE '[{"nameEn":"Custom dimensions","nameFr":"Dimensions sur mesure"}]'::jsonb END,
  'Cut-to-size, kitting and Canada-wide delivery', 'Coupe sur mesure, assemblage de trousses et livraison partout au Canada',
  g.origin, s.verified AND g.h4 % 6 <> 0, 2 + (g.h1 % 3)::int, s.province, s.business_type,
  g.views, g.quotations, (g.quotations * (g.h4 % 40)) / 100, (g.quotations * (g.h3 % 20)) / 100, (g.quotations * (g.h2 % 15)) / 100,
  g.views + 5 * g.quotations + 10 * ((g.quotations * (g.h4 % 40)) / 100),
  10 * ((g.quotations * (g.h4 % 40)) / 100) + g.quotations,
  coalesce(rv.avg, 0), rv.n,
  ${base} - make_interval(secs => (g.h2 % 62208000)::double precision)
FROM (
  SELECT i, h1, h2, h3, h4,
    ${adjEnPick} || tt.name_en || ' ' || chr(65 + ((h3 >> 4) % 26)::int) || (100 + (h1 >> 9) % 900) AS name_en,
    tt.name_fr || ${adjFrPick} || ' ' || chr(65 + ((h3 >> 4) % 26)::int) || (100 + (h1 >> 9) % 900) AS name_fr,
    lower(regexp_replace(${adjEnPick} || tt.name_en, '[^a-zA-Z0-9]+', '-', 'g')) || '-' || i AS slug,
    CASE WHEN i % 997 = 0 THEN 'pending' ELSE 'active' END AS status,
    GREATEST(1, (tt.base_price * (70 + (h3 % 80))) / 100) AS price,
    CASE WHEN tt.base_price > 100000 THEN 1 ELSE (ARRAY[1, 5, 10, 25, 50, 100, 250, 500])[1 + (h3 >> 8) % 8] END AS moq,
    3 + (h4 % 40)::int AS lead, 1 + ((h4 >> 8) % 14)::int AS delivery,
    (ARRAY['made-in-canada','made-in-canada','made-in-canada','made-in-canada','made-in-canada','product-of-canada','product-of-canada','product-of-canada','imported','imported'])[1 + (h4 >> 12) % 10] AS origin,
    (1 + (h1 >> 20) % 2)::text AS warranty,
    ((h1 % 100) * (h1 % 100) + (h2 % 50))::int AS views,
    (((h1 % 100) * (h1 % 100)) / (20 + (h3 % 40)))::int AS quotations,
    seller_k, tt.category_id AS type_category, tt.k AS type_k
  FROM (
    SELECT i, catalog_seed_hash(i, 1) AS h1, catalog_seed_hash(i, 2) AS h2, catalog_seed_hash(i, 3) AS h3, catalog_seed_hash(i, 4) AS h4,
      (catalog_seed_hash(i, 1) % (SELECT count(*) FROM seed_psellers))::int AS seller_k
    FROM generate_series(1, ${scale.products}) AS i OFFSET 0
  ) h
  JOIN seed_psellers ps ON ps.k = h.seller_k
  JOIN seed_cat c ON c.category_id = ps.primary_category_id
  JOIN seed_types tt ON tt.category_id = c.category_id AND tt.k = (h.h2 % c.n)::int
  OFFSET 0
) g
JOIN seed_psellers s ON s.k = g.seller_k
JOIN seed_types t ON t.category_id = g.type_category AND t.k = g.type_k
-- The same formula as the review rows inserted below, so no later UPDATE of every product is needed.
CROSS JOIN LATERAL (
  SELECT round(avg((ARRAY[5,5,5,4,4,4,4,3,2,1])[1 + catalog_seed_hash(g.i * 8 + r, 22) % 10])::numeric, 2)::double precision AS avg,
    count(*)::int AS n
  FROM generate_series(1, 4) AS r WHERE g.i % 3 = 0 AND r <= 1 + catalog_seed_hash(g.i, 24) % 4
) rv;
SELECT setval(pg_get_serial_sequence('products', 'id'), (SELECT coalesce(max(id), 1) FROM products));

INSERT INTO services (id, slug, seller_id, category_id, subcategory_id, status, name_en, name_fr, description_en, description_fr,
  starting_price_cents, price_unit, turnaround_days, capabilities, service_area_en, service_area_fr, certifications, verified,
  image_count, province, business_type, views, quotations, accepted, rejected, in_progress, popularity_score, bestseller_score, created_at)
SELECT g.i, lower(regexp_replace(t.name_en || ' ' || s.city, '[^a-zA-Z0-9]+', '-', 'g')) || '-' || g.i, s.id, t.category_id, t.subcategory_id, 'active',
  t.name_en || ' – ' || s.city, t.name_fr || ' – ' || s.city,
  t.name_en || ' by ' || s.name || ', based in ' || s.city || '. Quotes within 48 hours; bilingual project management.',
  t.name_fr || ' par ' || s.name || ', établie à ' || s.city || '. Soumission en 48 heures; gestion de projet bilingue.',
  GREATEST(1, (t.base_price * (70 + (g.h3 % 80))) / 100), t.unit, 2 + (g.h4 % 30)::int,
  jsonb_build_array(
    jsonb_build_object('labelEn', 'Capacity', 'labelFr', 'Capacité', 'value', (10 + g.h2 % 90) || ' projects/month',
      'valueFr', (10 + g.h2 % 90) || ' projets/mois'),
    jsonb_build_object('labelEn', 'Languages', 'labelFr', 'Langues', 'value', 'English, French', 'valueFr', 'Anglais, français')),
  CASE WHEN g.h1 % 2 = 0 THEN 'Serves all of Canada' ELSE 'Serves ' || s.province || ' and neighbouring provinces' END,
  CASE WHEN g.h1 % 2 = 0 THEN 'Dessert tout le Canada' ELSE 'Dessert ' || s.province || ' et les provinces voisines' END,
  (ARRAY['["ISO 9001:2015"]','["ISO 9001:2015","CWB W47.1"]','["COR safety certified"]','[]'])[1 + g.h2 % 4]::jsonb,
  s.verified AND g.h4 % 5 <> 0, 2 + (g.h1 % 3)::int, s.province, s.business_type,
  g.views, g.quotations, g.quotations / 3, g.quotations / 10, g.quotations / 8,
  g.views + 5 * g.quotations + 10 * (g.quotations / 3), 10 * (g.quotations / 3) + g.quotations,
  ${base} - make_interval(secs => (g.h2 % 62208000)::double precision)
FROM (
  SELECT i, h1, h2, h3, h4, (h1 % (SELECT count(*) FROM seed_ssellers))::int AS seller_k,
    ((h1 % 100) * (h1 % 100) / 2 + (h2 % 50))::int AS views, (((h1 % 100) * (h1 % 100)) / (40 + (h3 % 40)))::int AS quotations
  FROM (SELECT i, catalog_seed_hash(i, 11) AS h1, catalog_seed_hash(i, 12) AS h2, catalog_seed_hash(i, 13) AS h3, catalog_seed_hash(i, 14) AS h4
        FROM generate_series(1, ${scale.services}) AS i OFFSET 0) x
  OFFSET 0
) g
JOIN seed_ssellers s ON s.k = g.seller_k
JOIN seed_scat c ON c.category_id = s.primary_category_id
JOIN seed_stypes t ON t.category_id = c.category_id AND t.k = (g.h2 % c.n)::int;
SELECT setval(pg_get_serial_sequence('services', 'id'), (SELECT coalesce(max(id), 1) FROM services));

-- Historic reviews (no user account): about a third of the items have 1-4 reviews, mostly good.
INSERT INTO product_reviews (product_id, author_name, rating, comment, created_at)
SELECT p.id,
  (ARRAY['Sophie T.','Marc-André L.','Priya S.','Jordan K.','Émilie G.','Daniel W.','Amélie R.','Kevin O.','Nadia B.','Liam M.'])[1 + catalog_seed_hash(p.id * 8 + r, 21) % 10],
  (ARRAY[5,5,5,4,4,4,4,3,2,1])[1 + catalog_seed_hash(p.id * 8 + r, 22) % 10],
  (ARRAY['Great quality and delivered on time.','Good value for the price; will order again.','Excellent communication from the seller.',
         'Très bon produit, livraison rapide.','Bon rapport qualité-prix.',NULL,'Matched our drawings exactly.','Packaging could be better.'])[1 + catalog_seed_hash(p.id * 8 + r, 23) % 8],
  p.created_at + make_interval(days => (5 + r * 17)::int)
FROM products p, generate_series(1, 4) AS r
WHERE p.id % 3 = 0 AND r <= 1 + catalog_seed_hash(p.id, 24) % 4;
INSERT INTO service_reviews (service_id, author_name, rating, comment, created_at)
SELECT sv.id,
  (ARRAY['Sophie T.','Marc-André L.','Priya S.','Jordan K.','Émilie G.','Daniel W.'])[1 + catalog_seed_hash(sv.id * 8 + r, 31) % 6],
  (ARRAY[5,5,4,4,4,3,2])[1 + catalog_seed_hash(sv.id * 8 + r, 32) % 7],
  (ARRAY['Professional team, finished ahead of schedule.','Service impeccable.','Fair price and clear reporting.',NULL])[1 + catalog_seed_hash(sv.id * 8 + r, 33) % 4],
  sv.created_at + make_interval(days => (5 + r * 11)::int)
FROM services sv, generate_series(1, 3) AS r
WHERE sv.id % 2 = 0 AND r <= 1 + catalog_seed_hash(sv.id, 34) % 3;

UPDATE services s SET rating_avg = round(a.avg::numeric, 2)::double precision, rating_count = a.n
FROM (SELECT service_id, avg(rating)::double precision AS avg, count(*)::int AS n FROM service_reviews GROUP BY service_id) a
WHERE a.service_id = s.id;

UPDATE sellers s SET product_count = c.n, popularity_score = c.pop
FROM (SELECT seller_id, count(*)::int AS n, sum(popularity_score) AS pop FROM products WHERE status = 'active' GROUP BY seller_id) c
WHERE c.seller_id = s.id;
UPDATE sellers s SET service_count = c.n, popularity_score = s.popularity_score + c.pop
FROM (SELECT seller_id, count(*)::int AS n, sum(popularity_score) AS pop FROM services WHERE status = 'active' GROUP BY seller_id) c
WHERE c.seller_id = s.id;
UPDATE categories c SET item_count = x.n
FROM (SELECT category_id AS id, count(*)::int AS n FROM products WHERE status = 'active' GROUP BY 1
      UNION ALL SELECT subcategory_id, count(*)::int FROM products WHERE status = 'active' GROUP BY 1
      UNION ALL SELECT category_id, count(*)::int FROM services WHERE status = 'active' GROUP BY 1
      UNION ALL SELECT subcategory_id, count(*)::int FROM services WHERE status = 'active' GROUP BY 1) x
WHERE x.id = c.id;

INSERT INTO search_terms (term, display, count, last_searched_at) VALUES
  ('aluminum extrusion', 'aluminum extrusion', 1840, ${base}), ('cnc machining', 'CNC machining', 1620, ${base}),
  ('corrugated boxes', 'corrugated boxes', 1410, ${base}), ('maple syrup', 'maple syrup', 1290, ${base}),
  ('stainless steel', 'stainless steel', 1180, ${base}), ('led lighting', 'LED lighting', 960, ${base}),
  ('safety vest', 'safety vest', 870, ${base}), ('hydraulic cylinder', 'hydraulic cylinder', 790, ${base}),
  ('pallets', 'pallets', 720, ${base}), ('emballage', 'emballage', 640, ${base}), ('soudage', 'soudage', 580, ${base}),
  ('powder coating', 'powder coating', 530, ${base}),
  ${frenchSearchTerms.map(([display, count]) => `(${q(foldText(display))}, ${q(display)}, ${count}, ${base})`).join(', ')};
-- The chips of a page are the terms searched in its language (migration 0270).
INSERT INTO search_term_languages (term, language, count)
  SELECT term, CASE WHEN term IN (${['emballage', 'soudage', ...frenchSearchTerms.map(([display]) => foldText(display))].map(q).join(', ')}) THEN 'fr' ELSE 'en' END, count
  FROM search_terms;
-- Seeded terms stand for many past visitors; like live ones they are suggested only if they find results (decision 056).
UPDATE search_terms t SET visitors = t.count,
  found_results = EXISTS (SELECT 1 FROM products p WHERE p.status = 'active' AND p.search_doc @@ plainto_tsquery('simple', t.term))
    OR EXISTS (SELECT 1 FROM services p WHERE p.status = 'active' AND p.search_doc @@ plainto_tsquery('simple', t.term));
DROP TABLE seed_types, seed_cat, seed_psellers, seed_stypes, seed_scat, seed_ssellers;
`;
}

/** Rebuilds the typo-correction vocabulary from the indexed names (words with digits are model codes: skipped). */
export const REBUILD_SEARCH_WORDS_SQL = `
TRUNCATE search_words;
INSERT INTO search_words (word, ndoc, product_ndoc)
SELECT word, sum(ndoc)::int, sum(product_ndoc)::int FROM (
  SELECT word, ndoc, ndoc AS product_ndoc FROM ts_stat('SELECT search_doc FROM products')
  UNION ALL SELECT word, ndoc, 0 FROM ts_stat('SELECT search_doc FROM services')
  UNION ALL SELECT word, ndoc, 0 FROM ts_stat('SELECT to_tsvector(''simple'', search_name) FROM sellers')
  UNION ALL SELECT word, ndoc, 0 FROM ts_stat('SELECT search_doc FROM blogs')
  UNION ALL SELECT word, ndoc, 0 FROM ts_stat('SELECT to_tsvector(''simple'', catalog_fold(name_en || '' '' || name_fr)) FROM categories')
) w
WHERE length(word) >= 3 AND word !~ '[0-9]'
GROUP BY word;
`;

export async function seedCatalog(context: SeedContext) {
  const scale = catalogScale(context.options.products);
  await resetCatalog(context);
  const tree = await seedCategories(context);
  await seedSellers(context, scale, tree.productCategoryIds, tree.serviceCategoryIds);
  // Bulk scale (the 1M benchmark): building the secondary indexes once after the insert is much faster.
  const dropped =
    scale.products > 50_000
      ? rowsOf<{ name: string; def: string }>(
          await context.database.db.execute(sql`SELECT indexname AS name, indexdef AS def FROM pg_indexes
            WHERE schemaname = current_schema() AND tablename IN ('products', 'product_reviews')
              AND indexname NOT LIKE '%pkey' AND indexname NOT LIKE '%slug%' AND indexname NOT LIKE '%one_per_user'`),
        )
      : [];
  for (const index of dropped) await context.database.exec(`DROP INDEX ${index.name};`);
  await context.database.exec(productSql(scale, tree.productTypes, tree.serviceTypes));
  for (const index of dropped) await context.database.exec(`${index.def};`);
  // A running app's catalogue caches word lookups for a minute (its own CatalogState); the seed runs before
  // the app serves (main.ts) or before a test's first search.
  await context.database.exec(REBUILD_SEARCH_WORDS_SQL);
  // VACUUM sets the visibility map, so capped counts with text can skip the heap (decision 040).
  for (const table of ['sellers', 'catalog_seller_cards', 'products', 'services', 'search_words']) {
    await context.database.exec(`VACUUM ANALYZE ${table};`);
  }
  context.log(
    `seed: catalog: ${scale.sellers} storefronts, ${scale.products} products, ${scale.services} services`,
  );
}

export const catalogSeedStep: SeedStep = {
  name: 'catalog (storefronts, products, services, reviews)',
  run: seedCatalog,
};
