import { sql } from 'drizzle-orm';
import type { OrderKind } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/transaction';

/**
 * A cancelled order whose payment nevertheless succeeded (the buyer paid in a tab opened before the
 * cancellation) and is not refunded in full yet: what to refund (decision 166). Null otherwise.
 */
export async function paidAfterCancellation(
  db: Db,
  orderId: string,
): Promise<{
  orderId: string;
  kind: OrderKind;
  chatId: string;
  invoiceToken: string;
  intentId: string;
} | null> {
  const [row] = rowsOf<{
    id: string;
    kind: OrderKind;
    chat_id: string;
    invoice_token: string;
    intent_id: string;
  }>(
    await db.execute(sql`
      SELECT o.id, o.kind, o.chat_id, o.invoice_token, p.intent_id
      FROM orders o JOIN order_payments p ON p.order_id = o.id
      WHERE o.id::text = ${orderId} AND o.status = 'cancelled' AND p.status IN ('paid', 'partially_refunded')`),
  );
  return row
    ? {
        orderId: row.id,
        kind: row.kind,
        chatId: row.chat_id,
        invoiceToken: row.invoice_token,
        intentId: row.intent_id,
      }
    : null;
}
