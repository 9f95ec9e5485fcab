import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import {
  csvColumnsOf,
  productCsvRecord,
  productFromCsvRecord,
  sellerCatalogueLimits,
  serviceCsvRecord,
  serviceFromCsvRecord,
  type CsvRowError,
  type SellerImportJob,
  type SellerItemKind,
  type SellerProductInput,
  type SellerServiceInput,
} from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf, withTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../plugins/errors';
import { addSearchWords } from './search-words.service';
import {
  newItemSlug,
  productColumns,
  productInputOf,
  serviceColumns,
  serviceInputOf,
  subcategoriesBySlug,
  subcategorySlugs,
} from './seller-items.service';

/**
 * CSV import and export of a storefront's catalogue (decision 288). A file is checked whole first (a dry run
 * answers every row's errors by line and column and writes nothing); a file without errors becomes one import job
 * per storefront and file content (unique key on the file's SHA-256), whose validated rows are written by a durable
 * job in batches, each batch with the job's progress in one transaction: a job resumed after a restart continues
 * after the last committed batch, and a row is matched by the seller's SKU, so writing it twice changes nothing.
 */

export const importJobName = 'catalog.import-items';
/** Rows written per transaction: progress moves by this much. */
export const importBatchSize = 500;

type Row = Record<string, unknown>;
type Input = SellerProductInput | SellerServiceInput;
export interface ImportRow {
  input: Input;
  published: boolean;
  subcategoryId: number;
  categoryId: number;
}

const tableOf = (kind: SellerItemKind) => sql.raw(kind === 'product' ? 'products' : 'services');

export const fileHash = (text: string) => createHash('sha256').update(text).digest('hex');

/** Header text (English or French, any case) → column key. */
function headerKeys(kind: SellerItemKind) {
  const keys = new Map<string, string>();
  for (const column of csvColumnsOf(kind)) {
    keys.set(column.en.toLowerCase(), column.key);
    keys.set(column.fr.toLowerCase(), column.key);
    keys.set(column.key.toLowerCase(), column.key);
  }
  return keys;
}

/** Reads and checks a whole CSV file; rows only when there is no error at all. */
export async function checkCsv(
  db: Db,
  kind: SellerItemKind,
  text: string,
): Promise<{ rows: ImportRow[]; count: number; errors: CsvRowError[] }> {
  const errors: CsvRowError[] = [];
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return {
      rows: [],
      count: 0,
      errors: [{ line, column: '', message: `The file is not valid CSV: ${(error as Error).message}` }],
    };
  }
  const [header, ...body] = records;
  if (!header) return { rows: [], count: 0, errors: [{ line: 1, column: '', message: 'The file is empty' }] };
  const keys = headerKeys(kind);
  const columns = header.map((h) => keys.get(h.trim().toLowerCase()) ?? null);
  header.forEach((h, i) => {
    if (columns[i] === null) errors.push({ line: 1, column: h, message: `Unknown column "${h}"` });
  });
  for (const column of csvColumnsOf(kind))
    if (!columns.includes(column.key))
      errors.push({ line: 1, column: column.key, message: `Missing column "${column.en}"` });
  if (body.length > sellerCatalogueLimits.importRows)
    errors.push({
      line: 1,
      column: '',
      message: `At most ${sellerCatalogueLimits.importRows} rows per file`,
    });
  if (errors.length > 0) return { rows: [], count: body.length, errors };

  const parsed = body.map((cells, i) => {
    const record: Record<string, string> = {};
    columns.forEach((key, c) => {
      if (key) record[key] = cells[c] ?? '';
    });
    return {
      line: i + 2,
      result: kind === 'product' ? productFromCsvRecord(record) : serviceFromCsvRecord(record),
    };
  });
  const slugs = parsed.flatMap((p) => (p.result.value ? [p.result.value.subcategorySlug] : []));
  const subcategories = await subcategoriesBySlug(db, kind, slugs);
  const skuLines = new Map<string, number>();
  const rows: ImportRow[] = [];
  for (const { line, result } of parsed) {
    for (const error of result.errors) errors.push({ line, ...error });
    if (!result.value) continue;
    const { input, subcategorySlug, published } = result.value;
    const subcategory = subcategories.get(subcategorySlug);
    if (!subcategory)
      errors.push({
        line,
        column: 'subcategory',
        message: `"${subcategorySlug}" is not a ${kind} subcategory`,
      });
    const firstLine = skuLines.get(input.sku.toLowerCase());
    if (firstLine !== undefined)
      errors.push({ line, column: 'sku', message: `SKU "${input.sku}" is also on line ${firstLine}` });
    else skuLines.set(input.sku.toLowerCase(), line);
    if (subcategory)
      rows.push({
        input: { ...input, subcategoryId: String(subcategory.subcategoryId) },
        published,
        ...subcategory,
      });
  }
  return { rows: errors.length > 0 ? [] : rows, count: body.length, errors };
}

