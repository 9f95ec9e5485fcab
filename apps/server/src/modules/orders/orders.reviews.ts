import { sql } from 'drizzle-orm';
import type {
  AdminPaymentReview,
  OrderKind,
  OrderPaymentStatus,
  OrderStatus,
  PaymentReviewStatus,
} from '@maplesource/contracts';
import { iso, orderTimeZone } from './orders.rows';

/** A payment review as the admin screens read it, with its order (list-payment-reviews, get-payment-review). */
export interface AdminReviewRow {
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

export const adminReviewSelect = sql`
  SELECT r.id, r.order_id, o.kind, r.status, r.reason, r.resolution_note, r.refund_cents, r.created_at,
         r.resolved_at, r.seller_answer, r.seller_answered_at, r.answer_due_at, r.escalated_at,
         o.total_cents, p.status AS payment_status, p.refunded_cents, p.paid_at, p.intent_id,
         o.buyer_name, o.seller_name, o.subject_name, o.subject_name_fr, o.time_zone, o.chat_id, o.status AS order_status,
         o.invoice_token, o.seller_user_id
  FROM payment_reviews r JOIN orders o ON o.id = r.order_id LEFT JOIN order_payments p ON p.order_id = o.id`;

export function toAdminReview(row: AdminReviewRow): AdminPaymentReview {
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
