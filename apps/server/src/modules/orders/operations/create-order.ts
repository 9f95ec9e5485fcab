import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/transaction';
import type { NewOrder } from '../orders.types';

/** Creates the order of an invoice once (invoice_id is unique); an existing one is returned as it is. */
export async function createOrder(tx: Tx, input: NewOrder): Promise<{ id: string; created: boolean }> {
  const id = randomUUID();
  // One round trip: the order and its first timeline entry (none when the invoice already has its order).
  const [inserted] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      WITH placed AS (
      INSERT INTO orders (id, kind, invoice_id, invoice_token, chat_id, buyer_user_id, buyer_name,
        seller_user_id, seller_id, seller_slug, seller_name, subject_id, subject_name, subject_name_fr,
        subject_category, quantity, unit, negotiated_price_cents, shipping_cents, tax_cents, tax_lines,
        total_cents, lead_days, time_zone, shipping_address, billing_address, placed_at, updated_at)
      VALUES (${id}, ${input.kind}, ${input.invoiceId}, ${input.invoiceToken}, ${input.chatId},
        ${input.buyer.userId}, ${input.buyer.name}, ${input.sellerUserId}, ${input.seller.sellerId},
        ${input.seller.slug}, ${input.seller.name}, ${input.subject.id}, ${input.subject.name},
        ${input.subject.nameFr}, ${input.subject.category}, ${input.subject.quantity}, ${input.subject.unit},
        ${input.negotiatedPriceCents}, ${input.shippingCents}, ${input.taxCents},
        ${JSON.stringify(input.taxLines)}::jsonb, ${input.totalCents},
        ${input.leadDays}, ${input.timeZone}, ${JSON.stringify(input.shippingAddress)}::jsonb,
        ${JSON.stringify(input.billingAddress)}::jsonb, ${input.placedAt}, ${input.placedAt})
      ON CONFLICT (invoice_id) DO NOTHING
      RETURNING id
      )
      INSERT INTO order_timeline (order_id, status, actor_user_id, at)
      SELECT placed.id, 'pending', ${input.buyer.userId}::uuid, ${input.placedAt.toISOString()}::timestamptz
      FROM placed
      RETURNING order_id AS id`),
  );
  if (!inserted) {
    const [existing] = rowsOf<{ id: string }>(
      await tx.execute(sql`SELECT id FROM orders WHERE invoice_id = ${input.invoiceId}`),
    );
    return { id: existing!.id, created: false };
  }
  return { id, created: true };
}
