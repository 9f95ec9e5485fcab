// Catalogue CSV import benchmark (decision 288; printed figures, not a timed test). Run from the repository root:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/catalogue-import.ts
// Knobs: BENCH_IMPORT_ROWS (default 10000), BENCH_DATABASE (default maple_bench_import_<pid>).
// On a database of its own: one storefront, then a CSV of BENCH_IMPORT_ROWS products with every column filled is
// checked (the dry run: parse, schema, subcategories) and imported by the code the durable job runs (500 rows per
// transaction with its progress). Prints each phase's time; target: check + import ≤ 60 s for 10,000 rows. Then
// the same rows again under another file (every row unchanged) and the export of the storefront.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { productCsvColumns } from '@maplesource/contracts';
import { openPostgres } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { rowsOf } from '../apps/server/src/db/transaction';
import {
  checkCsv,
  createImportJob,
  exportBatch,
  getImportJob,
  runImportJob,
  subcategorySlugs,
} from '../apps/server/src/modules/catalog/seller-import.service';

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('Set DATABASE_URL (PostgreSQL)');
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const dbName = process.env.BENCH_DATABASE ?? `maple_bench_import_${process.pid}`;

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;
const database = await openPostgres(dbUrl.toString(), 4);
try {
  await migrate(database);
  const db = database.db;
  const [parent] = rowsOf<{ id: number }>(
    await db.execute(
      sql`INSERT INTO categories (kind, slug, name_en, name_fr) VALUES ('product', 'bench-parts', 'Parts', 'Pièces') RETURNING id`,
    ),
  );
  await db.execute(
    sql`INSERT INTO categories (kind, parent_id, slug, name_en, name_fr) VALUES ('product', ${parent!.id}, 'bench-flanges', 'Flanges', 'Brides')`,
  );
  const [seller] = rowsOf<{ id: number }>(
    await db.execute(
      sql`INSERT INTO sellers (slug, name, business_type, province, city, postal_code, claimed)
          VALUES ('bench-import', 'Bench Import Ltd', 'manufacturer', 'ON', 'Hamilton', 'L8P 4R5', true) RETURNING id`,
    ),
  );
  const sellerId = Number(seller!.id);
  await db.execute(
    sql`INSERT INTO catalog_seller_cards (seller_id, slug, name, province, city, business_type, verified)
        VALUES (${sellerId}, 'bench-import', 'Bench Import Ltd', 'ON', 'Hamilton', 'manufacturer', false)`,
  );

  const cells = (n: number, price: string): Record<string, string> => ({
    sku: `BENCH-${n}`,
    subcategory: 'bench-flanges',
    published: n % 2 === 0 ? 'yes' : 'no',
    nameEn: `Weld neck flange ${n}`,
    nameFr: `Bride à collerette ${n}`,
    descriptionEn: 'Forged carbon steel weld neck flange, raised face, ASME B16.5.',
    descriptionFr: 'Bride à collerette en acier au carbone forgé, face surélevée, ASME B16.5.',
    unit: 'piece',
    minOrderQuantity: '10',
    priceTiers: `10-99: ${price}; 100-999: 21.00; 1000+: 18.75`,
    leadDays: '14',
    deliveryDays: '5',
    origin: n % 3 === 0 ? 'product-of-canada' : 'made-in-canada',
    servicesEn: 'Custom drilling',
    servicesFr: 'Perçage sur mesure',
    warrantyEn: '1 year',
    warrantyFr: '1 an',
    materialEn: 'Carbon steel',
    materialFr: 'Acier au carbone',
    customizableOptions: 'Bolt pattern|Gabarit de perçage; Coating|Revêtement',
    variations: 'Size|Taille=2 in,4 in,6 in',
    keyAttributes: 'Class|Classe=150; Standard|Norme=ASME B16.5',
    technicalSpecifications: 'Face|Face=RF|FS; Material grade|Nuance=A105',
  });
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const csvOf = (price: string) =>
    [
      productCsvColumns.map((c) => c.en),
      ...Array.from({ length: ROWS }, (_, n) => productCsvColumns.map((c) => cells(n, price)[c.key] ?? '')),
    ]
      .map((row) => row.map(quote).join(','))
      .join('\r\n');

  async function importFile(label: string, text: string) {
    const started = performance.now();
    const checked = await checkCsv(db, 'product', text);
    const checkedAt = performance.now();
    if (checked.errors.length > 0) throw new Error(`errors: ${JSON.stringify(checked.errors.slice(0, 3))}`);
    const { job } = await createImportJob(db, {
      sellerId,
      kind: 'product',
      hash: createHash('sha256').update(text).digest('hex'),
      fileName: `${label}.csv`,
      rows: checked.rows,
    });
    const queuedAt = performance.now();
    await runImportJob(db, job.id);
    const doneAt = performance.now();
    const done = await getImportJob(db, [sellerId], job.id);
    const total = (doneAt - started) / 1000;
    console.info(
      `${label.padEnd(26)} ${ROWS} rows (${(text.length / 1024 / 1024).toFixed(1)} MB): check ${((checkedAt - started) / 1000).toFixed(2)} s, ` +
        `job row ${((queuedAt - checkedAt) / 1000).toFixed(2)} s, write ${((doneAt - queuedAt) / 1000).toFixed(2)} s, ` +
        `total ${total.toFixed(2)} s (target ≤ 60 s ${total <= 60 ? 'met' : 'MISSED'}) — created ${done.created}, ` +
        `updated ${done.updated}, unchanged ${done.unchanged}`,
    );
  }

  console.info(`catalogue-import (PostgreSQL, ${dbName})`);
  await importFile('first import', csvOf('24.50'));
  await importFile('every row unchanged', `${csvOf('24.50')}\r\n`);
  await importFile('every price changed', csvOf('23.95'));
  const exportStarted = performance.now();
  const slugs = await subcategorySlugs(db, 'product');
  let exported = 0;
  for (let after = 0; ;) {
    const batch = await exportBatch(db, 'product', sellerId, slugs, after, 1000);
    exported += batch.length;
    if (batch.length < 1000) break;
    after = batch.at(-1)!.id;
  }
  console.info(
    `export                     ${exported} rows: ${((performance.now() - exportStarted) / 1000).toFixed(2)} s`,
  );
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
