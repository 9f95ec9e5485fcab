import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rows, type ReviewsDeps } from '../review-rows';

export interface StorefrontRating {
  /** The mean of every review of the storefront's active products and services, to one decimal; null with none. */
  average: number | null;
  count: number;
}

/**
 * Each storefront's rating across its active products and services (a supplier in a request for quotes'
 * comparison, decision 317): the items come from the catalogue's door, the reviews are this module's rows, summed
 * in one statement.
 */
export async function storefrontRatings(
  deps: ReviewsDeps,
  db: Db,
  sellerIds: readonly string[],
): Promise<Map<string, StorefrontRating>> {
  const ratings = new Map<string, StorefrontRating>(sellerIds.map((id) => [id, { average: null, count: 0 }]));
  const items = await deps.catalog.itemsOfStorefronts(db, sellerIds);
  const groups = [...items].map(([sellerId, ids]) => ({ s: sellerId, p: ids.productIds, v: ids.serviceIds }));
  if (groups.every((g) => g.p.length === 0 && g.v.length === 0)) return ratings;
  const found = await rows(
    db,
    // The ids are unnested into rows first, so each joins the reviews by equality (their item index). The CTEs are
    // not named after the catalogue's tables: the table-ownership test reads names, and these are not its tables.
    sql`WITH g AS (
          SELECT x.s, x.p, x.v FROM jsonb_to_recordset(${JSON.stringify(groups)}::jsonb) AS x(s text, p jsonb, v jsonb)
        ), product_ids AS (
          SELECT g.s, e.id::bigint AS id FROM g, jsonb_array_elements_text(g.p) AS e(id)
        ), service_ids AS (
          SELECT g.s, e.id::bigint AS id FROM g, jsonb_array_elements_text(g.v) AS e(id)
        ), all_reviews AS (
          SELECT i.s, r.rating FROM product_ids i JOIN product_reviews r ON r.product_id = i.id
          UNION ALL
          SELECT i.s, r.rating FROM service_ids i JOIN service_reviews r ON r.service_id = i.id
        )
        SELECT s, count(*)::int AS n, round(avg(rating)::numeric, 1) AS average FROM all_reviews GROUP BY s`,
  );
  for (const row of found) ratings.set(String(row.s), { average: Number(row.average), count: Number(row.n) });
  return ratings;
}
