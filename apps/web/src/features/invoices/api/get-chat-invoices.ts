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

/** The newest invoice of a list: created last (ties broken by id, as the server orders them). */
export function newestInvoice(items: readonly Invoice[]): Invoice | null {
  let newest: Invoice | null = null;
  for (const item of items) {
    const created = newest ? Date.parse(item.createdAt) - Date.parse(newest.createdAt) : 1;
    if (!newest || created > 0 || (created === 0 && item.id > newest.id)) newest = item;
  }
  return newest;
}

/** The panel's `seen` key for the chat's newest invoice: its token and the seq of the action that last told it. */
export const invoiceSeenKey = (latest: { invoiceToken: string; seenSeq: number } | null): string | null =>
  latest ? `${latest.invoiceToken}@${latest.seenSeq}` : null;

/**
 * The conversation's newest invoice. `seen` (`invoiceSeenKey`: what the chat last said about its newest invoice)
 * is part of the key, so an `invoice_sent` or a new state arriving live loads the list again.
 */
export const chatInvoiceQueryOptions = (kind: InvoiceKind, chatId: string, seen: string | null) =>
  queryOptions({
    queryKey: [...invoiceKeys.all, 'chat', kind, chatId, seen ?? 'none'] as const,
    queryFn: async ({ signal }) => newestInvoice((await getChatInvoices(kind, chatId, signal)).items),
  });

/** Asks only when the conversation has had an invoice (`chat.invoiceId`, or an invoice action the chat holds). */
export function useChatInvoice(kind: InvoiceKind, chatId: string, seen: string | null, hasInvoice: boolean) {
  return useQuery({
    ...chatInvoiceQueryOptions(kind, chatId, seen),
    enabled: hasInvoice || seen !== null,
  });
}
