import { createQuotation } from './operations/create-quotation';
import { decideQuotation } from './operations/decide-quotation';
import { getQuotationFor } from './operations/get-quotation';

export type { NewQuotation } from './operations/create-quotation';

/**
 * Quotations (docs/product.md §3 Inquiry): stored by the send-inquiry workflow, answered once by the seller user of the
 * conversation, read by its two parties only (anyone else: 404). Each method is one file in `operations/`.
 */
export function createQuotesService() {
  return { create: createQuotation, getFor: getQuotationFor, decide: decideQuotation };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
