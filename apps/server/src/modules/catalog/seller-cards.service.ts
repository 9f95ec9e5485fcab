import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * What a listing card shows of its seller, as the catalogue keeps it (`catalog_seller_cards`, decision 110):
 * listing pages join this copy, so a page stays one query (decision 042) without naming the sellers module's
 * table. The sellers module hands every change of these fields to `putSellerCard` in the transaction that
 * makes it; a deleted storefront's card goes with it (foreign key, migration 0290).
 */
export interface SellerCardCopy {
  sellerId: number;
  slug: string;
  name: string;
  province: string;
  city: string;
  businessType: string;
  verified: boolean;
}

export async function putSellerCard(db: Db, card: SellerCardCopy): Promise<void> {
  await db.execute(sql`
    INSERT INTO catalog_seller_cards (seller_id, slug, name, province, city, business_type, verified)
    VALUES (${card.sellerId}, ${card.slug}, ${card.name}, ${card.province}, ${card.city}, ${card.businessType},
      ${card.verified})
    ON CONFLICT (seller_id) DO UPDATE SET slug = excluded.slug, name = excluded.name,
      province = excluded.province, city = excluded.city, business_type = excluded.business_type,
      verified = excluded.verified
    WHERE (catalog_seller_cards.slug, catalog_seller_cards.name, catalog_seller_cards.province,
      catalog_seller_cards.city, catalog_seller_cards.business_type, catalog_seller_cards.verified)
      IS DISTINCT FROM (excluded.slug, excluded.name, excluded.province, excluded.city, excluded.business_type,
      excluded.verified)`);
}