function jobOf(row: Row): SellerImportJob {
  return {
    id: String(row.id),
    kind: row.kind as SellerItemKind,
    status: row.status as SellerImportJob['status'],
    fileName: String(row.file_name),
    total: Number(row.total),
    processed: Number(row.processed),
    created: Number(row.created),
    updated: Number(row.updated),
    unchanged: Number(row.unchanged),
    error: row.error === null ? null : String(row.error),
    createdAt: (row.created_at instanceof Date
      ? row.created_at
      : new Date(String(row.created_at))
    ).toISOString(),
  };
}
const jobColumns = sql`id, kind, status, file_name, total, processed, created, updated, unchanged, error, created_at`;

/**
 * The import job of this file for this storefront: created (`repeated: false`) or the one made by an earlier
 * import of the same content (`repeated: true`, nothing to do again).
 */
export async function createImportJob(
  db: Db,
  input: { sellerId: number; kind: SellerItemKind; hash: string; fileName: string; rows: ImportRow[] },
): Promise<{ job: SellerImportJob; repeated: boolean }> {
  const [created] = rowsOf<Row>(
    await db.execute(
      sql`INSERT INTO catalog_import_jobs (seller_id, kind, file_hash, file_name, rows, total)
          VALUES (${input.sellerId}, ${input.kind}, ${input.hash}, ${input.fileName},
                  ${JSON.stringify(input.rows)}::jsonb, ${input.rows.length})
          ON CONFLICT (seller_id, kind, file_hash) DO NOTHING
          RETURNING ${jobColumns}`,
    ),
  );
  if (created) return { job: jobOf(created), repeated: false };
  const [existing] = rowsOf<Row>(
    await db.execute(
      sql`SELECT ${jobColumns} FROM catalog_import_jobs
          WHERE seller_id = ${input.sellerId} AND kind = ${input.kind} AND file_hash = ${input.hash}`,
    ),
  );
  return { job: jobOf(existing!), repeated: true };
}

export async function getImportJob(
  db: Db,
  sellerIds: readonly number[],
  jobId: string,
): Promise<SellerImportJob> {
  const [row] =
    sellerIds.length === 0
      ? []
      : rowsOf<Row>(
          await db.execute(
            sql`SELECT ${jobColumns} FROM catalog_import_jobs WHERE id = ${Number(jobId)}
                AND seller_id IN (${sql.join(
                  sellerIds.map((s) => sql`${s}`),
                  sql`, `,
                )})`,
          ),
        );
  if (!row) throw notFound('IMPORT_JOB_NOT_FOUND', 'Import not found');
  return jobOf(row);
}

export async function listImportJobs(db: Db, sellerId: number): Promise<SellerImportJob[]> {
  return rowsOf<Row>(
    await db.execute(
      sql`SELECT ${jobColumns} FROM catalog_import_jobs WHERE seller_id = ${sellerId} ORDER BY id DESC LIMIT 20`,
    ),
  ).map(jobOf);
}

