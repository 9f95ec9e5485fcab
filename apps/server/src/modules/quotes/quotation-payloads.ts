import { dollarsToCents } from '@maplesource/contracts/money';
import type { ChatQuotationPayload, Quotation } from '@maplesource/contracts';
import { badRequest } from '../../plugins/errors';

/**
 * Dollars from the inquiry form → integer cents, exactly (contracts' `dollarsToCents`; the schema allows two
 * decimals at most and 100,000,000 at the most, so the number's text is a plain decimal).
 */
export function toCents(dollars: number): number {
  const cents = dollarsToCents(String(dollars));
  if (cents === null) throw badRequest('INQUIRY_PRICE_CENTS', 'Prices have at most two decimals');
  return cents;
}

/** What the conversation shows of a quotation (the `quotation_created` business action's payload). */
export function chatPayloadOf(quotation: Quotation): ChatQuotationPayload {
  return {
    quotationId: quotation.id,
    requestId: quotation.requestId,
    subjectName: quotation.subject.name,
    subjectNameFr: quotation.subject.nameFr,
    quantity: quotation.quantity,
    deadline: quotation.deadline,
    minPriceCents: quotation.minPriceCents,
    maxPriceCents: quotation.maxPriceCents,
    deliveryProvince: quotation.deliveryProvince,
    deliveryPostalCode: quotation.deliveryPostalCode,
    leadDays: quotation.leadDays,
    description: quotation.message,
    additionalRequirements: null,
  };
}
