import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  addCalendarDays,
  canMoveOrder,
  orderTransitions,
  paymentReviewAnswerBusinessDays,
  refundWindowDays,
  type AdminPaymentReview,
  type DocumentTimeZone,
  type InvoiceTaxLine,
  type Order,
  type OrderAddress,
  type OrderKind,
  type OrderListQuery,
  type OrderPaymentStatus,
  type OrderStatus,
  type Paged,
  type PaymentReview,
  type PaymentReviewStatus,
  type SellerOrderListQuery,
  type SellerOrderStatusBody,
} from '@maplesource/contracts';
import { addBusinessDays } from '@maplesource/contracts/business-days';
import type { Db } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
import { rowsOf, type Tx } from '../../db/transaction';
import type { SessionCheck } from '../../plugins/auth';
import { conflict, notFound } from '../../plugins/errors';
import { orderExportRecords, type OrderExportRequest } from './orders.export';
import { answerPaymentReview, escalateDuePaymentReviews } from './payment-review-answers';
import {
  iso,
  orderSelect,
  orderTimeZone,
  paidThroughUs,
  paymentReviewDeadline,
  toOrder,
  toPaymentReview,
  toTimelineEntry,
  type OrderRow,
  type TimelineRow,
} from './orders.rows';

export const orderNotFound = () =>
  notFound('ORDER_NOT_FOUND', 'Order not found (it does not exist or you do not have access to it)');
/**
 * `o.placed_at` is `days` calendar days or more before `now` in the order's time zone (decision 265): the local
 * wall-clock time plus whole days, back to an instant in that zone. The first bound (a calendar day lasts 23 to 25
 * hours) lets the planner use the placed_at index before the exact test.
 */
const placedDaysBefore = (
  now: Date,
  days: number,
) => sql`o.placed_at <= ${now}::timestamptz - make_interval(days => ${days}) + interval '1 hour'
            AND ((o.placed_at AT TIME ZONE o.time_zone) + make_interval(days => ${days})) AT TIME ZONE o.time_zone <= ${now}::timestamptz`;

export const paymentReviewNotFound = () => notFound('PAYMENT_REVIEW_NOT_FOUND', 'Payment review not found');

/** What the orders module asks other modules (given by its plugin, like the chat's directory). */
export interface OrdersDirectory {
  sellerVerified(db: Db, sellerId: number): Promise<boolean>;
}

/** An order as the accept-invoice workflow creates it from the accepted invoice. */
export interface NewOrder {
  kind: OrderKind;
  invoiceId: string;
  invoiceToken: string;
  chatId: string;
  buyer: { userId: string; name: string };
  sellerUserId: string;
  seller: { sellerId: number; slug: string; name: string };
  subject: {
    id: number;
    name: string;
    /** The French name copied from the invoice (decision 232). */
    nameFr: string | null;
    category: string;
    quantity: number;
    unit: string | null;
  };
  negotiatedPriceCents: number;
  shippingCents: number;
  taxCents: number;
  /** The invoice's tax components (decision 256), whose amounts add up to `taxCents`. */
  taxLines: InvoiceTaxLine[];
  totalCents: number;
  leadDays: number;
  /** The invoice's time zone (decisions 248, 265): the order's dates and deadlines are in it. */
  timeZone: DocumentTimeZone;
  shippingAddress: OrderAddress;
  billingAddress: OrderAddress;
  placedAt: Date;
}

/** What a provider event says about an intent, in the module's terms. */
export interface PaymentUpdate {
  provider: 'sandbox' | 'stripe';
  intentId: string;
  outcome: 'succeeded' | 'failed' | 'requires_action' | 'processing' | 'refunded';
  at: Date;
  card: { brand: string; last4: string } | null;
  failureCode: string | null;
  /** With `refunded`: the total refunded so far on the intent. */
  refundedCents: number;
  /** The provider's event, for the record of a refused one. */
  eventId: string;
  eventType: string;
  /** What the event says was paid (the intent's or the charge's `amount`, `currency`); null when it does not say. */
  amountCents: number | null;
  currency: string | null;
}

/**
 * An event about the order's intent whose amount or currency is not the intent's (decision 239): nothing changed, and
 * the event is kept in order_payment_refused_events.
 */
export interface PaymentRefusal {
  refused: 'amount_mismatch' | 'currency_mismatch';
  orderId: string;
  expectedCents: number;
  amountCents: number | null;
  currency: string | null;
}

