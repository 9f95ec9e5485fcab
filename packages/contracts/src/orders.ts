import { z } from 'zod';
import { addressTypeSchema } from './accounts';
import { fullNameSchema, phoneNumberSchema } from './auth';
import { centsSchema, pageQuerySchema, pagedSchema } from './common';
import { documentTimeZones } from './document-time';
import { CANADIAN_POSTAL_CODE, normalizePostalCode, provinceCodeSchema } from './provinces';
import { multilineTextSchema, nameTextSchema } from './safe-text';

/**
 * Orders (docs/product.md §3 Order, §4 order status values and accept flow, §7 orders and payment, §9 payment
 * review and refunds). Money is integer cents CAD; dates are ISO strings. One schema for web and server.
 */

export const orderKinds = ['product', 'service'] as const;
export const orderKindSchema = z.enum(orderKinds);
export type OrderKind = z.infer<typeof orderKindSchema>;

/** docs/product.md §4 order status values, in the order an order normally moves through them. */
export const orderStatuses = [
  'pending',
  'confirmed',
  'processing',
  'ready_to_ship',
  'shipped',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'returned',
] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/**
 * The legal transitions (decision 140): what a seller may move an order to from each status. `pending` →
 * `confirmed` happens only when the payment succeeds (the webhook), never by hand. Cancelling is possible until
 * the order is shipped; a return only after delivery.
 */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['cancelled'],
  confirmed: ['processing', 'ready_to_ship', 'shipped', 'cancelled'],
  processing: ['ready_to_ship', 'shipped', 'cancelled'],
  ready_to_ship: ['shipped', 'cancelled'],
  shipped: ['in_transit', 'out_for_delivery', 'delivered'],
  in_transit: ['out_for_delivery', 'delivered'],
  out_for_delivery: ['delivered'],
  delivered: ['returned'],
  cancelled: [],
  returned: [],
};

/**
 * An order whose payment has not succeeded is cancelled this many days after it was placed (decision 166): the
 * seller stops holding the goods and the price, the buyer is told. A payment under way (processing) is waited for.
 */
export const unpaidOrderCancelDays = 7;

export const canMoveOrder = (from: OrderStatus, to: OrderStatus): boolean =>
  orderTransitions[from].includes(to);

export const paymentStatuses = [
  'unpaid',
  'processing',
  'requires_action',
  'paid',
  'failed',
  'refunded',
  'partially_refunded',
] as const;
export const orderPaymentStatusSchema = z.enum(paymentStatuses);
export type OrderPaymentStatus = z.infer<typeof orderPaymentStatusSchema>;

/** A Canadian postal code (A1A 1A1, space optional on input), stored as `A1A 1A1`. */
export const orderPostalCodeSchema = z
  .string({ error: 'errors:POSTAL_CODE_INVALID' })
  .trim()
  .max(10, 'errors:POSTAL_CODE_INVALID')
  .regex(CANADIAN_POSTAL_CODE, 'errors:POSTAL_CODE_INVALID')
  .transform(normalizePostalCode);

/** An address of the accept flow (docs/product.md §4): Canada only. */
export const orderAddressInputSchema = z.object({
  fullName: fullNameSchema,
  line1: nameTextSchema({ min: 3, max: 200, requiredMessage: 'errors:STREET_REQUIRED' }),
  line2: nameTextSchema({ max: 200 }).nullable().default(null),
  city: nameTextSchema({ max: 100, requiredMessage: 'errors:CITY_REQUIRED' }),
  province: provinceCodeSchema,
  postalCode: orderPostalCodeSchema,
  country: z.literal('CA', { error: 'errors:COUNTRY_NOT_SUPPORTED' }).default('CA'),
  phone: phoneNumberSchema.nullable().default(null),
  addressType: addressTypeSchema,
});
export type OrderAddressInput = z.input<typeof orderAddressInputSchema>;

