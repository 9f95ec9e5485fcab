import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  InvoiceKind,
  InvoiceResponse,
  RejectInvoiceWithOfferBody,
} from '@maplesource/contracts/invoices';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import { invoiceKeys } from './get-invoice';
import { invoicePath } from './invoice-paths';
import { queryKeyRoots } from '../../../lib/query-keys';

/** POST invoice/reject (or service-invoice/reject): the buyer rejects with a required reason and perhaps a counter-offer. */
export const rejectInvoice = ({ kind, ...body }: RejectInvoiceWithOfferBody & { kind: InvoiceKind }) =>
  api.post<InvoiceResponse>(invoicePath(kind, 'reject'), { body });

/**
 * The outcome is announced from the mutation, not from the form's `mutate` callbacks: in a conversation the live
 * event of the rejection can replace the form before the HTTP answer, and TanStack Query drops the callbacks of a
 * `mutate` whose component is gone.
 */
export function useRejectInvoice() {
  const { t } = useTranslation('invoices');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectInvoice,
    onSuccess: () => {
      toast.success(t('toast.rejected'));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeyRoots.chat }),
      ]);
    },
    onError: (error) => toast.error(`${t('toast.decisionFailed')} ${errorMessage(t, error)}`),
  });
}