/** The order a payment event changed, and how (null: the event changed nothing). */
export interface PaymentChange {
  orderId: string;
  kind: OrderKind;
  chatId: string;
  invoiceToken: string;
  buyerUserId: string;
  sellerUserId: string;
  paymentStatus: OrderPaymentStatus;
  orderStatus: OrderStatus;
  /** The order moved from pending to confirmed. */
  confirmed: boolean;
}

/** An order as the ledger sees it (decision 296). */
export interface OrderLedgerFacts {
  sellerId: string;
  buyerUserId: string;
  totalCents: number;
  category: string;
  timeZone: DocumentTimeZone;
  releaseAt: Date;
  reviewOpen: boolean;
}

/** The order and payment facts a payment route needs (create intent, refund). */
export interface PayableOrder {
  id: string;
  kind: OrderKind;
  status: OrderStatus;
  totalCents: number;
  buyerUserId: string;
  payment: {
    provider: 'sandbox' | 'stripe';
    intentId: string;
    status: OrderPaymentStatus;
    paidAt: Date | null;
  } | null;
}

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
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
const settledStatuses: OrderPaymentStatus[] = ['paid', 'refunded', 'partially_refunded'];
/** A payment in these states has not taken money and is not being processed: its order may expire (decision 166). */
const unpaidStatuses: OrderPaymentStatus[] = ['unpaid', 'failed', 'requires_action'];

/** One refund made through the provider, recorded once (its id), and the payment's refunded total raised. */
async function recordRefund(
  tx: Tx,
  orderId: string,
  reviewId: string | null,
  refund: { id: string; amountCents: number; idempotencyKey: string },
) {
  await tx.execute(sql`
    INSERT INTO order_refunds (id, order_id, review_id, idempotency_key, amount_cents)
    VALUES (${refund.id}, ${orderId}, ${reviewId}, ${refund.idempotencyKey}, ${refund.amountCents})
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    UPDATE order_payments p
    SET refunded_cents = GREATEST(p.refunded_cents, s.total),
        status = CASE WHEN GREATEST(p.refunded_cents, s.total) >= p.amount_cents THEN 'refunded'
                      ELSE 'partially_refunded' END,
        updated_at = now()
    FROM (SELECT COALESCE(sum(amount_cents), 0) AS total FROM order_refunds WHERE order_id = ${orderId}) s
    WHERE p.order_id = ${orderId}`);
}

