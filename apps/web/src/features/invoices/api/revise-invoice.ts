import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceKind, InvoiceResponse, ReviseInvoiceBody } from '@maplesource/contracts/invoices';
import { api } from '../../../lib/http';
import { invoiceKeys } from './get-invoice';
import { invoicePath } from './invoice-paths';

/**
 * POST invoice/revise (or service-invoice/revise, `role: seller`, Idempotency-Key): the next version of an invoice,
 * withdrawing it first when still pending (decisions 271, 272).
 */
export const reviseInvoice = ({
  kind,
  idempotencyKey,
  body,
}: {
  kind: InvoiceKind;
  idempotencyKey: string;
  body: ReviseInvoiceBody;
}) =>
  api.post<InvoiceResponse>(invoicePath(kind, 'revise'), {
    body,
    role: 'seller',
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** Like the withdrawal, the conversation is loaded again after a success or a refusal (a race lost to the buyer). */
export function useReviseInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviseInvoice,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['chat'] }),
      ]),
  });
}
