import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';

export interface RfqCandidate {
  sellerId: string;
  ownerUserId: string;
  verified: boolean;
}

/**
 * Storefronts a request for quotes can go to (decision 298): claimed (an owner answers), in the category, serving
 * the delivery province, none owned by the buyer or by a supplier who muted the buyer; verified first, then the
 * most popular. At most `limit`.
 */
export async function rfqCandidates(
  db: Db,
  input: { categoryId: number; province: string; limit: number; excludeOwnerUserIds: string[] },
): Promise<RfqCandidate[]> {
  const excluded = input.excludeOwnerUserIds;
  const rows = rowsOf<{ id: string | number; owner_user_id: string; verified: boolean }>(
    await db.execute(sql`
      SELECT id, owner_user_id, verified FROM sellers
      WHERE primary_category_id = ${input.categoryId}
        AND owner_user_id IS NOT NULL
        AND ${input.province} = ANY (service_provinces)
        AND owner_user_id::text NOT IN (SELECT jsonb_array_elements_text(${JSON.stringify(excluded)}::jsonb))
      ORDER BY verified DESC, popularity_score DESC, id
      LIMIT ${input.limit}`),
  );
  return rows.map((row) => ({
    sellerId: String(row.id),
    ownerUserId: row.owner_user_id,
    verified: row.verified,
  }));
}

/** What a buyer's comparison shows of each supplier of a request: name and verified flag. */
export async function rfqSupplierCards(
  db: Db,
  sellerIds: readonly string[],
): Promise<Array<{ sellerId: string; name: string; verified: boolean }>> {
  if (sellerIds.length === 0) return [];
  const rows = rowsOf<{ id: string | number; name: string; verified: boolean }>(
    await db.execute(sql`
      SELECT id, name, verified FROM sellers
      WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(sellerIds)}::jsonb)::bigint)`),
  );
  return rows.map((row) => ({ sellerId: String(row.id), name: row.name, verified: row.verified }));
}