function searchClause(search: string | undefined): SQL {
  if (!search) return sql``;
  const pattern = likePattern(search);
  // The short reference as the screens show it (`#3F2A9C01`, decision 213) finds its order too.
  const idPattern = likePattern(search.trim().replace(/^#/, ''));
  return sql` AND (o.id::text ILIKE ${idPattern} OR o.subject_name ILIKE ${pattern}
    OR o.subject_name_fr ILIKE ${pattern} OR o.seller_name ILIKE ${pattern})`;
}

/**
 * Orders: made once per accepted invoice, read by their buyer (and seller user) only — anyone
 * else gets ORDER_NOT_FOUND —, moved by the seller along the legal transitions under a row lock, paid
 * through one provider intent whose signed events settle it, and reviewed / refunded per docs/product.md §9.
 */
export function createOrdersService(directory: OrdersDirectory) {
  async function timelines(db: Db, ids: string[]) {
    const byOrder = new Map<string, ReturnType<typeof toTimelineEntry>[]>();
    if (ids.length === 0) return byOrder;
    const rows = rowsOf<TimelineRow>(
      await db.execute(sql`
        SELECT order_id, status, tracking_number, carrier, at FROM order_timeline
        WHERE order_id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        ORDER BY id`),
    );
    for (const row of rows)
      byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), toTimelineEntry(row)]);
    return byOrder;
  }

  async function present(db: Db, rows: OrderRow[], side: 'buyer' | 'seller' | 'admin'): Promise<Order[]> {
    const lines = await timelines(
      db,
      rows.map((row) => row.id),
    );
    const verified = new Map<number, boolean>();
    const now = new Date();
    const orders: Order[] = [];
    for (const row of rows) {
      const sellerId = Number(row.seller_id);
      if (!verified.has(sellerId)) verified.set(sellerId, await directory.sellerVerified(db, sellerId));
      orders.push(
        toOrder(row, lines.get(row.id) ?? [], {
          nextStatuses: side === 'seller' ? [...orderTransitions[row.status]] : [],
          sellerVerified: verified.get(sellerId)!,
          now,
        }),
      );
    }
    return orders;
  }

  async function list(db: Db, where: SQL, query: OrderListQuery, side: 'buyer' | 'seller') {
    const filter = sql`${where}${query.status ? sql` AND o.status = ${query.status}` : sql``}${searchClause(query.search)}`;
    const [count] = rowsOf<{ n: number | string }>(
      await db.execute(sql`SELECT count(*) AS n FROM orders o WHERE ${filter}`),
    );
    const rows = rowsOf<OrderRow>(
      await db.execute(sql`${orderSelect} WHERE ${filter}
        ORDER BY o.placed_at DESC, o.id DESC
        LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
    );
    return {
      items: await present(db, rows, side),
      total: Number(count?.n ?? 0),
      page: query.page,
      pageSize: query.pageSize,
    } satisfies Paged<Order>;
  }

  async function one(db: Db, where: SQL, side: 'buyer' | 'seller' | 'admin'): Promise<Order> {
    const [row] = rowsOf<OrderRow>(await db.execute(sql`${orderSelect} WHERE ${where}`));
    if (!row) throw orderNotFound();
    return (await present(db, [row], side))[0]!;
  }

  const service = {
    /** The seller's answer to a payment review, and the escalation of unanswered ones (decision 316). */
    answerReview: answerPaymentReview,
    escalateDueReviews: escalateDuePaymentReviews,

    /** The party's orders of a period as CSV records, read in keyset batches (decision 251). */
    exportRecords(db: Db, request: OrderExportRequest) {
      return orderExportRecords(db, request);
    },
    /** Creates the order of an invoice once (invoice_id is unique); an existing one is returned as it is. */
    async create(tx: Tx, input: NewOrder): Promise<{ id: string; created: boolean }> {
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
    },

    getForBuyer: (db: Db, buyerId: string, kind: OrderKind, id: string) =>
      one(db, sql`o.id::text = ${id} AND o.buyer_user_id = ${buyerId} AND o.kind = ${kind}`, 'buyer'),

    getForSeller: (db: Db, sellerUserId: string, id: string) =>
      one(db, sql`o.id::text = ${id} AND o.seller_user_id = ${sellerUserId}`, 'seller'),

    listForBuyer: (db: Db, buyerId: string, kind: OrderKind, query: OrderListQuery) =>
      list(db, sql`o.buyer_user_id = ${buyerId} AND o.kind = ${kind}`, query, 'buyer'),

    listForSeller: (db: Db, sellerUserId: string, query: SellerOrderListQuery) =>
      list(
        db,
        sql`o.seller_user_id = ${sellerUserId}${query.kind ? sql` AND o.kind = ${query.kind}` : sql``}${
          query.chatId ? sql` AND o.chat_id = ${query.chatId}::uuid` : sql``
        }`,
        query,
        'seller',
      ),

    /**
     * The seller user moves an order along a legal transition (contracts `orderTransitions`), under a row
     * lock so two concurrent changes are applied one after the other against the current status.
     * Not theirs: 404; not allowed from the current status: 409 ORDER_TRANSITION_NOT_ALLOWED.
     */
    async changeStatus(
      tx: Tx,
      sellerUserId: string,
      id: string,
      change: SellerOrderStatusBody,
      now: Date,
    ): Promise<{ order: Order; previous: OrderStatus }> {
      const [locked] = rowsOf<{ status: OrderStatus }>(
        await tx.execute(sql`
          SELECT status FROM orders WHERE id::text = ${id} AND seller_user_id = ${sellerUserId} FOR UPDATE`),
      );
      if (!locked) throw orderNotFound();
      if (!canMoveOrder(locked.status, change.status))
        throw conflict(
          'ORDER_TRANSITION_NOT_ALLOWED',
          `An order that is ${locked.status} cannot become ${change.status}`,
        );
      const shipped = change.status === 'shipped';
      await tx.execute(sql`
        UPDATE orders SET status = ${change.status}, updated_at = ${now}
          ${shipped ? sql`, tracking_number = ${change.trackingNumber!}, carrier = ${change.carrier!}` : sql``}
          ${change.status === 'delivered' ? sql`, delivered_at = ${now}` : sql``}
          ${change.status === 'cancelled' ? sql`, cancelled_at = ${now}` : sql``}
        WHERE id::text = ${id}`);
      await tx.execute(sql`
        INSERT INTO order_timeline (order_id, status, tracking_number, carrier, actor_user_id, at)
        VALUES (${id}::uuid, ${change.status}, ${shipped ? change.trackingNumber! : null},
                ${shipped ? change.carrier! : null}, ${sellerUserId}, ${now})`);
      return { order: await service.getForSeller(tx, sellerUserId, id), previous: locked.status };
    },

    /** The buyer's order with its payment, for the payment routes; another user's or kind's: 404. */
    async payableFor(db: Db, buyerId: string, kind: OrderKind, id: string): Promise<PayableOrder> {
      // An id that is no uuid is no order.
      if (!uuidPattern.test(id)) throw orderNotFound();
      const [row] = await queryPrepared<Payable>(db, payableOrderQuery(buyerId, kind, id));
      if (!row) throw orderNotFound();
      return toPayable(row);
    },

    /**
     * `payableFor` in one statement with the buyer's session check (decision 225): null when the session is not
     * live (or the id is no uuid: refused before the check); the caller then looks it up the usual way.
     */
    async payableForChecked(
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
    },

    /** Records the order's one intent; a concurrent second call keeps the first row (order_id is the key). */
    async attachIntent(
      db: Db,
      orderId: string,
      intent: { provider: 'sandbox' | 'stripe'; intentId: string; amountCents: number },
    ): Promise<{ provider: 'sandbox' | 'stripe'; intentId: string }> {
      type Attached = { provider: 'sandbox' | 'stripe'; intent_id: string };
      // The first call gets its row back from the insert (one round trip); only a call that lost the race
      // reads the winner's row.
      const [inserted] = await queryPrepared<Attached>(
        db,
        sql`INSERT INTO order_payments (order_id, provider, intent_id, amount_cents)
            VALUES (${orderId}::uuid, ${intent.provider}::text, ${intent.intentId}::text, ${intent.amountCents}::bigint)
            ON CONFLICT (order_id) DO NOTHING
            RETURNING provider, intent_id`,
      );
      const [row] = inserted
        ? [inserted]
        : rowsOf<Attached>(
            await db.execute(sql`SELECT provider, intent_id FROM order_payments WHERE order_id = ${orderId}`),
          );
      return { provider: row!.provider, intentId: row!.intent_id };
    },

    /**
     * Applies what a provider event says to the order's payment, comparing states (decision 142): a
     * settled payment (paid, refunded) never goes back; an event older than the last one applied does not
     * overwrite it; refunds only grow. The first success confirms a pending order (timeline row).
     */
    /**
     * What the ledger needs of one order (decision 296), under the order's row lock — the lock the payment webhook
     * takes, and that opening a payment review waits for (its foreign key locks the order row), so a release
     * and a new review are ordered: `reviewOpen` is read after the lock.
     * `releaseAt`: the end of the payment review window (delivery, or its estimate, + 7 calendar days).
     */
    async ledgerFacts(tx: Tx, orderId: string): Promise<OrderLedgerFacts | null> {
      const [row] = rowsOf<{
        seller_id: string | number;
        buyer_user_id: string;
        total_cents: string | number;
        subject_category: string;
        placed_at: Date | string;
        lead_days: number;
        delivered_at: Date | string | null;
        time_zone: string;
      }>(
        await tx.execute(sql`
          SELECT seller_id, buyer_user_id, total_cents, subject_category, placed_at, lead_days, delivered_at, time_zone
          FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`),
      );
      if (!row) return null;
      const [review] = rowsOf<{ open: boolean }>(
        await tx.execute(sql`
          SELECT true AS open FROM payment_reviews WHERE order_id = ${orderId}::uuid AND status = 'open' LIMIT 1`),
      );
      return {
        sellerId: String(row.seller_id),
        buyerUserId: row.buyer_user_id,
        totalCents: Number(row.total_cents),
        category: row.subject_category,
        timeZone: orderTimeZone(row),
        releaseAt: paymentReviewDeadline(row),
        reviewOpen: Boolean(review?.open),
      };
    },

    /** Which of these orders have a payment review open (their held funds are frozen until it is resolved). */
    async ordersUnderReview(db: Db, orderIds: string[]): Promise<Set<string>> {
      if (orderIds.length === 0) return new Set();
      const rows = rowsOf<{ order_id: string }>(
        await db.execute(sql`
          SELECT order_id FROM payment_reviews
          WHERE status = 'open' AND order_id = ANY(${`{${orderIds.join(',')}}`}::uuid[])`),
      );
      return new Set(rows.map((row) => row.order_id));
    },

    async applyPaymentUpdate(tx: Tx, update: PaymentUpdate): Promise<PaymentChange | PaymentRefusal | null> {
      const [row] = rowsOf<{
        order_id: string;
        kind: OrderKind;
        chat_id: string;
        invoice_token: string;
        buyer_user_id: string;
        seller_user_id: string;
        order_status: OrderStatus;
        status: OrderPaymentStatus;
        amount_cents: number | string;
        refunded_cents: number | string;
        last_event_at: Date | string | null;
        card_last4: string | null;
      }>(
        await tx.execute(sql`
          SELECT p.order_id, p.status, p.amount_cents, p.refunded_cents, p.last_event_at, p.card_last4, o.kind, o.chat_id,
                 o.invoice_token, o.buyer_user_id, o.seller_user_id, o.status AS order_status
          FROM order_payments p JOIN orders o ON o.id = p.order_id
          WHERE p.provider = ${update.provider} AND p.intent_id = ${update.intentId}
          FOR UPDATE OF p, o`),
      );
      if (!row) return null;
      // Decision 239: the intent id alone does not make an event this order's payment; its amount and currency must
      // be the intent's too, or it changes nothing (whatever its type) and is kept for the count.
      const expectedCents = Number(row.amount_cents);
      const refused =
        update.currency !== 'cad'
          ? ('currency_mismatch' as const)
          : update.amountCents !== expectedCents
            ? ('amount_mismatch' as const)
            : null;
      if (refused) {
        await tx.execute(sql`
          INSERT INTO order_payment_refused_events
            (provider, event_id, order_id, intent_id, event_type, reason, expected_cents, event_amount_cents, event_currency)
          VALUES (${update.provider}, ${update.eventId}, ${row.order_id}::uuid, ${update.intentId}, ${update.eventType},
                  ${refused}, ${expectedCents}, ${update.amountCents}, ${update.currency?.slice(0, 10) ?? null})
          ON CONFLICT (provider, event_id) DO NOTHING`);
        return {
          refused,
          orderId: row.order_id,
          expectedCents,
          amountCents: update.amountCents,
          currency: update.currency,
        };
      }
      const settled = settledStatuses.includes(row.status);
      const older = row.last_event_at !== null && update.at.getTime() < new Date(row.last_event_at).getTime();
      let next: OrderPaymentStatus | null = null;
      let confirmed = false;
      const set: SQL[] = [];
      switch (update.outcome) {
        case 'succeeded':
          if (settled) {
            // Stripe tells the card on the charge (`charge.succeeded`), which may come after the intent's event.
            if (update.card && !row.card_last4)
              await tx.execute(sql`
                UPDATE order_payments SET card_brand = ${update.card.brand}, card_last4 = ${update.card.last4}
                WHERE order_id = ${row.order_id}`);
            break;
          }
          next = 'paid';
          set.push(sql`paid_at = ${update.at}, failure_code = NULL`);
          confirmed = row.order_status === 'pending';
          break;
        case 'failed':
        case 'requires_action':
        case 'processing':
          if (settled || older) break;
          next = update.outcome === 'failed' ? 'failed' : update.outcome;
          set.push(
            sql`failure_code = ${update.outcome === 'failed' ? (update.failureCode ?? 'card_declined') : null}`,
          );
          break;
        case 'refunded': {
          const refunded = Math.max(Number(row.refunded_cents), update.refundedCents);
          if (refunded === Number(row.refunded_cents) && row.status !== 'paid') break;
          if (refunded === 0) break;
          next = refunded >= Number(row.amount_cents) ? 'refunded' : 'partially_refunded';
          set.push(sql`refunded_cents = ${refunded}`);
          break;
        }
      }
      if (next === null) return null;
      if (update.card) set.push(sql`card_brand = ${update.card.brand}, card_last4 = ${update.card.last4}`);
      await tx.execute(sql`
        UPDATE order_payments SET status = ${next}, ${sql.join(set, sql`, `)},
          last_event_at = GREATEST(COALESCE(last_event_at, ${update.at}), ${update.at}), updated_at = now()
        WHERE order_id = ${row.order_id}`);
      if (confirmed) {
        await tx.execute(
          sql`UPDATE orders SET status = 'confirmed', updated_at = now() WHERE id = ${row.order_id}`,
        );
        await tx.execute(sql`
          INSERT INTO order_timeline (order_id, status, at) VALUES (${row.order_id}, 'confirmed', ${update.at})`);
      }
      return {
        orderId: row.order_id,
        kind: row.kind,
        chatId: row.chat_id,
        invoiceToken: row.invoice_token,
        buyerUserId: row.buyer_user_id,
        sellerUserId: row.seller_user_id,
        paymentStatus: next,
        orderStatus: confirmed ? 'confirmed' : row.order_status,
        confirmed,
      };
    },

    /**
     * The buyer requests a payment review (docs/product.md §9): paid through us, verified supplier, not cancelled,
     * until 7 days after the expected delivery; one open review per order (a partial unique index).
     */
    async requestReview(
      tx: Tx,
      buyerId: string,
      kind: OrderKind,
      orderId: string,
      reason: string,
      now: Date,
    ): Promise<PaymentReview> {
      const [row] = rowsOf<OrderRow>(
        await tx.execute(
          sql`${orderSelect} WHERE o.id::text = ${orderId} AND o.buyer_user_id = ${buyerId} AND o.kind = ${kind}`,
        ),
      );
      if (!row) throw orderNotFound();
      const allowed =
        paidThroughUs(row.p_status) &&
        row.status !== 'cancelled' &&
        now <= paymentReviewDeadline(row) &&
        (await directory.sellerVerified(tx, Number(row.seller_id)));
      if (!allowed)
        throw conflict(
          'PAYMENT_REVIEW_NOT_ALLOWED',
          'A payment review is possible for a paid order of a verified supplier, until 7 days after the expected delivery',
        );
      const [created] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          INSERT INTO payment_reviews (id, order_id, buyer_user_id, reason, created_at, answer_due_at)
          VALUES (${randomUUID()}, ${row.id}, ${buyerId}, ${reason}, ${now},
            ${addBusinessDays(now, paymentReviewAnswerBusinessDays, null, orderTimeZone(row))})
          ON CONFLICT (order_id) WHERE status = 'open' DO NOTHING
          RETURNING id`),
      );
      if (!created)
        throw conflict('PAYMENT_REVIEW_EXISTS', 'A payment review is already open for this order');
      const [fresh] = rowsOf<OrderRow>(await tx.execute(sql`${orderSelect} WHERE o.id = ${row.id}`));
      return toPaymentReview(fresh!)!;
    },

    async listReviews(
      db: Db,
      query: { status?: PaymentReviewStatus | undefined; page: number; pageSize: number },
    ): Promise<Paged<AdminPaymentReview>> {
      const where = query.status ? sql`r.status = ${query.status}` : sql`true`;
      const [count] = rowsOf<{ n: number | string }>(
        await db.execute(sql`SELECT count(*) AS n FROM payment_reviews r WHERE ${where}`),
      );
      const rows = rowsOf<AdminReviewRow>(
        await db.execute(sql`${adminReviewSelect} WHERE ${where}
          ORDER BY (r.status = 'open') DESC, (r.escalated_at IS NOT NULL) DESC, r.created_at, r.id
          LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
      );
      return {
        items: rows.map(toAdminReview),
        total: Number(count?.n ?? 0),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async getReview(
      db: Db,
      reviewId: string,
    ): Promise<
      AdminPaymentReview & {
        intentId: string | null;
        chatId: string;
        orderStatus: OrderStatus;
        invoiceToken: string;
        sellerUserId: string;
      }
    > {
      const [row] = rowsOf<AdminReviewRow>(
        await db.execute(sql`${adminReviewSelect} WHERE r.id::text = ${reviewId}`),
      );
      if (!row) throw paymentReviewNotFound();
      return {
        ...toAdminReview(row),
        intentId: row.intent_id,
        chatId: row.chat_id,
        orderStatus: row.order_status,
        invoiceToken: row.invoice_token,
        sellerUserId: row.seller_user_id,
      };
    },

    /** docs/product.md §9: a refund within 30 calendar days of the payment, in the order's time zone (decision 265). */
    refundDeadline: (paidAt: Date, timeZone: DocumentTimeZone) =>
      addCalendarDays(paidAt, refundWindowDays, timeZone),

    /**
     * Closes an open review once (conditional update): `refund` records the provider's refund (its id is
     * the key, so a replay adds nothing) and raises the order's refunded amount; `dismiss` only closes it.
     * Already closed: 409 PAYMENT_REVIEW_RESOLVED.
     */
    async resolveReview(
      tx: Tx,
      input: {
        reviewId: string;
        adminUserId: string;
        note: string | null;
        now: Date;
        refund: { id: string; amountCents: number; idempotencyKey: string } | null;
      },
    ) {
      const [closed] = rowsOf<{ order_id: string }>(
        await tx.execute(sql`
          UPDATE payment_reviews
          SET status = ${input.refund ? 'refunded' : 'dismissed'}, resolution_note = ${input.note},
              refund_cents = ${input.refund?.amountCents ?? 0}, resolved_by = ${input.adminUserId},
              resolved_at = ${input.now}
          WHERE id::text = ${input.reviewId} AND status = 'open'
          RETURNING order_id`),
      );
      if (!closed) {
        await service.getReview(tx, input.reviewId); // 404 when it does not exist
        throw conflict('PAYMENT_REVIEW_RESOLVED', 'This payment review is already resolved');
      }
      if (input.refund) await recordRefund(tx, closed.order_id, input.reviewId, input.refund);
      return service.getReview(tx, input.reviewId);
    },

    /**
     * Pending orders placed `days` calendar days or more before `now` in the order's time zone (decision 265)
     * whose payment has not succeeded and is not under way (no intent, unpaid, failed, or waiting for an
     * authentication step): what the unpaid-order sweep cancels (decision 166). With `orderId`, that order only.
     */
    async unpaidPastDeadline(
      db: Db,
      input: { now: Date; days: number; limit: number; orderId?: string },
    ): Promise<Array<{ id: string; payment: { provider: 'sandbox' | 'stripe'; intentId: string } | null }>> {
      const rows = rowsOf<{ id: string; provider: 'sandbox' | 'stripe' | null; intent_id: string | null }>(
        await db.execute(sql`
          SELECT o.id, p.provider, p.intent_id
          FROM orders o LEFT JOIN order_payments p ON p.order_id = o.id
          WHERE o.status = 'pending' AND ${placedDaysBefore(input.now, input.days)}
            AND (p.status IS NULL OR p.status IN (${sql.join(
              unpaidStatuses.map((status) => sql`${status}`),
              sql`, `,
            )}))
            ${input.orderId ? sql`AND o.id::text = ${input.orderId}` : sql``}
          ORDER BY o.placed_at, o.id
          LIMIT ${input.limit}`),
      );
      return rows.map((row) => ({
        id: row.id,
        payment: row.provider && row.intent_id ? { provider: row.provider, intentId: row.intent_id } : null,
      }));
    },

    /**
     * Cancels one unpaid order past its deadline (decision 166), under the order's row lock — the lock the
     * payment webhook takes too —, checked again under it: still pending, placed `days` calendar days before `now`
     * or more (in the order's zone), payment
     * neither settled nor under way. Answers null when it no longer applies (paid meanwhile, already cancelled: a
     * repeated job changes nothing). A timeline row records the cancellation, with no actor (MapleSource did it).
     */
    async cancelUnpaid(
      tx: Tx,
      input: { orderId: string; days: number; now: Date },
    ): Promise<{ order: Order; buyerUserId: string; sellerUserId: string } | null> {
      const [row] = rowsOf<{
        status: OrderStatus;
        placed_at: Date | string;
        time_zone: string;
        payment_status: OrderPaymentStatus | null;
        buyer_user_id: string;
        seller_user_id: string;
      }>(
        await tx.execute(sql`
          SELECT o.status, o.placed_at, o.time_zone, o.buyer_user_id, o.seller_user_id, p.status AS payment_status
          FROM orders o LEFT JOIN order_payments p ON p.order_id = o.id
          WHERE o.id::text = ${input.orderId}
          FOR UPDATE OF o`),
      );
      if (!row || row.status !== 'pending') return null;
      if (addCalendarDays(new Date(row.placed_at), input.days, orderTimeZone(row)) > input.now) return null;
      if (row.payment_status !== null && !unpaidStatuses.includes(row.payment_status)) return null;
      await tx.execute(sql`
        UPDATE orders SET status = 'cancelled', cancelled_at = ${input.now}, updated_at = ${input.now}
        WHERE id::text = ${input.orderId}`);
      await tx.execute(sql`
        INSERT INTO order_timeline (order_id, status, at) VALUES (${input.orderId}::uuid, 'cancelled', ${input.now})`);
      return {
        order: await one(tx, sql`o.id::text = ${input.orderId}`, 'admin'),
        buyerUserId: row.buyer_user_id,
        sellerUserId: row.seller_user_id,
      };
    },

    /**
     * A cancelled order whose payment nevertheless succeeded (the buyer paid in a tab opened before the
     * cancellation) and is not refunded in full yet: what to refund (decision 166). Null otherwise.
     */
    async paidAfterCancellation(
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
    },

    /** Records a refund made through the provider for an order outside any review (a cancelled, paid order). */
    async recordOrderRefund(
      tx: Tx,
      orderId: string,
      refund: { id: string; amountCents: number; idempotencyKey: string },
    ): Promise<{ paymentStatus: OrderPaymentStatus; orderStatus: OrderStatus }> {
      await recordRefund(tx, orderId, null, refund);
      const [row] = rowsOf<{ payment_status: OrderPaymentStatus; order_status: OrderStatus }>(
        await tx.execute(sql`
          SELECT p.status AS payment_status, o.status AS order_status
          FROM order_payments p JOIN orders o ON o.id = p.order_id WHERE p.order_id = ${orderId}`),
      );
      return { paymentStatus: row!.payment_status, orderStatus: row!.order_status };
    },
  };
  return service;
}

export type OrdersService = ReturnType<typeof createOrdersService>;

interface AdminReviewRow {
  id: string;
  order_id: string;
  kind: OrderKind;
  status: PaymentReviewStatus;
  reason: string;
  resolution_note: string | null;
  refund_cents: number | string;
  created_at: Date | string;
  resolved_at: Date | string | null;
  seller_answer: string | null;
  seller_answered_at: Date | string | null;
  answer_due_at: Date | string;
  escalated_at: Date | string | null;
  total_cents: number | string;
  payment_status: OrderPaymentStatus | null;
  refunded_cents: number | string | null;
  paid_at: Date | string | null;
  intent_id: string | null;
  buyer_name: string;
  seller_name: string;
  subject_name: string;
  subject_name_fr: string | null;
  time_zone: string;
  chat_id: string;
  order_status: OrderStatus;
  invoice_token: string;
  seller_user_id: string;
}

const adminReviewSelect = sql`
  SELECT r.id, r.order_id, o.kind, r.status, r.reason, r.resolution_note, r.refund_cents, r.created_at,
         r.resolved_at, r.seller_answer, r.seller_answered_at, r.answer_due_at, r.escalated_at,
         o.total_cents, p.status AS payment_status, p.refunded_cents, p.paid_at, p.intent_id,
         o.buyer_name, o.seller_name, o.subject_name, o.subject_name_fr, o.time_zone, o.chat_id, o.status AS order_status,
         o.invoice_token, o.seller_user_id
  FROM payment_reviews r JOIN orders o ON o.id = r.order_id LEFT JOIN order_payments p ON p.order_id = o.id`;

function toAdminReview(row: AdminReviewRow): AdminPaymentReview {
  return {
    id: row.id,
    orderId: row.order_id,
    orderKind: row.kind,
    status: row.status,
    reason: row.reason,
    resolutionNote: row.resolution_note,
    refundCents: Number(row.refund_cents),
    createdAt: iso(row.created_at),
    resolvedAt: row.resolved_at === null ? null : iso(row.resolved_at),
    sellerAnswer: row.seller_answer,
    sellerAnsweredAt: row.seller_answered_at === null ? null : iso(row.seller_answered_at),
    answerDueAt: iso(row.answer_due_at),
    escalatedAt: row.escalated_at === null ? null : iso(row.escalated_at),
    order: {
      id: row.order_id,
      kind: row.kind,
      totalCents: Number(row.total_cents),
      paymentStatus: row.payment_status ?? 'unpaid',
      refundedCents: Number(row.refunded_cents ?? 0),
      paidAt: row.paid_at === null ? null : iso(row.paid_at),
      buyerName: row.buyer_name,
      sellerName: row.seller_name,
      subjectName: row.subject_name,
      subjectNameFr: row.subject_name_fr,
      timeZone: orderTimeZone(row),
    },
  };
}
