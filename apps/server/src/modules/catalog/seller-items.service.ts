import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type {
  SellerItemAction,
  SellerItemKind,
  SellerItemList,
  SellerItemStatus,
  SellerProduct,
  SellerProductInput,
  SellerService,
  SellerServiceInput,
} from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { AppError, conflict, notFound, unprocessable } from '../../plugins/errors';
import { addSearchWords } from './search-words.service';

/**
 * The seller centre's catalogue (decision 287): a storefront's own products and services, created as drafts,
 * published ('active'), unpublished (back to 'draft'), archived for good, duplicated. Every operation takes the
 * storefronts the caller owns (the flow asks the sellers module) and answers 404 for an item of any other one,
 * changing nothing. Listings, search and sitemaps read 'active' rows only; every write here changes a column
 * the catalogue-version triggers watch (migrations 0230, 0790), so cached listing and search answers are dropped
 * within one version poll.
 */

type Row = Record<string, unknown>;
const tableOf = (kind: SellerItemKind) => sql.raw(kind === 'product' ? 'products' : 'services');
const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
const json = (value: unknown) => JSON.stringify(value);

export const itemNotFound = (kind: SellerItemKind) =>
  kind === 'product'
    ? notFound('PRODUCT_NOT_FOUND', 'Product Not Found')
    : notFound('SERVICE_NOT_FOUND', 'Service not found');

