import { inSample, roundEstimate, SAMPLE_RATE } from '../src/modules/catalog/listing-engine';

/**
 * What a listing page must answer (decision 042), computed in plain JavaScript from every matching row in the
 * listing's order: the page's ids, `hasMore`, and the total — exact, or 64 × the matches in the 1-in-64 sample
 * (rounded to two significant digits) and never below what the pages so far show.
 */
export function expectedListingPage(
  ordered: readonly { id: number }[],
  page: number,
  pageSize: number,
  exact: boolean,
) {
  const start = (page - 1) * pageSize;
  const ids = ordered.slice(start, start + pageSize).map((row) => String(row.id));
  const hasMore = ordered.length > start + pageSize;
  if (exact) return { ids, hasMore, total: ordered.length, totalEstimated: false };
  if (page === 1 && !hasMore) return { ids, hasMore, total: ordered.length, totalEstimated: false };
  const estimate = roundEstimate(ordered.filter((row) => inSample(row.id)).length * SAMPLE_RATE);
  const seen = start + ids.length + (hasMore ? 1 : 0);
  return { ids, hasMore, total: Math.max(estimate, seen), totalEstimated: true };
}
