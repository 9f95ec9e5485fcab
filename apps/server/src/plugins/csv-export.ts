import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorResponseSchema } from '@maplesource/contracts';

/**
 * The accountants' exports' CSV port (decision 251): records read in keyset batches and written to the reply as they
 * come, so a 100,000-row export never sits in memory. UTF-8 with a byte order mark (spreadsheets then read French
 * accents right) and CRLF line ends (RFC 4180).
 */

/** One CSV cell: text, or nothing for an empty cell. */
export type CsvCell = string | null;

/** How many rows one keyset query reads. */
export const exportBatchSize = 1000;

/**
 * Every row of a query read `batchSize` at a time, each batch starting after the last row of the one before (keyset
 * pagination: the query orders by a unique key and takes `after`, the previous batch's last row, or null at first).
 */
export async function* keysetBatches<Row>(
  readBatch: (after: Row | null, limit: number) => Promise<Row[]>,
  batchSize = exportBatchSize,
): AsyncGenerator<Row> {
  let after: Row | null = null;
  for (;;) {
    const batch = await readBatch(after, batchSize);
    yield* batch;
    if (batch.length < batchSize) return;
    after = batch[batch.length - 1]!;
  }
}

/**
 * Free text for a spreadsheet cell: text that starts like a formula (`=`, `+`, `-`, `@`, tab or carriage return)
 * gets a leading apostrophe, so a spreadsheet shows it instead of running it. For text only: a negative amount
 * must stay a number.
 */
export const spreadsheetText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** A text cell that may be empty (`null`), neutralised like `spreadsheetText`. */
export const spreadsheetTextCell = (text: string | null): CsvCell =>
  text === null ? null : spreadsheetText(text);

/** Streams `header` then every record as a CSV attachment named `filename`. */
export function sendCsv(
  reply: FastifyReply,
  input: { filename: string; header: readonly string[]; records: AsyncIterable<CsvCell[]> },
) {
  const { header, records } = input;
  async function* withHeader() {
    yield [...header];
    yield* records;
  }
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  pipeline(Readable.from(withHeader()), csv, (error) => {
    if (error) reply.log.warn({ err: error }, 'CSV export stopped');
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${input.filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(csv);
}

/**
 * The access and error answers of an export route (decision 251): the caller's own rows, a seller's route checking
 * the role before the query is read (decision 246).
 */
export function exportRouteAccess(app: FastifyInstance, party: 'buyer' | 'seller') {
  return party === 'seller'
    ? { config: { requiredRole: 'seller' as const } }
    : { preHandler: app.requireUser };
}
export const exportErrorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};
