import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceKind, InvoiceResponse, ReviseInvoiceBody } from '@maplesource/contracts/invoices';
import { api } from '../../../lib/http';
import { invoiceKeys } from './get-invoice';
import { invoicePath } from './invoice-paths';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast-store';
import { invoiceActionFailure } from '../model/revision';
import { queryKeyRoots } from '../../../lib/query-keys';

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

/**
 * Like the withdrawal, the conversation is loaded again after a success or a refusal (a race lost to the buyer). The
 * outcome is announced from the mutation, not from the form's `mutate` callbacks: the conversation's live event can
 * replace the form before the HTTP answer, and TanStack Query drops the callbacks of a `mutate` whose component is gone.
 */
export function useReviseInvoice() {
  const { t } = useTranslation('invoices');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviseInvoice,
    onSuccess: (response) => toast.success(t('versions.revised', { version: response.invoice.version })),
    onError: (error) => toast.error(invoiceActionFailure(t, error)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeyRoots.chat }),
      ]),
  });
}
