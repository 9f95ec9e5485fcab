import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { conflict, notFound } from '../../plugins/errors';

export interface NewStorefrontProduct {
  sellerId: string;
  slug: string;
  nameEn: string;
  nameFr: string;
  province: string;
  unitPriceCents: number;
  /** The top product category's slug to list it in (its first subcategory); the first top category when absent. */
  topCategorySlug?: string | undefined;
}

/**
 * Lists one active product for a storefront in the first product subcategory (of the given top category, if any;
 * used by the dev storefront route,
 * decision 077). One price tier; the listing's version trigger tells the caches. Returns the product's id and its
 * top category (the storefront's main category, which requests for quotes match on, decision 298).
 */
export async function createStorefrontProduct(
  db: Db,
  input: NewStorefrontProduct,
): Promise<{ id: string; categoryId: number }> {
  const [row] = rowsOf<{ id: number | string; category_id: number | string }>(
    await db.execute(
      sql`INSERT INTO products (slug, seller_id, category_id, subcategory_id, name_en, name_fr, description_en,
            description_fr, price_tiers, min_price_cents, max_price_cents, min_order_quantity, lead_days,
            delivery_days, origin, province, business_type)
          SELECT ${input.slug}, ${Number(input.sellerId)}, c.parent_id, c.id, ${input.nameEn}, ${input.nameFr},
            'A product for automated tests.', 'Un produit pour les tests automatisés.',
            ${JSON.stringify([{ minQuantity: 1, maxQuantity: null, unitPriceCents: input.unitPriceCents }])}::jsonb,
            ${input.unitPriceCents}, ${input.unitPriceCents}, 1, 5, 3, 'made-in-canada', ${input.province},
            'manufacturer'
          FROM categories c WHERE c.kind = 'product' AND c.parent_id IS NOT NULL
            AND (${input.topCategorySlug ?? null}::text IS NULL
              OR c.parent_id = (SELECT t.id FROM categories t
                                WHERE t.slug = ${input.topCategorySlug ?? null}::text AND t.kind = 'product'
                                  AND t.parent_id IS NULL))
          ORDER BY c.parent_id, c.position, c.id LIMIT 1
          RETURNING id, category_id`,
    ),
  );
  // An empty catalogue (SEED=never): nothing to list a product in, and nothing of the caller's went wrong.
  if (!row && input.topCategorySlug)
    throw notFound('CATEGORY_NOT_FOUND', 'No top product category with subcategories has this slug');
  if (!row) throw conflict('NO_PRODUCT_CATEGORY', 'There is no product category to list a product in yet');
  return { id: String(row.id), categoryId: Number(row.category_id) };
}
