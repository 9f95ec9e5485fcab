import { z } from 'zod';
import { centsSchema } from './common';
import { sellerStorefrontParamsSchema } from './seller-catalogue';

/** Signed cents: an available balance may be negative after a refund that followed a payout (decision 296). */
const signedCentsSchema = z.number().int().min(-100_000_000_000).max(100_000_000_000);

/** GET seller/:sellerId/balance — the seller centre's balance (decision 296, docs/product.md §9). */
export const sellerBalanceSchema = z.object({
  pendingCents: signedCentsSchema,
  availableCents: signedCentsSchema,
  paidOutCents: signedCentsSchema,
  /** The seller's paid orders, newest first: what each brought, the platform's fee on it and when it is released. */
  orders: z.array(
    z.object({
      orderId: z.string(),
      grossCents: centsSchema,
      feeRateBps: z.number().int(),
      feeCents: centsSchema,
      feeTaxCents: centsSchema,
      refundedCents: centsSchema,
      heldCents: centsSchema,
      releaseAt: z.string(),
      releasedAt: z.string().nullable(),
      /** A payment review is open on the order: its held funds wait for the review's resolution. */
      frozen: z.boolean(),
    }),
  ),
});
export type SellerBalance = z.infer<typeof sellerBalanceSchema>;

/** GET seller/:sellerId/platform-fee — the fee a payment of `grossCents` in `category` would pay today. */
export const platformFeeQuerySchema = z.object({
  category: z.string().trim().max(200).default(''),
  grossCents: z.coerce.number().int().min(1).max(100_000_000_000),
});
export const platformFeeQuoteSchema = z.object({
  rateBps: z.number().int(),
  feeCents: centsSchema,
  feeTaxCents: centsSchema,
  sellerShareCents: signedCentsSchema,
});
export type PlatformFeeQuoteView = z.infer<typeof platformFeeQuoteSchema>;

/** GET admin/ledger/orders/:orderId — every entry an order caused, with its lines (read-only). */
export const ledgerEntryViewSchema = z.object({
  id: z.string(),
  key: z.string(),
  kind: z.string(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(
    z.object({
      holder: z.enum(['seller', 'buyer', 'platform']),
      holderId: z.string(),
      account: z.string(),
      amountCents: signedCentsSchema,
      balanceAfterCents: signedCentsSchema,
    }),
  ),
});
export type LedgerEntryView = z.infer<typeof ledgerEntryViewSchema>;
export const ledgerOrderParamsSchema = z.object({ orderId: z.uuid('errors:ORDER_NOT_FOUND') });
export const ledgerEntriesResponseSchema = z.object({ entries: z.array(ledgerEntryViewSchema) });
export const ledgerAccountQuerySchema = z.object({
  holder: z.enum(['seller', 'buyer', 'platform']),
  holderId: z
    .string()
    .max(100)
    .regex(/^[\w-]*$/)
    .default(''),
  account: z.enum([
    'pending',
    'available',
    'paid_out',
    'refunds',
    'fees',
    'fee_tax',
    'provider_fees',
    'cash_at_provider',
  ]),
  before: z.coerce.number().int().positive().optional(),
});
export const ledgerAccountResponseSchema = z.object({
  balanceCents: signedCentsSchema,
  entries: z.array(ledgerEntryViewSchema),
});
/** GET admin/ledger/held — funds held now, by release date. */
export const heldFundsResponseSchema = z.object({
  totalHeldCents: signedCentsSchema,
  holds: z.array(
    z.object({ orderId: z.string(), sellerId: z.string(), heldCents: centsSchema, releaseAt: z.string() }),
  ),
});

/**
 * GET seller/:sellerId/statements/:file — a monthly statement, `file` = `YYYY-MM.csv` or `YYYY-MM.pdf`. The file
 * name is checked by the route, so a bad month answers STATEMENT_MONTH_INVALID rather than a generic validation error.
 */
export const sellerStatementParamsSchema = sellerStorefrontParamsSchema.extend({ file: z.string().max(40) });
export const sellerStatementQuerySchema = z.object({ lang: z.enum(['en', 'fr']).default('en') });

/**
 * POST admin/test-clock/release-held-funds and admin/test-clock/payout-run (decision 306, TEST_CLOCK only): run the
 * release sweep or the payout run for one storefront as of `advanceDays` days from now.
 */
export const testClockRunBodySchema = z.object({
  sellerId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  advanceDays: z.number().int().min(0).max(400),
});
export const testClockReleaseResponseSchema = z.object({ asOf: z.string(), released: z.number().int() });
export const testClockPayoutRunResponseSchema = z.object({
  asOf: z.string(),
  created: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});
