import { computeCanadianTax } from './canadian-tax';
import type { ProvinceCode } from './provinces';

/**
 * The buyer's side-by-side comparison of supplier quotes for one request for quotes (docs/product.md §7 quotation).
 * Pure arithmetic in integer cents, the same on the server (the comparison route) and the web (the table's sorting).
 * Tax is charged on goods and shipping together, at the delivery province's rates on the comparison date.
 */

/** A quantity tier: from `minQuantity` units on, each unit costs `unitPriceCents`. */
export type RfqPriceTier = { minQuantity: number; unitPriceCents: number };

export type RfqQuoteForComparison = {
  quoteId: string;
  tiers: readonly RfqPriceTier[];
  shippingCents: number;
  leadDays: number;
};

export type RfqComparisonRow = {
  quoteId: string;
  /** null when the requested quantity is below every tier the supplier offers. */
  unitPriceCents: number | null;
  goodsCents: number | null;
  shippingCents: number;
  taxCents: number | null;
  deliveredCents: number | null;
  leadDays: number;
};

export type RfqComparisonSort = 'delivered' | 'lead';

/** The tier with the largest `minQuantity` not above the quantity; tiers may come in any order. */
export function rfqUnitPriceFor(tiers: readonly RfqPriceTier[], quantity: number): number | null {
  let chosen: RfqPriceTier | null = null;
  for (const tier of tiers) {
    if (tier.minQuantity <= quantity && (chosen === null || tier.minQuantity > chosen.minQuantity))
      chosen = tier;
  }
  return chosen?.unitPriceCents ?? null;
}

export function rfqComparisonRow(
  quote: RfqQuoteForComparison,
  request: { quantity: number; province: ProvinceCode; date: string },
): RfqComparisonRow {
  const unitPriceCents = rfqUnitPriceFor(quote.tiers, request.quantity);
  if (unitPriceCents === null) {
    return {
      quoteId: quote.quoteId,
      unitPriceCents: null,
      goodsCents: null,
      shippingCents: quote.shippingCents,
      taxCents: null,
      deliveredCents: null,
      leadDays: quote.leadDays,
    };
  }
  const goodsCents = unitPriceCents * request.quantity;
  const tax = computeCanadianTax({
    province: request.province,
    date: request.date,
    taxableCents: goodsCents + quote.shippingCents,
  });
  return {
    quoteId: quote.quoteId,
    unitPriceCents,
    goodsCents,
    shippingCents: quote.shippingCents,
    taxCents: tax.totalCents,
    deliveredCents: goodsCents + quote.shippingCents + tax.totalCents,
    leadDays: quote.leadDays,
  };
}

/**
 * Rows sorted by delivered total or by lead time; ties fall back to the other key, then the quote id, so the order
 * is stable between the server and the web. Unpriced rows come last.
 */
export function sortRfqComparison(
  rows: readonly RfqComparisonRow[],
  sort: RfqComparisonSort,
): RfqComparisonRow[] {
  const delivered = (row: RfqComparisonRow) => row.deliveredCents ?? Number.POSITIVE_INFINITY;
  return [...rows].sort((a, b) => {
    const primary = sort === 'delivered' ? delivered(a) - delivered(b) : a.leadDays - b.leadDays;
    if (primary !== 0) return primary;
    const secondary = sort === 'delivered' ? a.leadDays - b.leadDays : delivered(a) - delivered(b);
    if (secondary !== 0 && !Number.isNaN(secondary)) return secondary;
    return a.quoteId < b.quoteId ? -1 : a.quoteId > b.quoteId ? 1 : 0;
  });
}
