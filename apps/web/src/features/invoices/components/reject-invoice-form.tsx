import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  rejectInvoiceBodySchema,
  type InvoiceKind,
  type RejectInvoiceBody,
} from '@maplesource/contracts/invoices';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { fieldError } from '../../../lib/field-error';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import { useRejectInvoice } from '../api/reject-invoice';

/**
 * Reject with a REQUIRED reason (issue 12: the spec shows it both optional and required; a seller learns nothing
 * from a bare rejection). Checked here with the server's schema, and again by the server.
 */
export function RejectInvoiceForm({
  token,
  kind,
  onDone,
  onCancel,
}: {
  token: string;
  kind: InvoiceKind;
  onDone?: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('invoices');
  const reject = useRejectInvoice();
  const form = useForm<RejectInvoiceBody>({
    resolver: zodResolver(rejectInvoiceBodySchema),
    defaultValues: { invoiceToken: token, reason: '' },
  });
  const submit = form.handleSubmit((values) =>
    reject.mutate(
      { ...values, kind },
      {
        onSuccess: () => {
          toast.success(t('toast.rejected'));
          onDone?.();
        },
        onError: (error) => toast.error(`${t('toast.decisionFailed')} ${errorMessage(t, error)}`),
      },
    ),
  );
  const reasonError = form.formState.errors.reason?.message ?? form.formState.errors.invoiceToken?.message;
  return (
    <form onSubmit={submit} noValidate className="flex w-full flex-col gap-2">
      <Field label={t('reject.reason')} hint={t('reject.hint')} error={fieldError(t, reasonError)} required>
        {(p) => (
          <textarea
            {...p}
            rows={3}
            maxLength={1000}
            className={inputClasses(Boolean(reasonError))}
            {...form.register('reason')}
          />
        )}
      </Field>
      {reject.error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t('toast.decisionFailed')} {errorMessage(t, reject.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant="danger" loading={reject.isPending}>
          {t('reject.confirm')}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
