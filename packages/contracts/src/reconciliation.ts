import { z } from 'zod';
import { payoutStatuses } from './payouts';

/** Signed cents: a refund, a transfer or a chargeback lowers the platform's cash at the provider. */
const signedCentsSchema = z.number().int().min(-100_000_000_000).max(100_000_000_000);

/** A day of the reconciliation (decision 304), `YYYY-MM-DD` in UTC. */
export const reconciliationDateSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'errors:RECONCILIATION_DATE_INVALID')
  // A day of the calendar: 2026-02-30 would otherwise be read as 2 March.
  .refine((date) => {
    const time = Date.parse(`${date}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === date;
  }, 'errors:RECONCILIATION_DATE_INVALID');

/**
 * What moved the platform's cash at the provider, in the ledger's words: a capture (the provider's `charge`), a
 * refund, a payout (the provider's `transfer`), a chargeback (the provider's dispute `adjustment`) and the
 * provider's own fee on a charge.
 */
export const reconciliationMovementTypes = [
  'charge',
  'refund',
  'transfer',
  'adjustment',
  'provider_fee',
] as const;
export type ReconciliationMovementType = (typeof reconciliationMovementTypes)[number];

/**
 * `missing_in_ledger`: the provider moved money the ledger does not know; `missing_at_provider`: the ledger posted a
 * movement the provider has no transaction for; `amount_differs`: both have it, with different amounts.
 */
export const reconciliationMismatchKinds = [
  'missing_in_ledger',
  'missing_at_provider',
  'amount_differs',
] as const;
export type ReconciliationMismatchKind = (typeof reconciliationMismatchKinds)[number];

/** One reconciled day: what each side counted and totalled, and how many movements did not match. */
export const reconciliationDaySummarySchema = z.object({
  runDate: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
  /** When this report was made (a re-run replaces the day's report). */
  ranAt: z.string(),
  providerCount: z.number().int(),
  ledgerCount: z.number().int(),
  matchedCount: z.number().int(),
  mismatchCount: z.number().int(),
  providerTotalCents: signedCentsSchema,
  ledgerTotalCents: signedCentsSchema,
});
export type ReconciliationDaySummary = z.infer<typeof reconciliationDaySummarySchema>;

export const reconciliationMismatchSchema = z.object({
  kind: z.enum(reconciliationMismatchKinds),
  type: z.enum(reconciliationMovementTypes),
  /** What both sides share: the charge, refund, transfer or dispute id at the provider. */
  sourceId: z.string(),
  /** The provider's balance transaction, when it has one. */
  providerTransactionId: z.string().nullable(),
  /** The ledger entry's key, when the ledger has one. */
  ledgerEntryKey: z.string().nullable(),
  orderId: z.string().nullable(),
  providerAmountCents: signedCentsSchema.nullable(),
  ledgerAmountCents: signedCentsSchema.nullable(),
});
export type ReconciliationMismatch = z.infer<typeof reconciliationMismatchSchema>;

/** GET admin/reconciliation?cursor=YYYY-MM-DD — reconciled days, newest first; `cursor` is the last day shown. */
export const reconciliationDaysQuerySchema = z.object({
  cursor: reconciliationDateSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const reconciliationDaysResponseSchema = z.object({
  items: z.array(reconciliationDaySummarySchema),
  nextCursor: z.string().nullable(),
});
export type ReconciliationDaysResponse = z.infer<typeof reconciliationDaysResponseSchema>;

/** GET admin/reconciliation/:date — the day's report and every mismatch in it. */
export const reconciliationDayParamsSchema = z.object({ date: reconciliationDateSchema });
export const reconciliationDayResponseSchema = z.object({
  day: reconciliationDaySummarySchema,
  mismatches: z.array(reconciliationMismatchSchema),
});
export type ReconciliationDayResponse = z.infer<typeof reconciliationDayResponseSchema>;

/** GET admin/payouts?status=&cursor= — payouts across storefronts, newest first; `cursor` is the last payout id. */
export const adminPayoutsQuerySchema = z.object({
  status: z.enum(payoutStatuses).optional(),
  cursor: z.uuid('errors:VALIDATION_FAILED').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminPayoutsQuery = z.infer<typeof adminPayoutsQuerySchema>;
export const adminPayoutSchema = z.object({
  id: z.string(),
  sellerId: z.number().int(),
  storefrontName: z.string(),
  storefrontSlug: z.string(),
  runDate: z.string(),
  amountCents: z.number().int(),
  provider: z.enum(['sandbox', 'stripe']),
  status: z.enum(payoutStatuses),
  failureReason: z.string().nullable(),
  transferId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
export const adminPayoutsResponseSchema = z.object({
  items: z.array(adminPayoutSchema),
  nextCursor: z.string().nullable(),
});
export type AdminPayoutsResponse = z.infer<typeof adminPayoutsResponseSchema>;

/** Admin-only error codes of these routes (texts in the admin's `sellerErrors` namespace). */
export const reconciliationErrorCodes = [
  'RECONCILIATION_DATE_INVALID',
  'RECONCILIATION_DATE_FUTURE',
  'RECONCILIATION_NOT_FOUND',
] as const;
