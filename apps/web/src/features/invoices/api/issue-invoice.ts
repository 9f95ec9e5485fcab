import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceKind, InvoiceResponse, IssueInvoiceBody } from '@maplesource/contracts/invoices';
import { api } from '../../../lib/http';
import { invoiceKeys } from './get-invoice';

/** POST chats/:chatId/invoices (or service-chats/…, `role: seller`): the seller issues an invoice from a conversation. */
export const issueInvoice = ({
  kind,
  chatId,
  idempotencyKey,
  body,
}: {
  kind: InvoiceKind;
  chatId: string;
  idempotencyKey: string;
  body: IssueInvoiceBody;
}) =>
  api.post<InvoiceResponse>(
    `${kind === 'service' ? 'service-chats' : 'chats'}/${encodeURIComponent(chatId)}/invoices`,
    {
      body,
      role: 'seller',
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  );

export function useIssueInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueInvoice,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['chat'] }),
      ]),
  });
}
