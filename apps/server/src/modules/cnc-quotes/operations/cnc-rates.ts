import { sql } from 'drizzle-orm';
import { cncRatesSchema, type CncRatesInput } from '@maplesource/contracts';
import type { CncRates } from '@maplesource/contracts/cnc-pricing';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/transaction';
import { conflict, unprocessable } from '../../../plugins/errors';

/** Rates take effect at the start of their date in the platform's time zone (decision 322). */
const RATES_TIME_ZONE = 'America/Toronto';

/** A moment's calendar date in Toronto, YYYY-MM-DD. */
export function ratesDateOf(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: RATES_TIME_ZONE }).format(at);
}

interface RatesRow {
  effective_from: string;
  rates: unknown;
}

/** A stored row, checked against the contract: a row that does not parse is a bug, never a price. */
const toRates = (row: RatesRow): CncRates => ({
  ...cncRatesSchema.parse(typeof row.rates === 'string' ? JSON.parse(row.rates) : row.rates),
  effectiveFrom: row.effective_from,
});

/** The rates in effect at `at`: the latest row dated on or before that moment's date in Toronto; null before the first. */
export async function currentCncRates(db: Db, at: Date): Promise<CncRates | null> {
  const [row] = rowsOf<RatesRow>(
    await db.execute(sql`
      SELECT to_char(effective_from, 'YYYY-MM-DD') AS effective_from, rates FROM cnc_rates
      WHERE effective_from <= ${ratesDateOf(at)}::date ORDER BY effective_from DESC LIMIT 1`),
  );
  return row ? toRates(row) : null;
}

/** The rates row of one effective date (the one a quote was priced with), or null. */
export async function cncRatesOf(db: Db, effectiveFrom: string): Promise<CncRates | null> {
  const [row] = rowsOf<RatesRow>(
    await db.execute(sql`
      SELECT to_char(effective_from, 'YYYY-MM-DD') AS effective_from, rates FROM cnc_rates
      WHERE effective_from = ${effectiveFrom}::date`),
  );
  return row ? toRates(row) : null;
}

/** Every dated row, newest date first, and the date of the row in effect at `at`. */
export async function listCncRates(
  db: Db,
  at: Date,
): Promise<{ items: CncRates[]; currentEffectiveFrom: string | null }> {
  const items = rowsOf<RatesRow>(
    await db.execute(sql`
      SELECT to_char(effective_from, 'YYYY-MM-DD') AS effective_from, rates FROM cnc_rates
      ORDER BY effective_from DESC`),
  ).map(toRates);
  const today = ratesDateOf(at);
  return {
    items,
    currentEffectiveFrom: items.find((rates) => rates.effectiveFrom <= today)?.effectiveFrom ?? null,
  };
}

/**
 * Adds a dated row (admin). A row dated before today (Toronto) is refused: quotes already priced under the rates
 * of a past day keep being explained by them. One row per date, enforced by the table's primary key.
 */
export async function addCncRates(db: Db, rates: CncRatesInput, at: Date): Promise<CncRates> {
  if (rates.effectiveFrom < ratesDateOf(at))
    throw unprocessable('CNC_RATES_DATE_IN_PAST', 'Rates can only take effect today or later');
  if (rates.expeditedLeadDays > rates.standardLeadDays)
    throw unprocessable('CNC_RATES_EXPEDITED_SLOWER', 'Expedited lead time cannot be longer than standard');
  const [row] = rowsOf<RatesRow>(
    await db.execute(sql`
      INSERT INTO cnc_rates (effective_from, rates) VALUES (${rates.effectiveFrom}::date, ${JSON.stringify(rates)}::jsonb)
      ON CONFLICT (effective_from) DO NOTHING
      RETURNING to_char(effective_from, 'YYYY-MM-DD') AS effective_from, rates`),
  );
  if (!row) throw conflict('CNC_RATES_DATE_TAKEN', 'Rates are already set for this date');
  return toRates(row);
}
