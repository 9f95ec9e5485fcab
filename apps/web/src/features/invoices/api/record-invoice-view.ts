import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice, InvoiceKind, InvoiceResponse } from '@maplesource/contracts/invoices';
import { api } from '../../../lib/http';
import { invoiceKeys } from './get-invoice';
import { invoicePath } from './invoice-paths';

/**
 * POST invoice/view (or service-invoice/view): the buyer opened the invoice page. Decision 246: the view is a
 * POST (which the role-header CSRF rule covers), never a side effect of the GET that loads the invoice.
 */
export const recordInvoiceView = ({ token, kind }: { token: string; kind: InvoiceKind }) =>
  api.post<InvoiceResponse>(invoicePath(kind, 'view'), { body: { invoiceToken: token } });

/** Records the buyer's first view once per page visit (not for the seller, not when already recorded). */
export function useRecordInvoiceView(invoice: Invoice, isBuyer: boolean) {
  const queryClient = useQueryClient();
  const sent = useRef<string | null>(null);
  const { mutate } = useMutation({
    mutationFn: recordInvoiceView,
    // Both keys the page may have used (with or without the kind) start with the token.
    onSuccess: ({ invoice: viewed }) =>
      queryClient.invalidateQueries({ queryKey: [...invoiceKeys.all, viewed.token] }),
  });
  const needed = isBuyer && invoice.viewedAt === null;
  useEffect(() => {
    if (!needed || sent.current === invoice.token) return;
    sent.current = invoice.token;
    mutate({ token: invoice.token, kind: invoice.kind });
  }, [needed, invoice.token, invoice.kind, mutate]);
}
