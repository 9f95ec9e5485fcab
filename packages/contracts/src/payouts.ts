import { z } from 'zod';
import { dollarsToCents } from './money';

/**
 * A storefront's payout account (decision 312): where its sales are paid out, through Stripe Connect or the
 * sandbox. `pending_onboarding` until the seller completes the provider's form; `restricted` when the provider
 * needs more from them; `disabled` when the provider refused the account.
 */
export const payoutAccountStatuses = ['pending_onboarding', 'active', 'restricted', 'disabled'] as const;
export type PayoutAccountStatus = (typeof payoutAccountStatuses)[number];

/** The minimum a payout moves when the seller has not chosen one ($25), and the bounds a seller may choose. */
export const payoutMinimumDefaultCents = 2_500;
export const payoutMinimumLowestCents = 100;
export const payoutMinimumHighestCents = 100_000_000;

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const payoutWeekdays = [1, 2, 3, 4, 5, 6, 7] as const;

export const payoutScheduleSchema = z.discriminatedUnion('interval', [
  z.object({ interval: z.literal('daily') }).strict(),
  z
    .object({
      interval: z.literal('weekly'),
      weekday: z
        .number()
        .int()
        .min(1, 'payouts:PAYOUT_WEEKDAY_INVALID')
        .max(7, 'payouts:PAYOUT_WEEKDAY_INVALID'),
    })
    .strict(),
]);
export type PayoutSchedule = z.infer<typeof payoutScheduleSchema>;

/** PUT seller/:id/payout-account/settings: the schedule and the minimum amount, in cents. */
export const payoutSettingsSchema = z
  .object({
    schedule: payoutScheduleSchema,
    minimumCents: z
      .number()
      .int('payouts:PAYOUT_MINIMUM_INVALID')
      .min(payoutMinimumLowestCents, 'payouts:PAYOUT_MINIMUM_INVALID')
      .max(payoutMinimumHighestCents, 'payouts:PAYOUT_MINIMUM_INVALID'),
  })
  .strict();
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;

/**
 * The seller centre's settings form: what the fields hold (the minimum as typed dollars, the weekday as the select's
 * text), turned into `PayoutSettings` and checked by the same schema as the server's.
 */
export const payoutSettingsFormSchema = z
  .object({
    interval: z.enum(['daily', 'weekly']),
    weekday: z.string(),
    minimum: z.string().max(30, 'payouts:PAYOUT_MINIMUM_INVALID'),
  })
  .superRefine((form, context) => {
    const cents = dollarsToCents(form.minimum);
    if (cents === null || !payoutSettingsSchema.shape.minimumCents.safeParse(cents).success)
      context.addIssue({ code: 'custom', path: ['minimum'], message: 'payouts:PAYOUT_MINIMUM_INVALID' });
    if (form.interval === 'weekly' && !/^[1-7]$/.test(form.weekday))
      context.addIssue({ code: 'custom', path: ['weekday'], message: 'payouts:PAYOUT_WEEKDAY_INVALID' });
  })
  .transform((form): PayoutSettings => ({
    schedule:
      form.interval === 'weekly'
        ? { interval: 'weekly', weekday: Number(form.weekday) }
        : { interval: 'daily' },
    minimumCents: dollarsToCents(form.minimum) ?? 0,
  }));
export type PayoutSettingsForm = z.input<typeof payoutSettingsFormSchema>;

export const payoutAccountParamsSchema = z.object({
  id: z.string().regex(/^\d{1,15}$/, 'errors:SELLER_NOT_FOUND'),
});

export const payoutAccountSchema = z.object({
  sellerId: z.number().int(),
  provider: z.enum(['sandbox', 'stripe']),
  status: z.enum(payoutAccountStatuses),
  detailsSubmitted: z.boolean(),
  payoutsEnabled: z.boolean(),
  /** What the provider still needs (Stripe's requirement names). */
  requirementsDue: z.array(z.string()),
  schedule: payoutScheduleSchema,
  minimumCents: z.number().int(),
  updatedAt: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** GET seller/:id/payout-account: the account, or null before the seller starts onboarding. */
export const payoutAccountResponseSchema = z.object({
  account: payoutAccountSchema.nullable(),
  defaultMinimumCents: z.number().int(),
});
export type PayoutAccountResponse = z.infer<typeof payoutAccountResponseSchema>;

/** POST seller/:id/payout-account/onboarding?language=fr: the provider sends the seller back to the page in their language. */
export const payoutOnboardingQuerySchema = z.object({ language: z.enum(['en', 'fr']).default('en') });

/** POST seller/:id/payout-account/onboarding: where to send the seller (the provider's form), valid until. */
export const payoutOnboardingResponseSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
  account: payoutAccountSchema,
});
export type PayoutOnboardingResponse = z.infer<typeof payoutOnboardingResponseSchema>;

/** The seller centre's texts for these codes are in the `payouts` namespace, loaded with the seller centre. */
export const payoutErrorCodes = [
  'PAYOUT_ACCOUNT_NOT_FOUND',
  'PAYOUT_MINIMUM_INVALID',
  'PAYOUT_WEEKDAY_INVALID',
] as const;

/** A payout of the storefront's available balance (decision 297): pending until its transfer is made. */
export const payoutStatuses = ['pending', 'sent', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
export const payoutSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  amountCents: z.number().int(),
  status: z.enum(payoutStatuses),
  failureReason: z.string().nullable(),
  /** When the transfer was made (the funds reach the bank on the provider's own schedule). */
  sentAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** GET seller/:id/payouts: newest first; `cursor` is the last payout id of the previous page. */
export const payoutHistoryQuerySchema = z.object({
  cursor: z.uuid('errors:VALIDATION_FAILED').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const payoutHistoryResponseSchema = z.object({
  items: z.array(payoutSchema),
  nextCursor: z.string().nullable(),
});
export type PayoutHistory = z.infer<typeof payoutHistoryResponseSchema>;
