import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptInvoiceBody, AcceptInvoiceResponse } from '@maplesource/contracts/orders';
import type { InvoiceKind } from '@maplesource/contracts/invoices';
import { api } from '../../../lib/http';
import { invoiceKeys } from './get-invoice';
import { invoicePath } from './invoice-paths';
import { queryKeyRoots } from '../../../lib/query-keys';

/**
 * POST invoice/accept (or service-invoice/accept). One Idempotency-Key per attempt: a double click or a retry
 * after a lost answer gets the same order back.
 */
export const acceptInvoice = ({
  kind,
  idempotencyKey,
  body,
}: {
  kind: InvoiceKind;
  idempotencyKey: string;
  body: AcceptInvoiceBody;
}) =>
  api.post<AcceptInvoiceResponse>(invoicePath(kind, 'accept'), {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useAcceptInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvoice,
    // Not awaited: the accepted invoice re-renders the page without the flow, which would drop the caller's
    // onSuccess (the navigation to the checkout) if the refetch finished first.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeyRoots.chat });
    },
  });
}
