import { sql } from 'drizzle-orm';
import { computeCanadianTax, type ProvinceCode } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';

export interface PlatformFeeQuote {
  rateBps: number;
  feeCents: number;
  /** GST/HST on the fee, by the seller's province (decision 296); QST and PST are not charged on it. */
  feeTaxCents: number;
  sellerShareCents: number;
}

/** The fee on `grossCents` at `rateBps`, rounded half-up to the cent, with GST/HST on it. */
export function quoteFee(input: {
  grossCents: number;
  rateBps: number;
  province: ProvinceCode | null;
  date: string;
}): PlatformFeeQuote {
  const feeCents = Math.floor((input.grossCents * input.rateBps + 5_000) / 10_000);
  const feeTaxCents = input.province
    ? computeCanadianTax({ province: input.province, date: input.date, taxableCents: feeCents })
        .lines.filter((line) => line.code === 'GST' || line.code === 'HST')
        .reduce((sum, line) => sum + line.amountCents, 0)
    : 0;
  return {
    rateBps: input.rateBps,
    feeCents,
    feeTaxCents,
    sellerShareCents: input.grossCents - feeCents - feeTaxCents,
  };
}

/** The rate in force on `date` (YYYY-MM-DD) for a category (its English name), else the default rate. */
export async function feeRateBps(db: Db, category: string, date: string): Promise<number> {
  const [row] = rowsOf<{ rate_bps: number }>(
    await db.execute(sql`
      SELECT rate_bps FROM platform_fee_rates
      WHERE category IN (lower(${category.trim()}), '') AND valid_from <= ${date}::date
      ORDER BY category = '' , valid_from DESC
      LIMIT 1`),
  );
  if (!row) throw new Error('no platform fee rate is in force');
  return Number(row.rate_bps);
}
