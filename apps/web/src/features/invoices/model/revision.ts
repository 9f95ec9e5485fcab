import type { Invoice, IssueInvoiceBody } from '@maplesource/contracts/invoices';
import type { TFunction } from 'i18next';
import { errorMessage, isApiError } from '../../../lib/http';

/**
 * The next version of an invoice (decisions 271, 272): the version it revises, and whether the form starts from
 * that version's terms or from the buyer's counter-offer on it.
 */
export type InvoiceRevision = { invoice: Invoice; from: 'invoice' | 'counterOffer' };

/**
 * The invoice form's values as typed: the money fields hold cents once typed, or the prefilled amount in dollars
 * (what the field shows) until then.
 */
export type IssueInvoiceForm = Omit<IssueInvoiceBody, 'negotiatedPriceCents' | 'shippingCents'> & {
  negotiatedPriceCents?: number | string | undefined;
  shippingCents?: number | string | undefined;
};

/** Cents as the money fields show them: dollars with two decimals. */
export const centsToDollarsText = (cents: number) => (cents / 100).toFixed(2);

/**
 * The form's first values for a revision: the revised version's terms (quantity, price, shipping, terms, lead days,
 * deadline, tax override), with the counter-offer's price, quantity and delivery date over them when it is the
 * source (what the buyer left out stays as it was).
 */
export function revisionDefaults({ invoice, from }: InvoiceRevision): IssueInvoiceForm {
  const offer = from === 'counterOffer' ? invoice.counterOffer : null;
  const price = offer?.negotiatedPriceCents ?? invoice.negotiatedPriceCents;
  const deadline = offer?.deliveryDate ?? invoice.deadline;
  return {
    quantity: offer?.quantity ?? invoice.subject.quantity,
    negotiatedPriceCents: centsToDollarsText(price),
    shippingCents: centsToDollarsText(invoice.shippingCents),
    paymentTerms: invoice.paymentTerms,
    deliveryTerms: invoice.deliveryTerms,
    notes: invoice.notes,
    leadDays: invoice.leadDays,
    ...(deadline ? { deadline } : {}),
    taxOverride:
      invoice.taxOverrideCode === null
        ? null
        : {
            reason: invoice.taxOverrideCode,
            certificateNumber: invoice.taxExemptionCertificate,
            lines: invoice.taxLines.map((line) => ({ ...line })),
          },
  };
}

/**
 * Refusals that mean the conversation moved on while the seller looked (the buyer accepted or rejected, another tab
 * revised): the view is loaded again and the message says so.
 */
const raced = new Set([
  'INVOICE_NOT_PENDING',
  'INVOICE_NOT_REVISABLE',
  'INVOICE_ALREADY_REVISED',
  'INVOICE_ALREADY_PENDING',
  'INVOICE_WITHDRAWN',
]);
export const isRaceLost = (error: unknown) => isApiError(error) && raced.has(error.code);

/** What a refused invoice action says: the server's reason, and when the buyer won the race, that the view was refreshed. */
export const invoiceActionFailure = (t: TFunction, error: unknown): string =>
  isRaceLost(error)
    ? `${errorMessage(t, error)} ${t('invoices:versions.refreshed')}`
    : errorMessage(t, error);
