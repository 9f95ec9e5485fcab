import { sql } from 'drizzle-orm';
import {
  addCalendarDays,
  dateInTimeZone,
  DEFAULT_DOCUMENT_TIME_ZONE,
  isDocumentTimeZone,
  paymentReviewWindowDays,
  type DocumentTimeZone,
  type Order,
  type OrderAddress,
  type OrderKind,
  type OrderPaymentStatus,
  type OrderStatus,
  type OrderTimelineEntry,
  type PaymentReview,
  type PaymentReviewStatus,
} from '@maplesource/contracts';

type Timestamp = Date | string;

/** An order row with its payment and its latest payment review (the `orderSelect` query). */
export interface OrderRow {
  id: string;
  kind: OrderKind;
  invoice_id: string;
  invoice_token: string;
  chat_id: string;
  buyer_user_id: string;
  buyer_name: string;
  seller_user_id: string;
  seller_id: number | string;
  seller_slug: string;
  seller_name: string;
  subject_id: number | string;
  subject_name: string;
  subject_name_fr: string | null;
  subject_category: string;
  quantity: number;
  unit: string | null;
  negotiated_price_cents: number | string;
  shipping_cents: number | string;
  tax_cents: number | string;
  total_cents: number | string;
  lead_days: number;
  payment_terms: string;
  delivery_terms: string;
  time_zone: string;
  shipping_address: OrderAddress | string;
  billing_address: OrderAddress | string;
  status: OrderStatus;
  tracking_number: string | null;
  carrier: string | null;
  placed_at: Timestamp;
  delivered_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  p_provider: 'sandbox' | 'stripe' | null;
  p_intent_id: string | null;
  p_status: OrderPaymentStatus | null;
  p_card_brand: string | null;
  p_card_last4: string | null;
  p_failure_code: string | null;
  p_refunded_cents: number | string | null;
  p_paid_at: Timestamp | null;
  r_id: string | null;
  r_status: PaymentReviewStatus | null;
  r_reason: string | null;
  r_resolution_note: string | null;
  r_refund_cents: number | string | null;
  r_created_at: Timestamp | null;
  r_resolved_at: Timestamp | null;
  r_seller_answer: string | null;
  r_seller_answered_at: Timestamp | null;
  r_answer_due_at: Timestamp | null;
  r_escalated_at: Timestamp | null;
}

export interface TimelineRow {
  order_id: string;
  status: OrderStatus;
  tracking_number: string | null;
  carrier: string | null;
  at: Timestamp;
}

/** Orders with their payment and latest review; callers add WHERE / ORDER BY / LIMIT. */
export const orderSelect = sql`
  SELECT o.*, p.provider AS p_provider, p.intent_id AS p_intent_id, p.status AS p_status,
         p.card_brand AS p_card_brand, p.card_last4 AS p_card_last4, p.failure_code AS p_failure_code,
         p.refunded_cents AS p_refunded_cents, p.paid_at AS p_paid_at,
         r.id AS r_id, r.status AS r_status, r.reason AS r_reason, r.resolution_note AS r_resolution_note,
         r.refund_cents AS r_refund_cents, r.created_at AS r_created_at, r.resolved_at AS r_resolved_at,
         r.seller_answer AS r_seller_answer, r.seller_answered_at AS r_seller_answered_at,
         r.answer_due_at AS r_answer_due_at, r.escalated_at AS r_escalated_at
  FROM orders o
  LEFT JOIN order_payments p ON p.order_id = o.id
  LEFT JOIN LATERAL (
    SELECT * FROM payment_reviews pr WHERE pr.order_id = o.id ORDER BY pr.created_at DESC, pr.id LIMIT 1
  ) r ON true`;

export const iso = (value: Timestamp) => new Date(value).toISOString();
const isoOrNull = (value: Timestamp | null) => (value === null ? null : iso(value));
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
/** The order's zone (decision 265): its invoice's, copied at acceptance. */
export const orderTimeZone = (row: Pick<OrderRow, 'time_zone'>): DocumentTimeZone =>
  isDocumentTimeZone(row.time_zone) ? row.time_zone : DEFAULT_DOCUMENT_TIME_ZONE;

