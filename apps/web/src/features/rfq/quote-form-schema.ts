import { z } from 'zod';
import { centsToDollarsText, dollarsToCents } from '@maplesource/contracts/money';
import { rfqQuoteRequestSchema, type RfqQuoteRequest } from '@maplesource/contracts/rfq';

/** At most this many quantity tiers besides the base price (the contract's `tiers`). */
export const RFQ_QUOTE_TIERS_MAX = 10;

const MAX_CENTS = 100_000_000_00;
const positiveDollars = (text: string) => {
  const cents = dollarsToCents(text);
  return cents !== null && cents >= 1 && cents <= MAX_CENTS;
};
const whole = (text: string) => (/^\s*\d{1,9}\s*$/.test(text) ? Number(text.trim()) : null);

/**
 * A supplier's answer as typed: the unit price (from one unit), optional cheaper prices from larger quantities, the
 * lead time, the shipping, a validity date and notes; checked field by field with `rfq:` messages and turned into the
 * contract's `rfqQuoteRequestSchema` body (parsed with it again, so the form never sends what the server refuses).
 */
export function quoteFormSchema(today: () => string) {
  const tier = z.object({
    minQuantity: z.string().refine((text) => {
      const n = whole(text);
      return n !== null && n >= 2 && n <= 10_000_000;
    }, 'rfq:TIER_QUANTITY_INVALID'),
    unitPrice: z.string().refine(positiveDollars, 'rfq:PRICE_INVALID'),
  });
  return z
    .object({
      unitPrice: z.string().refine(positiveDollars, 'rfq:PRICE_INVALID'),
      tiers: z.array(tier).max(RFQ_QUOTE_TIERS_MAX, 'rfq:TIERS_TOO_MANY'),
      leadDays: z.string().refine((text) => {
        const n = whole(text);
        return n !== null && n >= 1 && n <= 365;
      }, 'rfq:LEAD_DAYS_INVALID'),
      shipping: z.string().refine((text) => {
        const cents = dollarsToCents(text);
        return cents !== null && cents >= 0 && cents <= MAX_CENTS;
      }, 'rfq:SHIPPING_INVALID'),
      validUntil: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'rfq:VALID_UNTIL_REQUIRED')
        // A day not yet well formed has its own message above.
        .refine((day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || day >= today(), 'rfq:VALID_UNTIL_PAST'),
      notes: z.string().trim().max(2000, 'rfq:NOTES_LENGTH'),
    })
    .superRefine((values, ctx) => {
      const seen = new Set<string>();
      values.tiers.forEach((t, index) => {
        const key = String(whole(t.minQuantity));
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            path: ['tiers', index, 'minQuantity'],
            message: 'rfq:TIER_QUANTITY_REPEATED',
          });
        seen.add(key);
      });
    })
    .transform((values): RfqQuoteRequest =>
      rfqQuoteRequestSchema.parse({
        unitPriceCents: dollarsToCents(values.unitPrice),
        tiers: values.tiers.map((t) => ({
          minQuantity: whole(t.minQuantity),
          unitPriceCents: dollarsToCents(t.unitPrice),
        })),
        leadDays: whole(values.leadDays),
        shippingCents: dollarsToCents(values.shipping),
        validUntil: values.validUntil,
        notes: values.notes,
      }),
    );
}

export type QuoteFormValues = z.input<ReturnType<typeof quoteFormSchema>>;

/** The form filled with a quote already sent (a revision starts from the latest version). */
export function quoteFormValues(
  latest: {
    unitPriceCents: number;
    tiers: readonly { minQuantity: number; unitPriceCents: number }[];
    leadDays: number;
    shippingCents: number;
    validUntil: string;
    notes: string;
  } | null,
): QuoteFormValues {
  if (!latest) return { unitPrice: '', tiers: [], leadDays: '', shipping: '', validUntil: '', notes: '' };
  return {
    unitPrice: centsToDollarsText(latest.unitPriceCents),
    // The server stores the base price as the tier from one unit: the form shows it once, as the unit price.
    tiers: latest.tiers
      .filter((t) => t.minQuantity > 1)
      .map((t) => ({ minQuantity: String(t.minQuantity), unitPrice: centsToDollarsText(t.unitPriceCents) })),
    leadDays: String(latest.leadDays),
    shipping: centsToDollarsText(latest.shippingCents),
    validUntil: latest.validUntil.slice(0, 10),
    notes: latest.notes,
  };
}
