import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  InvoiceKind,
  InvoiceResponse,
  RejectInvoiceWithOfferBody,
} from '@maplesource/contracts/invoices';
import { api } from '../../../lib/http';
import { invoiceKeys } from './get-invoice';
import { invoicePath } from './invoice-paths';

/** POST invoice/reject (or service-invoice/reject): the buyer rejects with a required reason and perhaps a counter-offer. */
export const rejectInvoice = ({ kind, ...body }: RejectInvoiceWithOfferBody & { kind: InvoiceKind }) =>
  api.post<InvoiceResponse>(invoicePath(kind, 'reject'), { body });

export function useRejectInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectInvoice,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['chat'] }),
      ]),
  });
}