/** A slug for a new item: its English name and a random tail, so names may repeat across storefronts. */
export function newItemSlug(nameEn: string): string {
  const base = nameEn
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'item'}-${randomBytes(4).toString('hex')}`;
}

export function productInputOf(row: Row): SellerProductInput {
  return {
    sku: row.seller_sku === null ? `item-${String(row.id)}` : String(row.seller_sku),
    subcategoryId: String(row.subcategory_id),
    nameEn: String(row.name_en),
    nameFr: String(row.name_fr),
    descriptionEn: String(row.description_en),
    descriptionFr: String(row.description_fr),
    unit: String(row.unit),
    minOrderQuantity: Number(row.min_order_quantity),
    priceTiers: row.price_tiers as SellerProductInput['priceTiers'],
    leadDays: Number(row.lead_days),
    deliveryDays: Number(row.delivery_days),
    origin: row.origin as SellerProductInput['origin'],
    servicesEn: String(row.services_en),
    servicesFr: String(row.services_fr),
    warrantyEn: String(row.warranty_en),
    warrantyFr: String(row.warranty_fr),
    materialEn: String(row.material_en),
    materialFr: String(row.material_fr),
    customizableOptions: row.customizable_options as SellerProductInput['customizableOptions'],
    variations: row.variations as SellerProductInput['variations'],
    keyAttributes: row.key_attributes as SellerProductInput['keyAttributes'],
    technicalSpecifications: row.technical_specifications as SellerProductInput['technicalSpecifications'],
    images: row.images as SellerProductInput['images'],
  };
}

export function serviceInputOf(row: Row): SellerServiceInput {
  return {
    sku: row.seller_sku === null ? `item-${String(row.id)}` : String(row.seller_sku),
    subcategoryId: String(row.subcategory_id),
    nameEn: String(row.name_en),
    nameFr: String(row.name_fr),
    descriptionEn: String(row.description_en),
    descriptionFr: String(row.description_fr),
    startingPriceCents: Number(row.starting_price_cents),
    priceUnit: String(row.price_unit),
    turnaroundDays: Number(row.turnaround_days),
    capabilities: row.capabilities as SellerServiceInput['capabilities'],
    serviceAreaEn: String(row.service_area_en),
    serviceAreaFr: String(row.service_area_fr),
    certifications: row.certifications as SellerServiceInput['certifications'],
    images: row.images as SellerServiceInput['images'],
  };
}

/** The seller-facing status: 'pending' and 'removed' (moderation, seed) read as draft and archived. */
const statusOf = (status: unknown): SellerItemStatus =>
  status === 'active' ? 'active' : status === 'archived' || status === 'removed' ? 'archived' : 'draft';

function meta(row: Row) {
  return {
    id: String(row.id),
    sellerId: String(row.seller_id),
    slug: String(row.slug),
    status: statusOf(row.status),
    categoryId: String(row.category_id),
    updatedAt: iso(row.updated_at),
  };
}

async function ownRow(db: Db, kind: SellerItemKind, sellerIds: readonly number[], id: string, lock = false) {
  if (sellerIds.length === 0) throw itemNotFound(kind);
  const [row] = rowsOf<Row>(
    await db.execute(
      sql`SELECT * FROM ${tableOf(kind)} WHERE id = ${Number(id)}
          AND seller_id IN (${sql.join(
            sellerIds.map((s) => sql`${s}`),
            sql`, `,
          )}) ${lock ? sql`FOR UPDATE` : sql``}`,
    ),
  );
  if (!row) throw itemNotFound(kind);
  return row;
}

export async function getSellerProduct(
  db: Db,
  sellerIds: readonly number[],
  id: string,
): Promise<SellerProduct> {
  const row = await ownRow(db, 'product', sellerIds, id);
  return { ...meta(row), input: productInputOf(row) };
}
export async function getSellerService(
  db: Db,
  sellerIds: readonly number[],
  id: string,
): Promise<SellerService> {
  const row = await ownRow(db, 'service', sellerIds, id);
  return { ...meta(row), input: serviceInputOf(row) };
}

export async function listSellerItems(
  db: Db,
  kind: SellerItemKind,
  sellerId: number,
  query: { status?: SellerItemStatus | undefined; page: number; pageSize: number },
): Promise<SellerItemList> {
  const statuses: Record<SellerItemStatus, SQL> = {
    draft: sql`status IN ('draft','pending')`,
    active: sql`status = 'active'`,
    archived: sql`status IN ('archived','removed')`,
  };
  const where = sql`seller_id = ${sellerId} ${query.status ? sql`AND ${statuses[query.status]}` : sql``}`;
  const table = tableOf(kind);
  const [count] = rowsOf<{ n: number | string }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`),
  );
  const rows = rowsOf<Row>(
    await db.execute(
      sql`SELECT id, slug, seller_sku, name_en, name_fr, status, images->0->>'url' AS image_url, updated_at
          FROM ${table} WHERE ${where} ORDER BY updated_at DESC, id DESC
          LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    ),
  );
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      slug: String(row.slug),
      sku: row.seller_sku === null ? null : String(row.seller_sku),
      nameEn: String(row.name_en),
      nameFr: String(row.name_fr),
      status: statusOf(row.status),
      imageUrl: row.image_url === null ? null : String(row.image_url),
      updatedAt: iso(row.updated_at),
    })),
    total: Number(count?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The subcategory of the item's kind, and its parent category; 422 when there is none. */
async function subcategoryOf(db: Db, kind: SellerItemKind, subcategoryId: string) {
  const [row] = rowsOf<{ id: number | string; parent_id: number | string }>(
    await db.execute(
      sql`SELECT id, parent_id FROM categories WHERE id = ${Number(subcategoryId)} AND kind = ${kind}
          AND parent_id IS NOT NULL`,
    ),
  );
  if (!row)
    throw unprocessable('CATEGORY_NOT_FOUND', 'Choose a subcategory of the catalogue', {
      subcategoryId: 'Choose a subcategory of the catalogue',
    });
  return { subcategoryId: Number(row.id), categoryId: Number(row.parent_id) };
}

/** Subcategories by slug (the CSV names them): slug → ids. */
export async function subcategoriesBySlug(db: Db, kind: SellerItemKind, slugs: readonly string[]) {
  const unique = [...new Set(slugs)];
  const found = new Map<string, { subcategoryId: number; categoryId: number }>();
  if (unique.length === 0) return found;
  const rows = rowsOf<{ id: number | string; parent_id: number | string; slug: string }>(
    await db.execute(
      sql`SELECT id, parent_id, slug FROM categories WHERE kind = ${kind} AND parent_id IS NOT NULL
          AND slug IN (${sql.join(
            unique.map((s) => sql`${s}`),
            sql`, `,
          )})`,
    ),
  );
  for (const row of rows)
    found.set(row.slug, { subcategoryId: Number(row.id), categoryId: Number(row.parent_id) });
  return found;
}

/** Subcategory slugs by id (the CSV export names them). */
export async function subcategorySlugs(db: Db, kind: SellerItemKind): Promise<Map<string, string>> {
  const rows = rowsOf<{ id: number | string; slug: string }>(
    await db.execute(sql`SELECT id, slug FROM categories WHERE kind = ${kind} AND parent_id IS NOT NULL`),
  );
  return new Map(rows.map((r) => [String(r.id), r.slug]));
}

async function sellerCard(db: Db, sellerId: number) {
  const [card] = rowsOf<{ province: string; business_type: string }>(
    await db.execute(
      sql`SELECT province, business_type FROM catalog_seller_cards WHERE seller_id = ${sellerId}`,
    ),
  );
  if (!card) throw notFound('SELLER_NOT_FOUND', 'Seller not found');
  return card;
}

const skuTaken = () => conflict('SKU_TAKEN', 'Another item of this storefront already has this SKU');
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505');

/** Product columns from an input; the price range is the tiers' range. */
export function productColumns(input: SellerProductInput) {
  const prices = input.priceTiers.map((t) => t.unitPriceCents);
  return {
    seller_sku: input.sku,
    name_en: input.nameEn,
    name_fr: input.nameFr,
    description_en: input.descriptionEn,
    description_fr: input.descriptionFr,
    unit: input.unit,
    price_tiers: input.priceTiers,
    min_price_cents: Math.min(...prices),
    max_price_cents: Math.max(...prices),
    min_order_quantity: input.minOrderQuantity,
    lead_days: input.leadDays,
    delivery_days: input.deliveryDays,
    origin: input.origin,
    services_en: input.servicesEn,
    services_fr: input.servicesFr,
    warranty_en: input.warrantyEn,
    warranty_fr: input.warrantyFr,
    material_en: input.materialEn,
    material_fr: input.materialFr,
    customizable_options: input.customizableOptions,
    variations: input.variations,
    key_attributes: input.keyAttributes,
    technical_specifications: input.technicalSpecifications,
  };
}

export function serviceColumns(input: SellerServiceInput) {
  return {
    seller_sku: input.sku,
    name_en: input.nameEn,
    name_fr: input.nameFr,
    description_en: input.descriptionEn,
    description_fr: input.descriptionFr,
    starting_price_cents: input.startingPriceCents,
    price_unit: input.priceUnit,
    turnaround_days: input.turnaroundDays,
    capabilities: input.capabilities,
    service_area_en: input.serviceAreaEn,
    service_area_fr: input.serviceAreaFr,
    certifications: input.certifications,
  };
}

const jsonColumns = new Set([
  'price_tiers',
  'customizable_options',
  'variations',
  'key_attributes',
  'technical_specifications',
  'capabilities',
  'certifications',
  'images',
]);
const valueSql = (column: string, value: unknown) =>
  jsonColumns.has(column) ? sql`${json(value)}::jsonb` : sql`${value}`;

function columnsOf(kind: SellerItemKind, input: SellerProductInput | SellerServiceInput) {
  const columns: Record<string, unknown> =
    kind === 'product'
      ? productColumns(input as SellerProductInput)
      : serviceColumns(input as SellerServiceInput);
  columns.images = input.images;
  return columns;
}

/** A new item of the seller's storefront, as a draft. Returns its id. */
export async function createSellerItem(
  db: Db,
  kind: SellerItemKind,
  sellerId: number,
  input: SellerProductInput | SellerServiceInput,
): Promise<string> {
  const { subcategoryId, categoryId } = await subcategoryOf(db, kind, input.subcategoryId);
  const card = await sellerCard(db, sellerId);
  const columns = {
    ...columnsOf(kind, input),
    slug: newItemSlug(input.nameEn),
    seller_id: sellerId,
    category_id: categoryId,
    subcategory_id: subcategoryId,
    status: 'draft',
    province: card.province,
    business_type: card.business_type,
    image_count: 0,
  };
  const names = Object.keys(columns);
  try {
    const [row] = rowsOf<{ id: number | string }>(
      await db.execute(
        sql`INSERT INTO ${tableOf(kind)} (${sql.raw(names.join(', '))})
            VALUES (${sql.join(
              names.map((n) => valueSql(n, columns[n as keyof typeof columns])),
              sql`, `,
            )}) RETURNING id`,
      ),
    );
    await addSearchWords(db, [input.nameEn, input.nameFr]);
    return String(row!.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw skuTaken();
    throw error;
  }
}

/** Replaces an item's fields (not its status or slug). An archived item stays as it is: 409. */
export async function updateSellerItem(
  db: Db,
  kind: SellerItemKind,
  sellerIds: readonly number[],
  id: string,
  input: SellerProductInput | SellerServiceInput,
): Promise<void> {
  const row = await ownRow(db, kind, sellerIds, id, true);
  if (statusOf(row.status) === 'archived')
    throw conflict('ITEM_ARCHIVED', 'An archived item cannot be changed');
  const { subcategoryId, categoryId } = await subcategoryOf(db, kind, input.subcategoryId);
  const columns: Record<string, unknown> = {
    ...columnsOf(kind, input),
    category_id: categoryId,
    subcategory_id: subcategoryId,
  };
  try {
    await db.execute(
      sql`UPDATE ${tableOf(kind)} SET ${sql.join(
        Object.entries(columns).map(([n, v]) => sql`${sql.raw(n)} = ${valueSql(n, v)}`),
        sql`, `,
      )}, updated_at = now() WHERE id = ${Number(id)}`,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw skuTaken();
    throw error;
  }
  await addSearchWords(db, [input.nameEn, input.nameFr]);
}

const transitions: Record<SellerItemAction, { from: SellerItemStatus[]; to: string }> = {
  publish: { from: ['draft'], to: 'active' },
  unpublish: { from: ['active'], to: 'draft' },
  archive: { from: ['draft', 'active'], to: 'archived' },
};

/**
 * Publish, unpublish or archive. Asking for the state the item is already in answers it unchanged (a repeated
 * click); any other move out of 'archived' is refused (409).
 */
export async function changeSellerItemStatus(
  db: Db,
  kind: SellerItemKind,
  sellerIds: readonly number[],
  id: string,
  action: SellerItemAction,
): Promise<{ from: SellerItemStatus; to: SellerItemStatus }> {
  const row = await ownRow(db, kind, sellerIds, id, true);
  const from = statusOf(row.status);
  const move = transitions[action];
  if (statusOf(move.to) === from) return { from, to: from };
  if (!move.from.includes(from))
    throw conflict('ITEM_STATUS_CHANGE_REFUSED', `A ${from} item cannot be ${action}ed`);
  await db.execute(
    sql`UPDATE ${tableOf(kind)} SET status = ${move.to}, updated_at = now() WHERE id = ${Number(id)}`,
  );
  return { from, to: statusOf(move.to) };
}

/** A draft copy of an item with a free SKU (`<sku>-copy`, `-copy-2`, …). Returns the copy's id. */
export async function duplicateSellerItem(
  db: Db,
  kind: SellerItemKind,
  sellerIds: readonly number[],
  id: string,
): Promise<string> {
  const row = await ownRow(db, kind, sellerIds, id);
  const input = kind === 'product' ? productInputOf(row) : serviceInputOf(row);
  const taken = new Set(
    rowsOf<{ seller_sku: string }>(
      await db.execute(
        sql`SELECT seller_sku FROM ${tableOf(kind)} WHERE seller_id = ${Number(row.seller_id)}
            AND seller_sku LIKE ${`${input.sku.slice(0, 50)}-copy%`}`,
      ),
    ).map((r) => r.seller_sku),
  );
  const base = `${input.sku.slice(0, 50)}-copy`;
  let sku = base;
  for (let n = 2; taken.has(sku); n++) sku = `${base}-${n}`;
  return createSellerItem(db, kind, Number(row.seller_id), { ...input, sku });
}

/** 410 for an archived item's page (decision 287): it is gone for good, not "not yet". */
export const itemArchived = (kind: SellerItemKind) =>
  new AppError(
    410,
    kind === 'product' ? 'PRODUCT_NO_LONGER_AVAILABLE' : 'SERVICE_NO_LONGER_AVAILABLE',
    kind === 'product' ? 'This product is no longer available' : 'This service is no longer available',
  );
