import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceKind, InvoiceResponse, IssueInvoiceBody } from '@maplesource/contracts/invoices';
import { api } from '../../../lib/http';
import { invoiceKeys } from './get-invoice';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast-store';
import { invoiceActionFailure } from '../model/revision';
import { queryKeyRoots } from '../../../lib/query-keys';

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

/**
 * The outcome is announced from the mutation, not from the caller's `mutate` callbacks: the conversation's live event
 * of the change often arrives before the HTTP answer and replaces the form or the buttons, and TanStack Query drops the
 * callbacks of a `mutate` whose component is gone.
 */
export function useIssueInvoice() {
  const { t } = useTranslation('invoices');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueInvoice,
    onSuccess: () => {
      toast.success(t('generate.issued'));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeyRoots.chat }),
      ]);
    },
    onError: (error) => toast.error(invoiceActionFailure(t, error)),
  });
}
