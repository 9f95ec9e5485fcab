import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SellerProductInput, SellerServiceInput } from '@maplesource/contracts';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/transaction';
import { signUp, type SignedUp } from './accounts-helpers';

/*
 * The seller centre tests' fixtures (catalogue, stats, storefront, the seller fences): categories, a storefront
 * owned by a user, item inputs, the stats tests' storefronts and the headers of a call as seller or buyer.
 */

/** A caller's headers: its session cookie and the role it acts in. */
export const as = (user: { cookie: string }, role: 'seller' | 'buyer' = 'seller') => ({
  role,
  cookie: user.cookie,
});

/** A category (its names default to its slug) under `parentId`, or a top one: its id. */
export async function insertCategory(
  db: Db,
  input: {
    kind: 'product' | 'service';
    slug: string;
    parentId?: number | null;
    nameEn?: string;
    nameFr?: string;
  },
): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(
      sql`INSERT INTO categories (kind, parent_id, slug, name_en, name_fr)
          VALUES (${input.kind}, ${input.parentId ?? null}, ${input.slug}, ${input.nameEn ?? input.slug},
                  ${input.nameFr ?? input.slug}) RETURNING id`,
    ),
  );
  return Number(row!.id);
}

/** A top category and a subcategory under it, where items are listed: the subcategory's id, as the routes take it. */
export async function insertSubcategory(
  db: Db,
  kind: 'product' | 'service',
  top: { slug: string; nameEn?: string; nameFr?: string },
  sub: { slug: string; nameEn?: string; nameFr?: string },
): Promise<string> {
  const parentId = await insertCategory(db, { kind, ...top });
  return String(await insertCategory(db, { kind, ...sub, parentId }));
}

/** A storefront `user` owns (named `Shop <slug>` in Hamilton, ON, unless said otherwise): its id. */
export function ownedStorefront(
  app: Pick<FastifyInstance, 'sellers'>,
  db: Db,
  user: { id: string },
  slug: string,
  place: { name?: string; city?: string; postalCode?: string } = {},
): Promise<string> {
  return app.sellers.createOwnedStorefront(db, {
    slug,
    name: place.name ?? `Shop ${slug}`,
    ownerUserId: user.id,
    province: 'ON',
    city: place.city ?? 'Hamilton',
    postalCode: place.postalCode ?? 'L8P 4R5',
  });
}

/** A product as the seller centre's form sends it: a brass valve with no options, unless `overrides` say otherwise. */
export const sellerProductInput = (
  subcategoryId: string,
  overrides: Partial<SellerProductInput> = {},
): SellerProductInput => ({
  sku: 'VALVE-1',
  subcategoryId,
  nameEn: 'Brass gate valve',
  nameFr: 'Robinet-vanne en laiton',
  descriptionEn: 'A forged brass gate valve.',
  descriptionFr: 'Un robinet-vanne en laiton forgé.',
  unit: 'piece',
  minOrderQuantity: 10,
  priceTiers: [{ minQuantity: 10, maxQuantity: null, unitPriceCents: 2500 }],
  leadDays: 7,
  deliveryDays: 3,
  origin: 'made-in-canada',
  servicesEn: '',
  servicesFr: '',
  warrantyEn: '',
  warrantyFr: '',
  materialEn: '',
  materialFr: '',
  customizableOptions: [],
  variations: [],
  keyAttributes: [],
  technicalSpecifications: [],
  images: [],
  ...overrides,
});

/** A service as the seller centre's form sends it: a pump rebuild, unless `overrides` say otherwise. */
export const sellerServiceInput = (
  subcategoryId: string,
  overrides: Partial<SellerServiceInput> = {},
): SellerServiceInput => ({
  sku: 'SERVICE-1',
  subcategoryId,
  nameEn: 'Pump rebuild',
  nameFr: 'Remise à neuf de pompes',
  descriptionEn: 'We rebuild centrifugal pumps.',
  descriptionFr: '',
  startingPriceCents: 45_000,
  priceUnit: 'job',
  turnaroundDays: 5,
  capabilities: [],
  serviceAreaEn: 'Ontario',
  serviceAreaFr: 'Ontario',
  certifications: [],
  images: [],
  ...overrides,
});

/**
 * After a test writes item day rows directly (not through the items' trigger), rebuilds what the trigger and the
 * stats keep from them for these storefronts (decisions 290 and 314): the month rows and the storefront-wide day
 * rows as their exact sums, and no running totals (they are written again when next asked for).
 */
