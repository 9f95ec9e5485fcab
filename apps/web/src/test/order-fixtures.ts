import type { Order, PaymentReview } from '@maplesource/contracts/orders';
import { sessionUserFixture } from './account-fixtures';

export const ORDER_ID = '8b0c7f1e-2d3a-4b5c-9d6e-7f8091a2b3c4';

const address = {
  fullName: 'Jeanne Roy',
  line1: '12 rue Sainte-Catherine',
  line2: null,
  city: 'Montréal',
  province: 'QC',
  postalCode: 'H2X 1Y4',
  country: 'CA',
  phone: null,
} as const;

/** An order as the server answers it (contracts `orderSchema`), unpaid unless overridden. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    kind: 'product',
    status: 'pending',
    invoiceId: 'inv-1',
    invoiceToken: 'tok_abcdefgh12345678',
    chatId: '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b',
    buyer: { userId: 'u1', name: 'Jeanne Roy' },
    seller: { sellerId: 1, slug: 'acier-quebec', name: 'Acier Québec' },
    subject: {
      id: 1,
      name: 'Steel brackets',
      nameFr: 'Supports en acier',
      category: 'Brackets',
      quantity: 100,
      unit: 'pcs',
    },
    negotiatedPriceCents: 100_000,
    shippingCents: 5_000,
    taxCents: 15_724,
    totalCents: 120_724,
    paymentTerms: 'Paiement à l’acceptation',
    deliveryTerms: 'FAB Montréal',
    currency: 'cad',
    shippingAddress: { ...address, addressType: 'Shipping' },
    billingAddress: { ...address, addressType: 'Billing' },
    trackingNumber: null,
    carrier: null,
    placedAt: '2026-11-20T15:00:00.000Z',
    timeZone: 'America/Toronto',
    estimatedDeliveryOn: '2026-12-04',
    deliveredAt: null,
    cancelledAt: null,
    payment: {
      status: 'unpaid',
      provider: 'sandbox',
      intentId: null,
      cardBrand: null,
      cardLast4: null,
      refundedCents: 0,
      failureCode: null,
      paidAt: null,
    },
    paymentReview: null,
    canRequestPaymentReview: false,
    nextStatuses: [],
    timeline: [{ status: 'pending', at: '2026-11-20T15:00:00.000Z', trackingNumber: null, carrier: null }],
    ...overrides,
  };
}

/** The order once the provider's webhook confirmed its payment, by a card ending in `last4`. */
export const paidOrder = (order: Order, last4 = '4242'): Order => ({
  ...order,
  status: 'confirmed',
  payment: {
    ...order.payment,
    status: 'paid',
    cardBrand: 'visa',
    cardLast4: last4,
    paidAt: '2026-11-23T19:00:00.000Z',
  },
});

/** The order once the provider's webhook said its payment failed. */
export const failedOrder = (order: Order, failureCode: string): Order => ({
  ...order,
  payment: { ...order.payment, status: 'failed', failureCode },
});

export const sessionUser = sessionUserFixture();

/** A buyer's open payment review of the order (docs/product.md §4; decision 316), not yet answered by the seller. */
export function paymentReviewFixture(overrides: Partial<PaymentReview> = {}): PaymentReview {
  return {
    id: 'r1',
    orderId: ORDER_ID,
    orderKind: 'product',
    status: 'open',
    reason: 'Half the brackets were bent.',
    resolutionNote: null,
    refundCents: 0,
    createdAt: '2026-11-23T10:00:00.000Z',
    resolvedAt: null,
    sellerAnswer: null,
    sellerAnsweredAt: null,
    answerDueAt: '2026-11-26T10:00:00.000Z',
    escalatedAt: null,
    ...overrides,
  };
}

/** A JSON answer of the fake API (the catalogue fixtures' `jsonResponse`). */
export { jsonResponse as json } from './catalog-fixtures';
