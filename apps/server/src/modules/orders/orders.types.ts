import type { Db } from '../../db/client';
import type {
  DocumentTimeZone,
  InvoiceTaxLine,
  OrderAddress,
  OrderKind,
  OrderPaymentStatus,
  OrderStatus,
} from '@maplesource/contracts';

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