export async function rebuildItemStatsRollups(db: Db, sellerIds: readonly number[]) {
  const ids = sql`(SELECT unnest(${`{${sellerIds.join(',')}}`}::bigint[]))`;
  await db.execute(sql`DELETE FROM catalog_item_months WHERE seller_id IN ${ids}`);
  await db.execute(sql`
    INSERT INTO catalog_item_months (seller_id, month, item_kind, item_id, views, quotations, accepted, rejected, in_progress)
    SELECT seller_id, date_trunc('month', day::timestamp)::date, item_kind, item_id,
      sum(views), sum(quotations), sum(accepted), sum(rejected), sum(in_progress)
    FROM catalog_item_days WHERE seller_id IN ${ids} GROUP BY 1, 2, 3, 4`);
  await db.execute(sql`DELETE FROM catalog_storefront_item_days WHERE seller_id IN ${ids}`);
  await db.execute(sql`
    INSERT INTO catalog_storefront_item_days (seller_id, day, views, quotations, accepted, rejected, in_progress)
    SELECT seller_id, day, sum(views), sum(quotations), sum(accepted), sum(rejected), sum(in_progress)
    FROM catalog_item_days WHERE seller_id IN ${ids} GROUP BY 1, 2`);
  await db.execute(sql`DELETE FROM catalog_item_month_starts WHERE seller_id IN ${ids}`);
  await db.execute(sql`DELETE FROM catalog_item_month_start_marks WHERE seller_id IN ${ids}`);
}

/** Creates a product or service on the user's storefront through the API and publishes it (two idempotent calls). */
export async function createPublishedItem<T>(
  app: FastifyInstance,
  user: { cookie: string },
  storefront: string,
  plural: 'products' | 'services',
  payload: object,
): Promise<T> {
  const created = await app.inject({
    method: 'POST',
    url: `/api/v1/seller/${storefront}/${plural}`,
    headers: { ...as(user), 'idempotency-key': randomUUID() },
    payload,
  });
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const item = created.json<{ id: string }>();
  const published = await app.inject({
    method: 'POST',
    url: `/api/v1/seller/${plural}/${item.id}/status`,
    headers: { ...as(user), 'idempotency-key': randomUUID() },
    payload: { action: 'publish' },
  });
  if (published.statusCode !== 200) throw new Error(`publish: ${published.statusCode} ${published.body}`);
  return published.json<T>();
}

/** The stats tests' storefronts: the owner's, another seller's, a buyer who looks at items, and their item inputs. */
export interface StatsStorefronts {
  owner: SignedUp;
  other: SignedUp;
  buyer: SignedUp;
  sellerId: string;
  otherSellerId: string;
  /** A valve in the storefronts' product subcategory, sold by the piece at $10 from one. */
  valveInput(sku: string, nameEn: string): SellerProductInput;
  /** A pump repair in their service subcategory, from $50 an hour. */
  pumpRepairInput(sku: string): SellerServiceInput;
}

/**
 * Signs up the owner, another seller and a buyer (named `names`), gives both sellers a storefront
 * (`<prefix>-owner-…`, `<prefix>-other-…`) and makes a product and a service subcategory (`<prefix>-valves-…`,
 * `<prefix>-repairs-…`) for their items.
 */
export async function statsStorefronts(
  app: FastifyInstance,
  db: Db,
  prefix: string,
  names: { owner: string; other: string; buyer: string },
): Promise<StatsStorefronts> {
  const suffix = `${process.pid}-${Date.now()}`;
  const owner = await signUp(app, { fullName: names.owner });
  const other = await signUp(app, { fullName: names.other });
  const buyer = await signUp(app, { fullName: names.buyer });
  for (const user of [owner, other]) await app.auth.users.addRole(user.id, 'seller');
  const category = (kind: 'product' | 'service', slug: string) =>
    insertSubcategory(
      db,
      kind,
      { slug: `${slug}-top-${suffix}`, nameEn: 'Top', nameFr: 'Haut' },
      { slug: `${slug}-${suffix}`, nameEn: 'Sub', nameFr: 'Sous' },
    );
  const productSub = await category('product', `${prefix}-valves`);
  const serviceSub = await category('service', `${prefix}-repairs`);
  const sellerId = await ownedStorefront(app, db, owner, `${prefix}-owner-${suffix}`);
  const otherSellerId = await ownedStorefront(app, db, other, `${prefix}-other-${suffix}`);
  return {
    owner,
    other,
    buyer,
    sellerId,
    otherSellerId,
    valveInput: (sku, nameEn) =>
      sellerProductInput(productSub, {
        sku,
        nameEn,
        nameFr: `${nameEn} (fr)`,
        descriptionEn: 'A valve.',
        descriptionFr: 'Un robinet.',
        minOrderQuantity: 1,
        priceTiers: [{ minQuantity: 1, maxQuantity: null, unitPriceCents: 1000 }],
        leadDays: 2,
        deliveryDays: 2,
      }),
    pumpRepairInput: (sku) =>
      sellerServiceInput(serviceSub, {
        sku,
        nameEn: 'Pump repair',
        nameFr: 'Réparation de pompe',
        descriptionEn: 'We repair pumps.',
        descriptionFr: 'Nous réparons des pompes.',
        startingPriceCents: 5000,
        priceUnit: 'hour',
        turnaroundDays: 3,
      }),
  };
}
