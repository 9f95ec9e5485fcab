import { z } from 'zod';
import {
  CNC_MAX_QUANTITY,
  cncQuoteRfqRequestSchema,
  type CncQuote,
  type CncQuoteCopyRequest,
  type CncQuoteRfqRequest,
} from '@maplesource/contracts/cnc-quotes';
import { finishSuitsMaterial, type CncMaterial } from '@maplesource/contracts/cnc-pricing';
import { normalizePostalCode } from '@maplesource/contracts/provinces';
import { deadlineOf, localDate } from '../../../lib/delivery-deadline';
import { checkPostalCodeProvince, deliveryRequestShape } from '../../../lib/delivery-request-schema';

export type CncPriceTerms = CncQuote['prices'][number];

/** The price of the quantity the quote asks for (the server prices it beside the breaks 1, 10, 50 and 100). */
export function askedPrice(quote: CncQuote): CncPriceTerms | undefined {
  return quote.prices.find((terms) => terms.quantity === quote.options.quantity);
}

/**
 * The same part priced at another quantity from its own terms (decision 326): only the setup is shared by the quantity
 * (decision 302's arithmetic, `priceCncPart`), so the per-part material, machining and finish stay as they are.
 */
export function repriceAtQuantity(terms: CncPriceTerms, quantity: number): CncPriceTerms {
  const setupPerPartCents = Math.round(terms.setupCents / quantity);
  const unitCents = Math.round(
    (terms.materialCents + terms.machiningCents + setupPerPartCents + terms.finishCents) *
      terms.leadTimeFactor,
  );
  return { ...terms, quantity, setupPerPartCents, unitCents, totalCents: unitCents * quantity };
}

/**
 * The quote as it will be once its quantity changes (shown until the server answers): the asked quantity's price
 * is replaced by the one at the new quantity; the breaks stay.
 */
export function withQuantity(quote: CncQuote, quantity: number): CncQuote {
  const base = askedPrice(quote) ?? quote.prices[0];
  if (!base) return { ...quote, options: { ...quote.options, quantity } };
  const breaks = quote.prices.filter((terms) => terms.quantity !== quote.options.quantity);
  const prices = breaks.some((terms) => terms.quantity === quantity)
    ? breaks
    : [...breaks, repriceAtQuantity(base, quantity)].sort((a, b) => a.quantity - b.quantity);
  return { ...quote, options: { ...quote.options, quantity }, prices };
}

/** A typed quantity: a whole number from 1 to 10,000, else the message key of the field's error. */
export function parseQuantity(
  text: string,
): { ok: true; quantity: number } | { ok: false; message: 'errors:CNC_QUOTE_QUANTITY_INVALID' } {
  const trimmed = text.trim().replace(/[\s,\u00a0\u202f]/g, '');
  if (!/^\d{1,6}$/.test(trimmed)) return { ok: false, message: 'errors:CNC_QUOTE_QUANTITY_INVALID' };
  const quantity = Number(trimmed);
  if (quantity < 1 || quantity > CNC_MAX_QUANTITY)
    return { ok: false, message: 'errors:CNC_QUOTE_QUANTITY_INVALID' };
  return { ok: true, quantity };
}

/**
 * The copy's body: the same options, in `material` when another is chosen. Anodizing suits aluminium only
 * (`finishSuitsMaterial`), so a copy of an anodized part in another material is as machined.
 */
export function copyRequest(quote: CncQuote, material: CncMaterial): CncQuoteCopyRequest {
  if (material === quote.options.material) return {};
  return finishSuitsMaterial(quote.options.finish, material)
    ? { material }
    : { material, finish: 'as-machined' };
}

/** Whether a copy in `material` loses the quote's finish (told to the buyer before they duplicate). */
export const copyDropsFinish = (quote: CncQuote, material: CncMaterial) =>
  material !== quote.options.material && !finishSuitsMaterial(quote.options.finish, material);

/**
 * The "request firm quotes" form as typed (a date, a select's value, a text, a checkbox), checked field by field as
 * `/global-quote`'s form checks the same fields (decision 321: the deadline is a day in the buyer's zone; the postal
 * code belongs to the province), then parsed into the contract's body, so the form never sends what the server refuses.
 * The request's title and description are written by the server in `language`, the page's.
 */
export function firmQuotesFormSchema(
  language: 'en' | 'fr',
  today: () => string = () => localDate(new Date()),
) {
  return z
    .object({
      ...deliveryRequestShape(
        { deadlineRequired: 'errors:CNC_DEADLINE_REQUIRED', deadlinePast: 'errors:CNC_DEADLINE_PAST' },
        today,
      ),
      notes: z.string().max(2000, 'errors:CNC_RFQ_NOTES_LENGTH'),
    })
    .superRefine(checkPostalCodeProvince)
    .transform((values): CncQuoteRfqRequest =>
      cncQuoteRfqRequestSchema.parse({
        deadline: deadlineOf(values.deadline),
        deliveryProvince: values.deliveryProvince,
        deliveryPostalCode: normalizePostalCode(values.deliveryPostalCode),
        private: values.private,
        language,
        ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
      }),
    );
}

export type FirmQuotesFormValues = z.input<ReturnType<typeof firmQuotesFormSchema>>;

export const emptyFirmQuotesForm = (): FirmQuotesFormValues => ({
  deadline: '',
  deliveryProvince: '',
  deliveryPostalCode: '',
  private: false,
  notes: '',
});
