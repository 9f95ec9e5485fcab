import { sql } from 'drizzle-orm';
import type { CncQuote, CncQuoteOptionsInput } from '@maplesource/contracts';
import {
  cncDfmNotes,
  priceCncQuantityBreaks,
  type CncGeometry,
  type CncRates,
} from '@maplesource/contracts/cnc-pricing';
import type { Db } from '../../../db/client';
import { isoText, rowsOf } from '../../../db/transaction';
import { notFound } from '../../../plugins/errors';
import type { MeshGeometry } from '../analysis/mesh-geometry';

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
});

const columns = sql`id, file_name, geometry, triangles, options,
  to_char(rates_effective_from, 'YYYY-MM-DD') AS rates_effective_from, prices, notes, ${isoText(sql`created_at`)} AS created_at`;

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
  },
): Promise<CncQuote> {
  const geometry: CncGeometry = {
    volumeMm3: input.mesh.volume,
    surfaceAreaMm2: input.mesh.surfaceArea,
    boundingBoxMm: input.mesh.boundingBox,
    closed: input.mesh.closed,
  };
  const prices = priceCncQuantityBreaks(geometry, input.options, input.rates);
  const notes = cncDfmNotes(geometry, input.options, input.rates);
  const [row] = rowsOf<QuoteRow>(
    await db.execute(sql`
      INSERT INTO cnc_quotes (buyer_id, file_name, geometry, triangles, options, rates_effective_from, prices, notes)
      VALUES (${input.buyerId}, ${input.fileName}, ${JSON.stringify(geometry)}::jsonb, ${input.mesh.triangles},
        ${JSON.stringify(input.options)}::jsonb, ${input.rates.effectiveFrom}::date, ${JSON.stringify(prices)}::jsonb,
        ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(notes)}::jsonb))::text[])
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
  if (!row) throw notFound('CNC_QUOTE_NOT_FOUND', 'Quote not found');
  return toQuote(row);
}
