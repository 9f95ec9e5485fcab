import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceKind, InvoiceResponse } from '@maplesource/contracts/invoices';
import { api } from '../../../lib/http';
import { invoiceKeys } from './get-invoice';
import { invoicePath } from './invoice-paths';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast-store';
import { invoiceActionFailure } from '../model/revision';
import { queryKeyRoots } from '../../../lib/query-keys';

/** POST invoice/withdraw (or service-invoice/withdraw, `role: seller`): the seller takes a pending invoice back (decision 271). */
export const withdrawInvoice = ({ kind, invoiceToken }: { kind: InvoiceKind; invoiceToken: string }) =>
  api.post<InvoiceResponse>(invoicePath(kind, 'withdraw'), { body: { invoiceToken }, role: 'seller' });

/**
 * The conversation's invoices and the chat are loaded again whatever the answer: after a success they changed, and
 * after a refusal (the buyer answered meanwhile, decision 271) they are out of date.
 */
export function useWithdrawInvoice() {
  const { t } = useTranslation('invoices');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvoice,
    // Announced here rather than by the buttons' callbacks, which the withdrawal's live event may unmount first.
    onSuccess: () => toast.success(t('versions.withdrawn')),
    onError: (error) => toast.error(invoiceActionFailure(t, error)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeyRoots.chat }),
      ]),
  });
}
