import type { z } from 'zod';
import type { rfqSupplierRowSchema } from '@maplesource/contracts/rfq';

export type RfqSupplierRow = z.infer<typeof rfqSupplierRowSchema>;
export type QuoteSortKey = 'delivered' | 'lead';
export type SortDirection = 'ascending' | 'descending';
export type QuoteSort = { key: QuoteSortKey; direction: SortDirection };

/** A supplier that has a quote to compare: it answered with a price (quoted, or the accepted one). */
export const hasQuote = (row: RfqSupplierRow) => row.latest !== null && row.leadDays !== null;

/**
 * The comparison's rows in the buyer's chosen order: by delivered total or by lead time, either way round. A quote
 * that cannot be priced for the requested quantity (below every tier) stays last whatever the direction; ties fall
 * back to the other key (lower first), then the supplier's row id, as the server's order does
 * (`sortRfqComparison`), so the same quotes always come in the same order.
 */
export function sortQuotes(rows: readonly RfqSupplierRow[], sort: QuoteSort): RfqSupplierRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const lead = (row: RfqSupplierRow) => row.leadDays ?? Number.MAX_SAFE_INTEGER;
  const delivered = (row: RfqSupplierRow) => row.deliveredCents ?? Number.MAX_SAFE_INTEGER;
  return [...rows].sort((a, b) => {
    if (sort.key === 'delivered' && (a.deliveredCents === null) !== (b.deliveredCents === null))
      return a.deliveredCents === null ? 1 : -1;
    const primary = sort.key === 'delivered' ? delivered(a) - delivered(b) : lead(a) - lead(b);
    if (primary !== 0) return sign * primary;
    const secondary = sort.key === 'delivered' ? lead(a) - lead(b) : delivered(a) - delivered(b);
    if (secondary !== 0) return secondary;
    return a.recipientId < b.recipientId ? -1 : a.recipientId > b.recipientId ? 1 : 0;
  });
}

/** The direction a header's click gives: the other one for the current column, else lowest first. */
export function nextSort(current: QuoteSort, key: QuoteSortKey): QuoteSort {
  if (current.key !== key) return { key, direction: 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}
