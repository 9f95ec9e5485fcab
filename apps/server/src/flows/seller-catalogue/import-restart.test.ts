import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCsvColumns, type CsvImportResponse, type SellerImportJob } from '@maplesource/contracts';
import { createTestApp, createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { signUp } from '../../../test/accounts-helpers';
import { openPglite, openPostgres, type Database } from '../../db/client';
import { rowsOf } from '../../db/transaction';

/**
 * A CSV import survives a restart (decision 288): the process that accepted the file wrote one batch and stopped;
 * the next process runs the queued job from the next batch on, and every row is written exactly once.
 */
let database: TestDatabase;
const reopened: Database[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ onDisk: true });
});
afterAll(async () => {
  for (const db of reopened) await db.close().catch(() => undefined);
  await database.destroy();
});

describe('a catalogue import across a restart', () => {
  it('continues after the last committed batch and writes each row once', async () => {
    // The first process polls for jobs rarely: it accepts the import, writes one batch, then goes away.
    const before = await createTestApp({ database, env: { JOBS_POLLING_INTERVAL_SECONDS: '60' } });
    const owner = await signUp(before.app, { fullName: 'Rita Restart' });
    await before.app.auth.users.addRole(owner.id, 'seller');
    const db = before.database.db;
    const [parent] = rowsOf<{ id: number }>(
      await db.execute(
        sql`INSERT INTO categories (kind, slug, name_en, name_fr) VALUES ('product', 'restart-parts', 'Parts', 'Pièces') RETURNING id`,
      ),
    );
    await db.execute(
      sql`INSERT INTO categories (kind, parent_id, slug, name_en, name_fr) VALUES ('product', ${parent!.id}, 'restart-bolts', 'Bolts', 'Boulons')`,
    );
    const sellerId = await before.app.sellers.createOwnedStorefront(db, {
      slug: `restart-${process.pid}`,
      name: 'Restart Supply',
      ownerUserId: owner.id,
      province: 'QC',
      city: 'Laval',
      postalCode: 'H7N 1A1',
    });
    const header = productCsvColumns.map((c) => c.fr).join(',');
    const rows = Array.from(
      { length: 1_200 },
      (_, n) =>
        `R-${n},restart-bolts,oui,Bolt ${n},Boulon ${n},Steel bolt.,,piece,1,"1+: 1.25",1,1,made-in-canada`,
    );
    const imported = await before.app.inject({
      method: 'POST',
      url: `/api/v1/seller/${sellerId}/products/csv-import?dryRun=false`,
      headers: {
        role: 'seller',
        cookie: owner.cookie,
        'content-type': 'text/csv',
        'idempotency-key': 'restart-1',
      },
      payload: [header, ...rows].join('\n'),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const jobId = imported.json<CsvImportResponse>().job!.id;
    await before.app.catalog.sellerItems.runImportJob(db, jobId, { maxBatches: 1 });
    await before.close();
    await database.close();

    const handle =
      database.driver === 'pglite'
        ? await openPglite(database.location)
        : await openPostgres(database.location, 5);
    reopened.push(handle);
    const after = await createTestApp({
      database: { ...database, ...handle },
      env: { JOBS_POLLING_INTERVAL_SECONDS: '0.5' },
    });
    try {
      let job: SellerImportJob | undefined;
      await expect
        .poll(async () => {
          const res = await after.app.inject({
            method: 'GET',
            url: `/api/v1/seller/csv-imports/${jobId}`,
            headers: { role: 'seller', cookie: owner.cookie },
          });
          job = res.json<SellerImportJob>();
          return job.status;
        })
        .toBe('done');
      expect(job).toMatchObject({ total: 1_200, processed: 1_200, created: 1_200, updated: 0 });
      const [count] = rowsOf<{ n: number }>(
        await handle.db.execute(
          sql`SELECT count(*)::int AS n, count(DISTINCT seller_sku)::int AS skus FROM products WHERE seller_id = ${Number(sellerId)}`,
        ),
      );
      expect(count).toEqual({ n: 1_200, skus: 1_200 });
    } finally {
      await after.close();
    }
  });
});
