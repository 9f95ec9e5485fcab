import { sql } from 'drizzle-orm';
import type { OrderKind } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { queryPrepared } from '../../../db/prepared';
import type { SessionCheck } from '../../../plugins/auth';
import { orderNotFound } from '../orders.present';
import type { OrderRow } from '../orders.rows';
import type { PayableOrder } from '../orders.types';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * The buyer's order with only the fields a payment needs, by its primary key (a text comparison would read every
 * order): a prepared statement that runs before every intent (decision 181), prepared on every new pool connection
 * (decision 215).
 */
const payableOrderQuery = (buyerId: string, kind: OrderKind, id: string) =>
  sql`SELECT o.id, o.kind, o.status, o.total_cents, o.buyer_user_id, p.provider AS p_provider,
             p.intent_id AS p_intent_id, p.status AS p_status, p.paid_at AS p_paid_at
      FROM orders o LEFT JOIN order_payments p ON p.order_id = o.id
      WHERE o.id = ${id}::uuid AND o.buyer_user_id = ${buyerId}::uuid AND o.kind = ${kind}::text`;
/**
 * `payableOrderQuery` carrying the buyer's session check (decision 225): one row always, `session_ok` saying
 * whether the session is live, the order's columns only then.
 */
const checkedPayableOrderQuery = (session: SessionCheck, kind: OrderKind, id: string) =>
  sql`WITH ${session.ctes}
      SELECT EXISTS (SELECT 1 FROM session_ok) AS session_ok, payable.*
      FROM (SELECT 1) AS one LEFT JOIN LATERAL (
        ${payableOrderQuery(session.userId, kind, id)} AND EXISTS (SELECT 1 FROM session_ok)
      ) AS payable ON true`;
/** Values that match no order, to prepare the statement with (with a session check that matches none). */
export const payableOrderWarmUp = (session?: SessionCheck) => {
  const nobody = '00000000-0000-0000-0000-000000000000';
  return session
    ? checkedPayableOrderQuery(session, 'product', nobody)
    : payableOrderQuery(nobody, 'product', nobody);
};
type Payable = Pick<
  OrderRow,
  'id' | 'kind' | 'status' | 'total_cents' | 'buyer_user_id' | 'p_provider' | 'p_intent_id' | 'p_status'
> & { p_paid_at: Date | string | null };
const toPayable = (row: Payable): PayableOrder => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  totalCents: Number(row.total_cents),
  buyerUserId: row.buyer_user_id,
  payment: row.p_intent_id
    ? {
        provider: row.p_provider!,
        intentId: row.p_intent_id,
        status: row.p_status!,
        paidAt: row.p_paid_at ? new Date(row.p_paid_at) : null,
      }
    : null,
});

/** The buyer's order with its payment, for the payment routes; another user's or kind's: 404. */
export async function payableFor(
  db: Db,
  buyerId: string,
  kind: OrderKind,
  id: string,
): Promise<PayableOrder> {
  // An id that is no uuid is no order.
  if (!uuidPattern.test(id)) throw orderNotFound();
  const [row] = await queryPrepared<Payable>(db, payableOrderQuery(buyerId, kind, id));
  if (!row) throw orderNotFound();
  return toPayable(row);
}

/**
 * `payableFor` in one statement with the buyer's session check (decision 225): null when the session is not
 * live (or the id is no uuid: refused before the check); the caller then looks it up the usual way.
 */
export async function payableForChecked(
  db: Db,
  session: SessionCheck,
  kind: OrderKind,
  id: string,
): Promise<PayableOrder | null> {
  if (!uuidPattern.test(id)) return null;
  const [row] = await queryPrepared<Partial<Payable> & { session_ok: boolean }>(
    db,
    checkedPayableOrderQuery(session, kind, id),
  );
  if (row?.session_ok !== true) {
    session.forget();
    return null;
  }
  if (!row.id) throw orderNotFound();
  return toPayable(row as Payable);
}