export const orderAddressSchema = z.object({
  fullName: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  province: provinceCodeSchema,
  postalCode: z.string(),
  country: z.literal('CA'),
  phone: z.string().nullable(),
  addressType: addressTypeSchema,
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

/** The drawn signature: a small SVG of paths (the server keeps only <svg>/<path> with d and stroke attributes). */
export const signatureSvgMaxBytes = 64 * 1024;

export const acceptInvoiceTokenSchema = z
  .string({ error: 'errors:INVOICE_NOT_FOUND' })
  .trim()
  .min(8, 'errors:INVOICE_NOT_FOUND')
  .max(200, 'errors:INVOICE_NOT_FOUND')
  .regex(/^[A-Za-z0-9_-]+$/, 'errors:INVOICE_NOT_FOUND');

/**
 * POST invoice/accept and service-invoice/accept. With `isBillingSameAsShipping` the server copies the shipping
 * address into billing (addressType Billing, country CA) and ignores any billing address sent; without it a
 * billing address is required.
 */
export const acceptInvoiceBodySchema = z
  .object({
    invoiceToken: acceptInvoiceTokenSchema,
    shippingAddress: orderAddressInputSchema,
    billingAddress: orderAddressInputSchema.nullable().default(null),
    isBillingSameAsShipping: z.boolean().default(true),
    signature: z.object({
      fullName: fullNameSchema,
      svg: z
        .string({ error: 'errors:SIGNATURE_REQUIRED' })
        .min(1, 'errors:SIGNATURE_REQUIRED')
        .max(signatureSvgMaxBytes, 'errors:SIGNATURE_TOO_LARGE'),
    }),
    termsVersion: z.string().trim().min(1).max(40),
    termsLanguage: z.enum(['en', 'fr']),
  })
  .refine((body) => body.isBillingSameAsShipping || body.billingAddress !== null, {
    message: 'errors:BILLING_ADDRESS_REQUIRED',
    path: ['billingAddress'],
  });
export type AcceptInvoiceBody = z.input<typeof acceptInvoiceBodySchema>;

export const acceptInvoiceResponseSchema = z.object({ orderId: z.string(), kind: orderKindSchema });
export type AcceptInvoiceResponse = z.infer<typeof acceptInvoiceResponseSchema>;

export const orderPaymentSchema = z.object({
  status: orderPaymentStatusSchema,
  provider: z.enum(['sandbox', 'stripe']).nullable(),
  intentId: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  refundedCents: centsSchema,
  failureCode: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderTimelineEntrySchema = z.object({
  status: orderStatusSchema,
  at: z.string(),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

export const paymentReviewStatuses = ['open', 'refunded', 'dismissed'] as const;
export const paymentReviewStatusSchema = z.enum(paymentReviewStatuses);
export type PaymentReviewStatus = z.infer<typeof paymentReviewStatusSchema>;

export const paymentReviewSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderKind: orderKindSchema,
  status: paymentReviewStatusSchema,
  reason: z.string(),
  /** Admin's note when resolving. */
  resolutionNote: z.string().nullable(),
  refundCents: centsSchema,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** The seller's answer (decision 316), once given. */
  sellerAnswer: z.string().nullable(),
  sellerAnsweredAt: z.string().nullable(),
  /** The seller answers by then (3 business days), else the review goes to an administrator. */
  answerDueAt: z.string(),
  /** When it went to an administrator for want of an answer, or null. */
  escalatedAt: z.string().nullable(),
});
export type PaymentReview = z.infer<typeof paymentReviewSchema>;

export const orderSchema = z.object({
  id: z.string(),
  kind: orderKindSchema,
  status: orderStatusSchema,
  invoiceId: z.string(),
  invoiceToken: z.string(),
  chatId: z.string(),
  buyer: z.object({ userId: z.string(), name: z.string() }),
  seller: z.object({ sellerId: z.number().int(), slug: z.string(), name: z.string() }),
  subject: z.object({
    id: z.number().int(),
    /** The product's or service's English name, copied from the invoice. */
    name: z.string(),
    /** Its French name, copied from the invoice (decision 232); null when the invoice has none. */
    nameFr: z.string().nullable(),
    category: z.string(),
    quantity: z.number().int(),
    unit: z.string().nullable(),
  }),
  negotiatedPriceCents: centsSchema,
  shippingCents: centsSchema,
  taxCents: centsSchema,
  totalCents: centsSchema,
  /** The payment terms of the accepted invoice, copied onto the order when it was made (docs/product.md §3 Order). */
  paymentTerms: z.string(),
  /** Its delivery terms, copied likewise. */
  deliveryTerms: z.string(),
  currency: z.literal('cad'),
  shippingAddress: orderAddressSchema,
  billingAddress: orderAddressSchema,
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  placedAt: z.string(),
  /**
   * The order's time zone, its invoice's (decisions 248, 265): its dates and times are shown in it, named, and its
   * deadlines count calendar days in it.
   */
  timeZone: z.enum(documentTimeZones),
  /** YYYY-MM-DD in the order's time zone: placed date + the invoice's lead days, calendar days (docs/product.md §2 order timeline). */
  estimatedDeliveryOn: z.string(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  payment: orderPaymentSchema,
  paymentReview: paymentReviewSchema.nullable(),
  /** Whether the buyer may request a payment review now (docs/product.md §9: 7 days, verified supplier, paid through us). */
  canRequestPaymentReview: z.boolean(),
  /** Statuses the seller may move the order to next (empty for the buyer's view). */
  nextStatuses: z.array(orderStatusSchema),
  timeline: z.array(orderTimelineEntrySchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderResponseSchema = z.object({ order: orderSchema });
export const orderListResponseSchema = pagedSchema(orderSchema);
export type OrderList = z.infer<typeof orderListResponseSchema>;

/**
 * GET orders / service-orders / seller/orders: search by order id, product (or service) name in English or French
 * (decision 232) or seller name; every status.
 */
export const orderListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  status: orderStatusSchema.optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const sellerOrderListQuerySchema = orderListQuerySchema.extend({
  kind: orderKindSchema.optional(),
  /** The orders that came out of one conversation (the seller's conversation view). */
  chatId: z.uuid('errors:CHAT_NOT_FOUND').optional(),
});
export type SellerOrderListQuery = z.infer<typeof sellerOrderListQuerySchema>;

export const orderIdParamsSchema = z.object({ id: z.uuid('errors:ORDER_NOT_FOUND') });

/** POST seller/orders/:id/status: shipped needs a tracking number and a carrier. */
export const sellerOrderStatusBodySchema = z
  .object({
    status: orderStatusSchema,
    trackingNumber: nameTextSchema({ max: 100 }).optional(),
    carrier: nameTextSchema({ max: 100 }).optional(),
  })
  .refine((body) => body.status !== 'shipped' || (body.trackingNumber && body.carrier), {
    message: 'errors:ORDER_TRACKING_REQUIRED',
    path: ['trackingNumber'],
  });
export type SellerOrderStatusBody = z.infer<typeof sellerOrderStatusBodySchema>;

/** POST orders/:id/payment-review (and service-orders/…): the buyer's reason. */
export const paymentReviewRequestSchema = z.object({
  reason: multilineTextSchema({
    min: 10,
    max: 2000,
    requiredMessage: 'errors:PAYMENT_REVIEW_REASON_REQUIRED',
  }),
});
export type PaymentReviewRequest = z.infer<typeof paymentReviewRequestSchema>;
/** The seller's answer to an open payment review (decision 316). */
export const paymentReviewAnswerSchema = z.object({
  answer: multilineTextSchema({
    min: 10,
    max: 2000,
    requiredMessage: 'errors:PAYMENT_REVIEW_ANSWER_REQUIRED',
  }),
});
export type PaymentReviewAnswer = z.infer<typeof paymentReviewAnswerSchema>;
export const paymentReviewResponseSchema = z.object({ review: paymentReviewSchema });

/** A refund: the whole amount left when `amountCents` is absent. */
export const refundRequestSchema = z.object({
  amountCents: z.number().int().positive().max(100_000_000_000).optional(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** POST admin/payment-reviews/:id/resolve: refund (full or partial, through the provider) or dismiss. */
export const resolvePaymentReviewBodySchema = z.discriminatedUnion('outcome', [
  refundRequestSchema.extend({
    outcome: z.literal('refund'),
    note: multilineTextSchema({ max: 2000 }).optional(),
  }),
  z.object({ outcome: z.literal('dismiss'), note: multilineTextSchema({ max: 2000 }).optional() }),
]);
export type ResolvePaymentReviewBody = z.infer<typeof resolvePaymentReviewBodySchema>;

export const adminPaymentReviewSchema = paymentReviewSchema.extend({
  order: z.object({
    id: z.string(),
    kind: orderKindSchema,
    totalCents: centsSchema,
    paymentStatus: orderPaymentStatusSchema,
    refundedCents: centsSchema,
    paidAt: z.string().nullable(),
    buyerName: z.string(),
    sellerName: z.string(),
    subjectName: z.string(),
    /** The subject's French name copied from the invoice (decision 232), or null. */
    subjectNameFr: z.string().nullable(),
    /** The order's time zone (decision 265): the refund window counts calendar days in it. */
    timeZone: z.enum(documentTimeZones),
  }),
});
export type AdminPaymentReview = z.infer<typeof adminPaymentReviewSchema>;
export const adminPaymentReviewListQuerySchema = pageQuerySchema.extend({
  status: paymentReviewStatusSchema.optional(),
});
export const adminPaymentReviewListResponseSchema = pagedSchema(adminPaymentReviewSchema);
export const adminPaymentReviewResponseSchema = z.object({ review: adminPaymentReviewSchema });
export const paymentReviewIdParamsSchema = z.object({ id: z.uuid('errors:PAYMENT_REVIEW_NOT_FOUND') });

/** docs/product.md §9 windows (decision 141). */
export const paymentReviewWindowDays = 7;
/** The seller answers an open payment review within this many business days, else it escalates (decision 316). */
export const paymentReviewAnswerBusinessDays = 3;
export const refundWindowDays = 30;

/** The chat business-action payloads of orders (`order_created`, `order_updated`, `order_cancelled`). */
export const chatOrderPayloadSchema = z.object({
  orderId: z.string(),
  kind: orderKindSchema,
  status: orderStatusSchema,
  invoiceToken: z.string(),
  trackingNumber: z.string().nullable().optional(),
  carrier: z.string().nullable().optional(),
  /** `payment_not_received`: cancelled by MapleSource because no payment succeeded in time (decision 166). */
  reason: z.enum(['payment_not_received']).optional(),
  /** On an `order_updated` about the payment: its new status (paid, failed, refunded, partly refunded). */
  paymentStatus: orderPaymentStatusSchema.optional(),
});
export type ChatOrderPayload = z.infer<typeof chatOrderPayloadSchema>;

/** Error codes of the accept flow, orders and payment reviews (the web maps each to `errors:<CODE>`). */
export const orderErrorCodes = [
  'INVOICE_NOT_FOUND',
  'INVOICE_EXPIRED',
  'INVOICE_NOT_PENDING',
  'INVOICE_TERMS_OUTDATED',
  'SIGNATURE_REQUIRED',
  'SIGNATURE_TOO_LARGE',
  'SIGNATURE_INVALID',
  'BILLING_ADDRESS_REQUIRED',
  'ORDER_NOT_FOUND',
  'ORDER_TRANSITION_NOT_ALLOWED',
  'ORDER_TRACKING_REQUIRED',
  'PAYMENT_REVIEW_REASON_REQUIRED',
  'PAYMENT_REVIEW_NOT_ALLOWED',
  'PAYMENT_REVIEW_EXISTS',
  'PAYMENT_REVIEW_NOT_FOUND',
  'PAYMENT_REVIEW_RESOLVED',
  'REFUND_WINDOW_CLOSED',
  'ORDER_NOT_PAID',
] as const;
export type OrderErrorCode = (typeof orderErrorCodes)[number];