const productCompared = [
  'seller_sku',
  'name_en',
  'name_fr',
  'description_en',
  'description_fr',
  'unit',
  'price_tiers',
  'min_price_cents',
  'max_price_cents',
  'min_order_quantity',
  'lead_days',
  'delivery_days',
  'origin',
  'services_en',
  'services_fr',
  'warranty_en',
  'warranty_fr',
  'material_en',
  'material_fr',
  'customizable_options',
  'variations',
  'key_attributes',
  'technical_specifications',
  'category_id',
  'subcategory_id',
  'status',
];
const serviceCompared = [
  'seller_sku',
  'name_en',
  'name_fr',
  'description_en',
  'description_fr',
  'starting_price_cents',
  'price_unit',
  'turnaround_days',
  'capabilities',
  'service_area_en',
  'service_area_fr',
  'certifications',
  'category_id',
  'subcategory_id',
  'status',
];
const jsonColumns = new Set([
  'price_tiers',
  'customizable_options',
  'variations',
  'key_attributes',
  'technical_specifications',
  'capabilities',
  'certifications',
]);
const integerColumns = new Set([
  'min_price_cents',
  'max_price_cents',
  'min_order_quantity',
  'lead_days',
  'delivery_days',
  'starting_price_cents',
  'turnaround_days',
  'category_id',
  'subcategory_id',
]);
const cast = (column: string) =>
  jsonColumns.has(column) ? 'jsonb' : integerColumns.has(column) ? 'bigint' : 'text';

/**
 * Writes one batch of rows: one statement inserts the new SKUs and updates the changed ones (a row equal to the
 * stored one is not touched; an archived item is left archived). Answers how many were created and updated.
 */
async function upsertBatch(
  db: Db,
  kind: SellerItemKind,
  seller: { id: number; province: string; businessType: string },
  rows: ImportRow[],
): Promise<{ created: number; updated: number }> {
  const compared = kind === 'product' ? productCompared : serviceCompared;
  const records = rows.map((row) => {
    const columns: Record<string, unknown> =
      kind === 'product'
        ? productColumns(row.input as SellerProductInput)
        : serviceColumns(row.input as SellerServiceInput);
    return {
      ...columns,
      category_id: row.categoryId,
      subcategory_id: row.subcategoryId,
      status: row.published ? 'active' : 'draft',
      slug: newItemSlug(row.input.nameEn),
    };
  });
  // Items made before SKUs existed (the seed's) export as `item-<id>`: such a row names that item, which takes the
  // SKU now, so an export of them imports back unchanged.
  const legacy = rows.map((row) => row.input.sku).filter((sku) => /^item-\d{1,15}$/.test(sku));
  if (legacy.length > 0)
    await db.execute(
      sql`UPDATE ${tableOf(kind)} SET seller_sku = 'item-' || id
          WHERE seller_id = ${seller.id} AND seller_sku IS NULL
            AND id IN (${sql.join(
              legacy.map((sku) => sql`${Number(sku.slice(5))}`),
              sql`, `,
            )})`,
    );
  const all = [...compared, 'slug'];
  const recordType = sql.raw(all.map((c) => `${c} ${cast(c)}`).join(', '));
  const table = tableOf(kind);
  const inserted = rowsOf<{ inserted: boolean }>(
    await db.execute(
      sql`INSERT INTO ${table} (${sql.raw(all.join(', '))}, seller_id, province, business_type, image_count)
          SELECT ${sql.raw(all.map((c) => `r.${c}`).join(', '))}, ${seller.id}, ${seller.province},
                 ${seller.businessType}, 0
          FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS r(${recordType})
          ON CONFLICT (seller_id, seller_sku) WHERE seller_sku IS NOT NULL DO UPDATE SET
            ${sql.raw(compared.map((c) => `${c} = excluded.${c}`).join(', '))}, updated_at = now()
          WHERE ${table}.status NOT IN ('archived', 'removed')
            AND (${sql.raw(compared.map((c) => `${kind === 'product' ? 'products' : 'services'}.${c}`).join(', '))})
                IS DISTINCT FROM (${sql.raw(compared.map((c) => `excluded.${c}`).join(', '))})
          RETURNING (xmax = 0) AS inserted`,
    ),
  );
  const created = inserted.filter((r) => r.inserted).length;
  return { created, updated: inserted.length - created };
}

/**
 * Runs an import job to its end, one batch per transaction, from where it stopped (the batches committed before a
 * restart are not written again). A job already done or failed changes nothing.
 */
