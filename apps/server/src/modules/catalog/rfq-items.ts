import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';

/**
 * The listed item a request for quotes' conversation is about (decision 317): a conversation, and the invoice issued
 * in it, name a product or service of the storefront. The storefront's active product in the request's category
 * comes first, then any active product, then any active service — the most popular, then the oldest. Null when the
 * storefront lists nothing.
 */
export async function rfqSubjectItem(
  db: Db,
  input: { sellerId: number; categoryId: number },
): Promise<{ kind: 'product' | 'service'; id: number } | null> {
  const [row] = rowsOf<{ kind: 'product' | 'service'; id: string | number }>(
    await db.execute(sql`
      SELECT kind, id FROM (
        SELECT 'product' AS kind, id, (category_id = ${input.categoryId}) AS in_category, 0 AS kind_rank,
               popularity_score
        FROM products WHERE seller_id = ${input.sellerId} AND status = 'active'
        UNION ALL
        SELECT 'service', id, (category_id = ${input.categoryId}), 1, popularity_score
        FROM services WHERE seller_id = ${input.sellerId} AND status = 'active'
      ) items
      ORDER BY in_category DESC, kind_rank, popularity_score DESC, id
      LIMIT 1`),
  );
  return row ? { kind: row.kind, id: Number(row.id) } : null;
}

/**
 * The active products and services of each storefront, for the reviews module's rating of a supplier across them
 * (decision 317).
 */
export async function itemsOfStorefronts(
  db: Db,
  sellerIds: readonly string[],
): Promise<Map<string, { productIds: number[]; serviceIds: number[] }>> {
  const items = new Map(
    sellerIds.map((id) => [id, { productIds: [] as number[], serviceIds: [] as number[] }]),
  );
  if (sellerIds.length === 0) return items;
  // Compared as numbers, so each storefront's rows come from its (seller_id, id) index.
  const ids = JSON.stringify(sellerIds);
  const rows = rowsOf<{ kind: string; seller_id: string | number; id: string | number }>(
    await db.execute(sql`
      SELECT 'product' AS kind, seller_id, id FROM products
      WHERE status = 'active' AND seller_id IN (SELECT jsonb_array_elements_text(${ids}::jsonb)::bigint)
      UNION ALL
      SELECT 'service', seller_id, id FROM services
      WHERE status = 'active' AND seller_id IN (SELECT jsonb_array_elements_text(${ids}::jsonb)::bigint)`),
  );
  for (const row of rows) {
    const entry = items.get(String(row.seller_id));
    if (!entry) continue;
    (row.kind === 'product' ? entry.productIds : entry.serviceIds).push(Number(row.id));
  }
  return items;
}
