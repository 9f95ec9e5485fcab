import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice, InvoiceKind, InvoiceListResponse } from '@maplesource/contracts/invoices';
import { api } from '../../../lib/http';
import { invoiceKeys } from './get-invoice';

/** GET chats/:chatId/invoices (or service-chats/…): a conversation's invoices, for either participant. */
export const getChatInvoices = (kind: InvoiceKind, chatId: string, signal?: AbortSignal) =>
  api.get<InvoiceListResponse>(
    `${kind === 'service' ? 'service-chats' : 'chats'}/${encodeURIComponent(chatId)}/invoices`,
    {
      signal,
    },
  );

/** The newest invoice of a list (issue date, then creation time). */
export function newestInvoice(items: readonly Invoice[]): Invoice | null {
  let newest: Invoice | null = null;
  for (const item of items) if (!newest || item.createdAt > newest.createdAt) newest = item;
  return newest;
}

/**
 * The conversation's newest invoice. `seenToken` (the newest invoice business action the chat holds) is part of
 * the key, so an `invoice_sent` arriving live loads the list again.
 */
export const chatInvoiceQueryOptions = (kind: InvoiceKind, chatId: string, seenToken: string | null) =>
  queryOptions({
    queryKey: [...invoiceKeys.all, 'chat', kind, chatId, seenToken ?? 'none'] as const,
    queryFn: async ({ signal }) => newestInvoice((await getChatInvoices(kind, chatId, signal)).items),
  });

/** Asks only when the conversation has had an invoice (`chat.invoiceId`, or an invoice action the chat holds). */
export function useChatInvoice(
  kind: InvoiceKind,
  chatId: string,
  seenToken: string | null,
  hasInvoice: boolean,
) {
  return useQuery({
    ...chatInvoiceQueryOptions(kind, chatId, seenToken),
    enabled: hasInvoice || seenToken !== null,
  });
}
