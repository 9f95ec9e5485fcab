import type { CsvImportResponse, SellerItemKind } from '@maplesource/contracts';
import { createHash } from 'node:crypto';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../plugins/errors';
import { ownStorefront, type SellerCatalogueDoors } from './own-storefronts';

/**
 * A CSV file of products or services for one of the user's storefronts (decision 288). A dry run answers every
 * row's errors by line and column and writes nothing. An import of a file without errors creates its job (one
 * per storefront, kind and file content: the same file again answers the first job, `repeated`, and changes
 * nothing) and queues it in the same transaction; the job writes the rows in batches.
 */
export async function importCatalogueCsv(
  doors: Pick<SellerCatalogueDoors, 'db' | 'sellers' | 'catalog' | 'jobs'>,
  input: {
    userId: string;
    sellerId: string;
    kind: SellerItemKind;
    text: string;
    fileName: string;
    dryRun: boolean;
  },
): Promise<CsvImportResponse> {
  const sellerId = await ownStorefront(doors, doors.db, input.userId, input.sellerId);
  const checked = await doors.catalog.sellerItems.checkCsv(doors.db, input.kind, input.text);
  if (input.dryRun || checked.errors.length > 0) {
    if (!input.dryRun)
      throw new AppError(422, 'CSV_HAS_ERRORS', 'Fix the rows with errors first: nothing was imported');
    return { rows: checked.count, errors: checked.errors, job: null, repeated: false };
  }
  const hash = createHash('sha256').update(input.text).digest('hex');
  return withTransaction(doors.db, async (tx) => {
    const { job, repeated } = await doors.catalog.sellerItems.createImportJob(tx, {
      sellerId,
      kind: input.kind,
      hash,
      fileName: input.fileName,
      rows: checked.rows,
    });
    if (!repeated)
      await doors.jobs.send(
        doors.catalog.sellerItems.importJobName,
        { jobId: job.id },
        { tx, singletonKey: job.id },
      );
    return { rows: checked.count, errors: [], job, repeated };
  });
}
