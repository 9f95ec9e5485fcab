import { z } from 'zod';
import { centsSchema } from './common';
import { CANADIAN_POSTAL_CODE } from './provinces';

/**
 * Card checkout (decision 073): our API creates one payment intent per order; the card form sends the
 * card to the provider's own endpoint (the sandbox's under /sandbox-pay, Stripe's through Stripe.js), never to
 * our order routes. The outcome arrives by signed webhook; the page polls the order until it has settled.
 */

export const paymentIntentStatuses = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
] as const;
export const paymentIntentStatusSchema = z.enum(paymentIntentStatuses);
export type PaymentIntentStatusValue = z.infer<typeof paymentIntentStatusSchema>;

/** POST payment/create-order-intent and payment/create-service-order-intent. */
export const createOrderIntentBodySchema = z.object({ orderId: z.uuid('errors:ORDER_NOT_FOUND') });
export type CreateOrderIntentBody = z.infer<typeof createOrderIntentBodySchema>;

export const createOrderIntentResponseSchema = z.object({
  intentId: z.string(),
  clientSecret: z.string(),
  amountCents: centsSchema,
  currency: z.literal('cad'),
  provider: z.enum(['sandbox', 'stripe']),
  status: paymentIntentStatusSchema,
  /** Where the card form posts the card (the sandbox's endpoint); null with Stripe (Stripe.js confirms). */
  confirmUrl: z.string().nullable(),
  failureCode: z.string().nullable(),
});
export type CreateOrderIntentResponse = z.infer<typeof createOrderIntentResponseSchema>;

/**
 * GET payment/provider (the payment backend): which provider takes cards, and for Stripe the publishable key the
 * checkout gives Stripe.js (decision 165). The client secret still comes with the order's intent. `testPayments`:
 * no money moves (the sandbox, or Stripe in test mode); every page then says so (decision 238).
 */
export const paymentProviderInfoSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('sandbox'), testPayments: z.literal(true) }),
  z.object({
    provider: z.literal('stripe'),
    publishableKey: z.string().regex(/^pk_(test|live)_[A-Za-z0-9]+$/),
    testPayments: z.boolean(),
  }),
]);
export type PaymentProviderInfo = z.infer<typeof paymentProviderInfoSchema>;

/** Path of the sandbox provider's card endpoint for one intent (served only when the sandbox is selected). */
export const sandboxConfirmPath = (intentId: string) =>
  `/sandbox-pay/intents/${encodeURIComponent(intentId)}/confirm`;
/** Path of the sandbox's 3-D Secure challenge page for one intent. */
export const sandboxChallengePath = (intentId: string) =>
  `/sandbox-pay/intents/${encodeURIComponent(intentId)}/challenge`;

/** The card form's body to the sandbox's endpoint: the card, authorised by the intent's client secret. */
export const sandboxConfirmBodySchema = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z
    .string({ error: 'errors:CARD_NUMBER_INVALID' })
    .max(30, 'errors:CARD_NUMBER_INVALID')
    .regex(/^[\d\s-]{12,30}$/, 'errors:CARD_NUMBER_INVALID'),
  expMonth: z.number().int().min(1, 'errors:CARD_EXPIRY_INVALID').max(12, 'errors:CARD_EXPIRY_INVALID'),
  /** Four digits (2026). */
  expYear: z.number().int().min(2000, 'errors:CARD_EXPIRY_INVALID').max(2100, 'errors:CARD_EXPIRY_INVALID'),
  cvc: z.string().regex(/^\d{3,4}$/, 'errors:CARD_CVC_INVALID'),
  postalCode: z.string().trim().max(10).regex(CANADIAN_POSTAL_CODE, 'errors:POSTAL_CODE_INVALID'),
  /** Where the challenge page sends the buyer back (a path of our site, e.g. /checkout?order=…). */
  returnPath: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)[^\s\\]*$/, 'errors:RETURN_PATH_INVALID')
    .optional(),
});
export type SandboxConfirmBody = z.infer<typeof sandboxConfirmBodySchema>;

export const sandboxConfirmResponseSchema = z.object({
  intentId: z.string(),
  status: paymentIntentStatusSchema,
  failureCode: z.string().nullable(),
  /** With `requires_action`: the challenge page to open. */
  challengeUrl: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type SandboxConfirmResponse = z.infer<typeof sandboxConfirmResponseSchema>;

/** Error codes of checkout (the web maps each to `errors:<CODE>`). */
export const paymentErrorCodes = [
  'ORDER_ALREADY_PAID',
  'ORDER_NOT_PAYABLE',
  'CARD_NUMBER_INVALID',
  'CARD_EXPIRY_INVALID',
  'CARD_EXPIRED',
  'CARD_CVC_INVALID',
  'RETURN_PATH_INVALID',
  'PAYMENT_INTENT_NOT_FOUND',
  'PAYMENT_INTENT_STATE',
  'PAYMENT_INVALID',
  'PAYMENT_REFUND_TOO_LARGE',
] as const;
export type PaymentErrorCode = (typeof paymentErrorCodes)[number];

/** Card networks as their owners write them (the same in English and French); the provider sends lowercase ids. */
const cardBrandNames: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  american_express: 'American Express',
  'american express': 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  diners_club: 'Diners Club',
  'diners club': 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  interac: 'Interac',
  eftpos_au: 'eftpos',
  cartes_bancaires: 'Cartes Bancaires',
};

/** "visa" → "Visa", "amex" → "American Express"; an unknown brand is shown as sent, an absent or "unknown" one as null. */
export function cardBrandName(brand: string | null | undefined): string | null {
  if (!brand) return null;
  const key = brand.trim().toLowerCase();
  if (key === '' || key === 'unknown') return null;
  return cardBrandNames[key] ?? brand.trim();
}
