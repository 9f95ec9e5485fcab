import type { ProvinceCode } from './provinces';

/**
 * Canadian sales tax on a supply delivered to a province or territory (decision 130).
 * ONE dated rate table used by the server (which always recomputes) and by the web invoice modal (live preview).
 * Each period holds from its `from` date (inclusive, YYYY-MM-DD) until the next period of the same place, so an
 * invoice dated in the past keeps the rate of its date. The taxable base is the negotiated price plus shipping
 * (shipping follows the supply). Each tax line is rounded half-up to the cent separately.
 */

export const canadianTaxCodes = ['GST', 'HST', 'QST', 'PST', 'RST'] as const;
export type CanadianTaxCode = (typeof canadianTaxCodes)[number];

export type CanadianTaxRate = {
  code: CanadianTaxCode;
  /** Decimal percentage as written on invoices: '5', '13', '9.975'. */
  ratePercent: string;
};

export type CanadianTaxPeriod = { from: string; rates: readonly CanadianTaxRate[] };

const GST: CanadianTaxRate = { code: 'GST', ratePercent: '5' };
/** GST 5 % since 2008-01-01. */
const GST_FROM = '2008-01-01';
const hst = (ratePercent: string): CanadianTaxRate => ({ code: 'HST', ratePercent });

/** Periods sorted by `from`, oldest first. Before the first period no rate is known (an error, not a guess). */
export const canadianTaxTable: Record<ProvinceCode, readonly CanadianTaxPeriod[]> = {
  AB: [{ from: GST_FROM, rates: [GST] }],
  BC: [{ from: '2013-04-01', rates: [GST, { code: 'PST', ratePercent: '7' }] }],
  MB: [{ from: '2019-07-01', rates: [GST, { code: 'RST', ratePercent: '7' }] }],
  NB: [{ from: '2016-07-01', rates: [hst('15')] }],
  NL: [{ from: '2016-07-01', rates: [hst('15')] }],
  NS: [
    { from: '2010-07-01', rates: [hst('15')] },
    { from: '2025-04-01', rates: [hst('14')] },
  ],
  NT: [{ from: GST_FROM, rates: [GST] }],
  NU: [{ from: GST_FROM, rates: [GST] }],
  ON: [{ from: '2010-07-01', rates: [hst('13')] }],
  PE: [{ from: '2016-10-01', rates: [hst('15')] }],
  QC: [{ from: '2013-01-01', rates: [GST, { code: 'QST', ratePercent: '9.975' }] }],
  SK: [{ from: '2017-03-23', rates: [GST, { code: 'PST', ratePercent: '6' }] }],
  YT: [{ from: GST_FROM, rates: [GST] }],
};

export type CanadianTaxLine = { code: CanadianTaxCode; ratePercent: string; amountCents: number };
export type CanadianTaxResult = { lines: CanadianTaxLine[]; totalCents: number };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The largest taxable base whose products stay exact in a double (cents × rate in 1/1000 %). */
export const MAX_TAXABLE_CENTS = 100_000_000_000;

/** The rates that apply in `province` on `date` (YYYY-MM-DD). Throws RangeError for an unknown place or date. */
export function canadianTaxRatesOn(province: ProvinceCode, date: string): readonly CanadianTaxRate[] {
  if (!ISO_DATE.test(date)) throw new RangeError(`Tax date must be YYYY-MM-DD, got ${date}`);
  const periods = canadianTaxTable[province];
  if (!periods) throw new RangeError(`Unknown province ${province}`);
  let current: CanadianTaxPeriod | undefined;
  for (const period of periods) if (period.from <= date) current = period;
  if (!current) throw new RangeError(`No tax rate known for ${province} on ${date}`);
  return current.rates;
}

/** '9.975' → 9975 (thousandths of a percent), exactly, without floating point. */
function rateInThousandthsOfPercent(ratePercent: string): number {
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(ratePercent);
  if (!match) throw new RangeError(`Bad rate ${ratePercent}`);
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
}

/** Whether two written rates are the same rate ('13' and '13.0'); false when either is not a rate. */
export function sameRatePercent(a: string, b: string): boolean {
  try {
    return rateInThousandthsOfPercent(a) === rateInThousandthsOfPercent(b);
  } catch {
    return false;
  }
}

/** amount × rate, rounded half-up to the cent, in integer arithmetic. */
export function taxAmountCents(taxableCents: number, ratePercent: string): number {
  const scaled = taxableCents * rateInThousandthsOfPercent(ratePercent); // ≤ 1e11 × 15000: exact in a double
  return Math.floor((scaled + 50_000) / 100_000);
}

export function computeCanadianTax(input: {
  province: ProvinceCode;
  date: string;
  taxableCents: number;
}): CanadianTaxResult {
  const { taxableCents } = input;
  if (!Number.isSafeInteger(taxableCents) || taxableCents < 0 || taxableCents > MAX_TAXABLE_CENTS)
    throw new RangeError(`Taxable amount must be whole cents between 0 and ${MAX_TAXABLE_CENTS}`);
  const lines = canadianTaxRatesOn(input.province, input.date).map((rate) => ({
    code: rate.code,
    ratePercent: rate.ratePercent,
    amountCents: taxAmountCents(taxableCents, rate.ratePercent),
  }));
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0) };
}

/** ITC thresholds (CRA input tax credit information requirements, in cents, tax included). */
export const inputTaxCreditThresholds = {
  /** From $100: the tax amount of each tax (or the rate per tax) is shown. */
  taxPerTaxCents: 100_00,
  /** From $500: the buyer's name, a description of the supply and the payment terms are shown. */
  buyerDetailsCents: 500_00,
} as const;
