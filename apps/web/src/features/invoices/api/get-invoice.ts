import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice, InvoiceKind, InvoiceResponse } from '@maplesource/contracts/invoices';
import { api, isApiError } from '../../../lib/http';
import { invoicePath } from './invoice-paths';

export const invoiceKeys = {
  all: ['invoice'] as const,
  detail: (token: string, kind: InvoiceKind | null) => ['invoice', token, kind ?? 'any'] as const,
};

/**
 * GET invoice/details (or service-invoice/details). A link that does not say the kind (an e-mail, a typed URL)
 * asks the product route first and the service route after its 404: tokens are unique across both.
 */
export async function getInvoice(
  token: string,
  kind: InvoiceKind | null,
  signal?: AbortSignal,
): Promise<Invoice> {
  const ask = (k: InvoiceKind) =>
    api.get<InvoiceResponse>(invoicePath(k, 'details'), { query: { invoiceToken: token }, signal });
  if (kind) return (await ask(kind)).invoice;
  try {
    return (await ask('product')).invoice;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return (await ask('service')).invoice;
    throw error;
  }
}

export const invoiceQueryOptions = (token: string, kind: InvoiceKind | null) =>
  queryOptions({
    queryKey: invoiceKeys.detail(token, kind),
    queryFn: ({ signal }) => getInvoice(token, kind, signal),
    // A missing or foreign invoice stays missing: no retries on 404.
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });

export function useInvoice(token: string, kind: InvoiceKind | null) {
  return useQuery(invoiceQueryOptions(token, kind));
}