export async function runImportJob(
  db: Db,
  jobId: string,
  options: { maxBatches?: number } = {},
): Promise<void> {
  for (let batches = 0; batches < (options.maxBatches ?? Infinity); batches++) {
    const outcome = await withTransaction(db, async (tx) => {
      const [job] = rowsOf<Row>(
        await tx.execute(
          sql`SELECT j.id, j.kind, j.status, j.seller_id, j.total, j.processed, c.province, c.business_type
              FROM catalog_import_jobs j JOIN catalog_seller_cards c ON c.seller_id = j.seller_id
              WHERE j.id = ${Number(jobId)} FOR UPDATE OF j`,
        ),
      );
      if (!job) return 'gone' as const;
      if (job.status === 'done' || job.status === 'failed') return 'finished' as const;
      const processed = Number(job.processed);
      const total = Number(job.total);
      const kind = job.kind as SellerItemKind;
      const [slice] = rowsOf<{ batch: ImportRow[] }>(
        await tx.execute(
          sql`SELECT coalesce(jsonb_agg(e ORDER BY n), '[]'::jsonb) AS batch
              FROM catalog_import_jobs j, jsonb_array_elements(j.rows) WITH ORDINALITY AS x(e, n)
              WHERE j.id = ${Number(jobId)} AND n > ${processed} AND n <= ${processed + importBatchSize}`,
        ),
      );
      const batch = slice?.batch ?? [];
      const { created, updated } =
        batch.length === 0
          ? { created: 0, updated: 0 }
          : await upsertBatch(
              tx,
              kind,
              {
                id: Number(job.seller_id),
                province: String(job.province),
                businessType: String(job.business_type),
              },
              batch,
            );
      if (batch.length > 0)
        await addSearchWords(
          tx,
          batch.flatMap((r) => [r.input.nameEn, r.input.nameFr]),
        );
      const done = processed + batch.length >= total;
      await tx.execute(
        sql`UPDATE catalog_import_jobs SET processed = ${processed + batch.length},
              created = created + ${created}, updated = updated + ${updated},
              unchanged = unchanged + ${batch.length - created - updated},
              status = ${done ? 'done' : 'running'}, finished_at = ${done ? sql`now()` : sql`NULL`}
            WHERE id = ${Number(jobId)}`,
      );
      return done ? ('finished' as const) : ('more' as const);
    });
    if (outcome !== 'more') return;
  }
}

/** Marks a job failed (the job queue gave up on it). */
export async function failImportJob(db: Db, jobId: string, message: string) {
  await db.execute(
    sql`UPDATE catalog_import_jobs SET status = 'failed', error = ${message.slice(0, 500)}, finished_at = now()
        WHERE id = ${Number(jobId)} AND status IN ('queued', 'running')`,
  );
}

/** The storefront's items (archived ones left out) as CSV records, `batchSize` at a time after `afterId`. */
export async function exportBatch(
  db: Db,
  kind: SellerItemKind,
  sellerId: number,
  slugs: Map<string, string>,
  afterId: number,
  batchSize: number,
): Promise<{ id: number; record: Record<string, string> }[]> {
  const rows = rowsOf<Row>(
    await db.execute(
      sql`SELECT * FROM ${tableOf(kind)} WHERE seller_id = ${sellerId} AND id > ${afterId}
          AND status NOT IN ('archived', 'removed') ORDER BY id LIMIT ${batchSize}`,
    ),
  );
  return rows.map((row) => {
    const slug = slugs.get(String(row.subcategory_id)) ?? '';
    const published = row.status === 'active';
    return {
      id: Number(row.id),
      record:
        kind === 'product'
          ? productCsvRecord(productInputOf(row), slug, published)
          : serviceCsvRecord(serviceInputOf(row), slug, published),
    };
  });
}

export { subcategorySlugs };

/** 422 for a file with errors (an import only starts from a file whose dry run is clean). */
export const csvHasErrors = () =>
  new AppError(422, 'CSV_HAS_ERRORS', 'Fix the rows with errors first: nothing was imported');