/** Placed date + the invoice's lead days, calendar days in the order's zone (docs/product.md §2 "estimated delivery"). */
export const estimatedDelivery = (row: Pick<OrderRow, 'placed_at' | 'lead_days' | 'time_zone'>) =>
  addCalendarDays(new Date(row.placed_at), Number(row.lead_days), orderTimeZone(row));

/**
 * docs/product.md §9: a payment review may be requested until 7 days after the expected delivery — the delivery
 * date once delivered, else the estimate — calendar days in the order's zone (decision 265).
 */
export const paymentReviewDeadline = (
  row: Pick<OrderRow, 'placed_at' | 'lead_days' | 'delivered_at' | 'time_zone'>,
) =>
  addCalendarDays(
    row.delivered_at ? new Date(row.delivered_at) : estimatedDelivery(row),
    paymentReviewWindowDays,
    orderTimeZone(row),
  );

export const paidThroughUs = (status: OrderPaymentStatus | null) =>
  status === 'paid' || status === 'partially_refunded';

export function toPaymentReview(row: OrderRow): PaymentReview | null {
  if (!row.r_id) return null;
  return {
    id: row.r_id,
    orderId: row.id,
    orderKind: row.kind,
    status: row.r_status!,
    reason: row.r_reason ?? '',
    resolutionNote: row.r_resolution_note,
    refundCents: Number(row.r_refund_cents ?? 0),
    createdAt: iso(row.r_created_at!),
    resolvedAt: isoOrNull(row.r_resolved_at),
    sellerAnswer: row.r_seller_answer,
    sellerAnsweredAt: isoOrNull(row.r_seller_answered_at),
    answerDueAt: iso(row.r_answer_due_at ?? row.r_created_at!),
    escalatedAt: isoOrNull(row.r_escalated_at),
  };
}

export function toTimelineEntry(row: TimelineRow): OrderTimelineEntry {
  return { status: row.status, at: iso(row.at), trackingNumber: row.tracking_number, carrier: row.carrier };
}

export function toOrder(
  row: OrderRow,
  timeline: OrderTimelineEntry[],
  view: { nextStatuses: OrderStatus[]; sellerVerified: boolean; now: Date },
): Order {
  const review = toPaymentReview(row);
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    invoiceId: row.invoice_id,
    invoiceToken: row.invoice_token,
    chatId: row.chat_id,
    buyer: { userId: row.buyer_user_id, name: row.buyer_name },
    seller: { sellerId: Number(row.seller_id), slug: row.seller_slug, name: row.seller_name },
    subject: {
      id: Number(row.subject_id),
      name: row.subject_name,
      nameFr: row.subject_name_fr,
      category: row.subject_category,
      quantity: Number(row.quantity),
      unit: row.unit,
    },
    negotiatedPriceCents: Number(row.negotiated_price_cents),
    shippingCents: Number(row.shipping_cents),
    taxCents: Number(row.tax_cents),
    totalCents: Number(row.total_cents),
    paymentTerms: row.payment_terms,
    deliveryTerms: row.delivery_terms,
    currency: 'cad',
    shippingAddress: json(row.shipping_address),
    billingAddress: json(row.billing_address),
    trackingNumber: row.tracking_number,
    carrier: row.carrier,
    placedAt: iso(row.placed_at),
    timeZone: orderTimeZone(row),
    estimatedDeliveryOn: dateInTimeZone(estimatedDelivery(row), orderTimeZone(row)),
    deliveredAt: isoOrNull(row.delivered_at),
    cancelledAt: isoOrNull(row.cancelled_at),
    payment: {
      status: row.p_status ?? 'unpaid',
      provider: row.p_provider,
      intentId: row.p_intent_id,
      cardBrand: row.p_card_brand,
      cardLast4: row.p_card_last4,
      refundedCents: Number(row.p_refunded_cents ?? 0),
      failureCode: row.p_failure_code,
      paidAt: isoOrNull(row.p_paid_at),
    },
    paymentReview: review,
    canRequestPaymentReview:
      view.sellerVerified &&
      paidThroughUs(row.p_status) &&
      row.status !== 'cancelled' &&
      review?.status !== 'open' &&
      view.now <= paymentReviewDeadline(row),
    nextStatuses: view.nextStatuses,
    timeline,
  };
}
