import { sql } from 'drizzle-orm';
import type { CncQuote, CncQuoteCopyRequest, CncQuoteOptionsInput } from '@maplesource/contracts';
import {
  cncDfmNotes,
  cncInstantPriceAvailable,
  finishSuitsMaterial,
  priceCncQuantityBreaks,
  type CncGeometry,
  type CncOptions,
  type CncRates,
} from '@maplesource/contracts/cnc-pricing';
import type { Db } from '../../../db/client';
import { isoText, rowsOf } from '../../../db/transaction';
import { notFound, unprocessable } from '../../../plugins/errors';
import type { MeshGeometry } from '../analysis/mesh-geometry';
import { cncRatesOf, currentCncRates } from './cnc-rates';

interface QuoteRow {
  id: string | number;
  file_name: string;
  geometry: CncQuote['geometry'] | string;
  triangles: number;
  options: CncQuote['options'] | string;
  rates_effective_from: string;
  prices: CncQuote['prices'] | string;
  notes: CncQuote['notes'];
  created_at: string;
  has_file: boolean;
  rfq_id: string | null;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const toQuote = (row: QuoteRow): CncQuote => ({
  id: String(row.id),
  fileName: row.file_name,
  geometry: json(row.geometry),
  triangles: Number(row.triangles),
  options: json(row.options),
  ratesEffectiveFrom: row.rates_effective_from,
  prices: json(row.prices),
  notes: row.notes,
  createdAt: row.created_at,
  hasFile: row.has_file,
  rfqId: row.rfq_id,
});

const columns = sql`id, file_name, geometry, triangles, options,
  to_char(rates_effective_from, 'YYYY-MM-DD') AS rates_effective_from, prices, notes, ${isoText(sql`created_at`)} AS created_at,
  file_key IS NOT NULL AS has_file, rfq_id::text AS rfq_id`;

export const cncQuoteNotFound = () => notFound('CNC_QUOTE_NOT_FOUND', 'Quote not found');

/**
 * The prices at every break and the DFM notes of a geometry under some options and rates (decision 302); no prices
 * for a part without an instant price (decision 335: an open mesh), whose notes say why.
 */
function priced(geometry: CncGeometry, options: CncOptions, rates: CncRates) {
  return {
    prices: cncInstantPriceAvailable(geometry) ? priceCncQuantityBreaks(geometry, options, rates) : [],
    notes: cncDfmNotes(geometry, options, rates),
  };
}

const notesArray = (notes: readonly string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(notes)}::jsonb))::text[]`;

/**
 * Prices a measured part with the given rates at every quantity break and the quantity asked for, with its
 * design-for-manufacturing notes (decision 302's arithmetic), and stores the quote for the buyer.
 */
export async function createCncQuote(
  db: Db,
  input: {
    buyerId: string;
    fileName: string;
    mesh: MeshGeometry;
    options: CncQuoteOptionsInput;
    rates: CncRates;
    /** The uploaded file, already stored private (decision 325). */
    file: { key: string; bytes: number };
  },
): Promise<CncQuote> {
  const geometry: CncGeometry = {
    volumeMm3: input.mesh.volume,
    surfaceAreaMm2: input.mesh.surfaceArea,
    boundingBoxMm: input.mesh.boundingBox,
    closed: input.mesh.closed,
  };
  const { prices, notes } = priced(geometry, input.options, input.rates);
  const [row] = rowsOf<QuoteRow>(
    await db.execute(sql`
      INSERT INTO cnc_quotes (buyer_id, file_name, geometry, triangles, options, rates_effective_from, prices, notes,
        file_key, file_bytes)
      VALUES (${input.buyerId}, ${input.fileName}, ${JSON.stringify(geometry)}::jsonb, ${input.mesh.triangles},
        ${JSON.stringify(input.options)}::jsonb, ${input.rates.effectiveFrom}::date, ${JSON.stringify(prices)}::jsonb,
        ${notesArray(notes)}, ${input.file.key}, ${input.file.bytes})
      RETURNING ${columns}`),
  );
  return toQuote(row!);
}

/** The buyer's quotes, newest first (the most recent hundred). */
export async function listCncQuotes(db: Db, buyerId: string): Promise<CncQuote[]> {
  return rowsOf<QuoteRow>(
    await db.execute(sql`
      SELECT ${columns} FROM cnc_quotes WHERE buyer_id = ${buyerId}
      ORDER BY created_at DESC, id DESC LIMIT 100`),
  ).map(toQuote);
}

/** One of the buyer's quotes; another buyer's, like one that does not exist, is 404 CNC_QUOTE_NOT_FOUND. */
export async function cncQuoteOf(db: Db, buyerId: string, id: string): Promise<CncQuote> {
  const [row] = rowsOf<QuoteRow>(
    await db.execute(sql`SELECT ${columns} FROM cnc_quotes WHERE id = ${id} AND buyer_id = ${buyerId}`),
  );
  if (!row) throw cncQuoteNotFound();
  return toQuote(row);
}

/**
 * Changes the quantity of the buyer's quote (decision 325): priced again with the same rates row it was priced with
 * and the same geometry, so every figure stays explainable by that row; only the quantity, the prices and the notes
 * change. Another buyer's quote is 404.
 */
export async function changeCncQuoteQuantity(
  db: Db,
  input: { buyerId: string; id: string; quantity: number },
): Promise<CncQuote> {
  const quote = await cncQuoteOf(db, input.buyerId, input.id);
  const rates = await cncRatesOf(db, quote.ratesEffectiveFrom);
  // The foreign key of migration 1093 keeps the row; its absence would be a bug, never a price.
  if (!rates) throw new Error(`The rates of ${quote.ratesEffectiveFrom} are missing`);
  const options = { ...quote.options, quantity: input.quantity };
  const { prices, notes } = priced(quote.geometry, options, rates);
  const [row] = rowsOf<QuoteRow>(
    await db.execute(sql`
      UPDATE cnc_quotes SET options = ${JSON.stringify(options)}::jsonb, prices = ${JSON.stringify(prices)}::jsonb,
        notes = ${notesArray(notes)}
      WHERE id = ${input.id} AND buyer_id = ${input.buyerId}
      RETURNING ${columns}`),
  );
  if (!row) throw cncQuoteNotFound();
  return toQuote(row);
}

/**
 * Duplicates the buyer's quote (decision 325): a new quote of the same stored geometry and file, with the options
 * changed as asked, priced with the rates in effect at `now`. A finish that does not suit the copy's material is
 * 422 CNC_FINISH_UNSUITED; no rates at all 422 CNC_RATES_NOT_SET. Another buyer's quote is 404.
 */
export async function copyCncQuote(
  db: Db,
  input: { buyerId: string; id: string; changes: CncQuoteCopyRequest; now: Date },
): Promise<CncQuote> {
  const [source] = rowsOf<QuoteRow & { file_key: string | null; file_bytes: number | null }>(
    await db.execute(sql`
      SELECT ${columns}, file_key, file_bytes FROM cnc_quotes WHERE id = ${input.id} AND buyer_id = ${input.buyerId}`),
  );
  if (!source) throw cncQuoteNotFound();
  const quote = toQuote(source);
  const changed = Object.entries(input.changes).filter(([, value]) => value !== undefined);
  const options = { ...quote.options, ...Object.fromEntries(changed) } as CncQuote['options'];
  if (!finishSuitsMaterial(options.finish, options.material))
    throw unprocessable('CNC_FINISH_UNSUITED', 'This finish does not suit this material');
  const rates = await currentCncRates(db, input.now);
  if (!rates) throw unprocessable('CNC_RATES_NOT_SET', 'Instant quotes are not available yet');
  const { prices, notes } = priced(quote.geometry, options, rates);
  const [row] = rowsOf<QuoteRow>(
    await db.execute(sql`
      INSERT INTO cnc_quotes (buyer_id, file_name, geometry, triangles, options, rates_effective_from, prices, notes,
        file_key, file_bytes)
      VALUES (${input.buyerId}, ${quote.fileName}, ${JSON.stringify(quote.geometry)}::jsonb, ${quote.triangles},
        ${JSON.stringify(options)}::jsonb, ${rates.effectiveFrom}::date, ${JSON.stringify(prices)}::jsonb,
        ${notesArray(notes)}, ${source.file_key}, ${source.file_bytes})
      RETURNING ${columns}`),
  );
  return toQuote(row!);
}

/** The stored file of the buyer's quote: 404 CNC_QUOTE_NOT_FOUND another buyer's, 404 CNC_QUOTE_FILE_MISSING none kept. */
export async function cncQuoteFile(
  db: Db,
  input: { buyerId: string; id: string },
): Promise<{ key: string; fileName: string; bytes: number }> {
  const [row] = rowsOf<{ file_key: string | null; file_name: string; file_bytes: number | null }>(
    await db.execute(sql`
      SELECT file_key, file_name, file_bytes FROM cnc_quotes WHERE id = ${input.id} AND buyer_id = ${input.buyerId}`),
  );
  if (!row) throw cncQuoteNotFound();
  if (!row.file_key || !row.file_bytes)
    throw notFound('CNC_QUOTE_FILE_MISSING', 'This quote was made before files were kept');
  return { key: row.file_key, fileName: row.file_name, bytes: Number(row.file_bytes) };
}

/** The stored files of every quote of `buyerId` (copies share one): they go with the account (decision 347). */
export async function cncQuoteFileKeysOf(db: Db, buyerId: string): Promise<string[]> {
  const rows = rowsOf<{ file_key: string }>(
    await db.execute(
      sql`SELECT DISTINCT file_key FROM cnc_quotes WHERE buyer_id = ${buyerId} AND file_key IS NOT NULL`,
    ),
  );
  return rows.map((row) => row.file_key);
}

/**
 * The buyer's quote for a request for firm quotes, its row locked until the caller's transaction ends (run in one):
 * concurrent requests for the same quote wait here, and the next one sees the request the first recorded.
 */
export async function lockCncQuoteForRfq(
  db: Db,
  input: { buyerId: string; id: string },
): Promise<CncQuote & { file: { key: string; bytes: number } | null }> {
  const [row] = rowsOf<QuoteRow & { file_key: string | null; file_bytes: number | null }>(
    await db.execute(sql`
      SELECT ${columns}, file_key, file_bytes FROM cnc_quotes WHERE id = ${input.id} AND buyer_id = ${input.buyerId}
      FOR UPDATE`),
  );
  if (!row) throw cncQuoteNotFound();
  return {
    ...toQuote(row),
    file: row.file_key && row.file_bytes ? { key: row.file_key, bytes: Number(row.file_bytes) } : null,
  };
}

/**
 * Records the request for firm quotes sent for a quote, once: a conditional UPDATE (and the column's unique key).
 * False when the quote already holds one.
 */
export async function recordCncQuoteRfq(db: Db, input: { id: string; rfqId: string }): Promise<boolean> {
  return (
    rowsOf(
      await db.execute(sql`
        UPDATE cnc_quotes SET rfq_id = ${input.rfqId}::uuid WHERE id = ${input.id} AND rfq_id IS NULL RETURNING id`),
    ).length === 1
  );
}
