import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  counterOfferSchema,
  rejectInvoiceBodySchema,
  type InvoiceKind,
} from '@maplesource/contracts/invoices';
import { dollarsToCents } from '../model/money-input';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { Textarea } from '../../../components/forms/form-kit';
import { fieldError } from '../../../lib/field-error';
import { errorMessage } from '../../../lib/http';
import { useRejectInvoice } from '../api/reject-invoice';

/** The form: the reason, and the counter-offer's fields as typed (decision 272). */
const rejectFormSchema = rejectInvoiceBodySchema.extend({
  offerPrice: z.string(),
  offerQuantity: z.string(),
  offerDate: z.string(),
  offerNote: z.string(),
});
type RejectForm = z.infer<typeof rejectFormSchema>;

/**
 * Reject with a REQUIRED reason (the spec shows it both optional and required; a seller learns nothing
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
  const form = useForm<RejectForm>({
    resolver: zodResolver(rejectFormSchema),
    defaultValues: {
      invoiceToken: token,
      reason: '',
      offerPrice: '',
      offerQuantity: '',
      offerDate: '',
      offerNote: '',
    },
  });
  const submit = form.handleSubmit(({ offerPrice, offerQuantity, offerDate, offerNote, ...values }) => {
    // A counter-offer only when the buyer typed one; then checked with the server's schema (at least one term).
    const typed = [offerPrice, offerQuantity, offerDate, offerNote].some((value) => value.trim() !== '');
    let counterOffer;
    if (typed) {
      const parsed = counterOfferSchema.safeParse({
        negotiatedPriceCents: dollarsToCents(offerPrice) ?? null,
        quantity: offerQuantity.trim() === '' ? null : Number(offerQuantity),
        deliveryDate: offerDate === '' ? null : offerDate,
        note: offerNote,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = ({ quantity: 'offerQuantity', deliveryDate: 'offerDate', note: 'offerNote' } as const)[
          String(issue.path[0]) as 'quantity' | 'deliveryDate' | 'note'
        ];
        form.setError(field ?? 'offerPrice', { message: issue.message });
        return;
      }
      counterOffer = parsed.data;
    }
    reject.mutate(
      { ...values, ...(counterOffer ? { counterOffer } : {}), kind },
      { onSuccess: () => onDone?.() },
    );
  });
  const errors = form.formState.errors;
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
      <fieldset className="flex min-w-0 flex-col gap-2 rounded-md border border-gray-300 p-2">
        <legend className="px-1 text-sm font-medium text-gray-900">{t('counterOffer.legend')}</legend>
        <p className="text-sm text-gray-700">{t('counterOffer.hint')}</p>
        <Field label={t('counterOffer.price')} error={fieldError(t, errors.offerPrice?.message)}>
          {(p) => (
            <input
              {...p}
              inputMode="decimal"
              className={inputClasses(Boolean(errors.offerPrice))}
              {...form.register('offerPrice')}
            />
          )}
        </Field>
        <Field label={t('counterOffer.quantity')} error={fieldError(t, errors.offerQuantity?.message)}>
          {(p) => (
            <input
              {...p}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              className={inputClasses(Boolean(errors.offerQuantity))}
              {...form.register('offerQuantity')}
            />
          )}
        </Field>
        <Field label={t('counterOffer.deliveryDate')} error={fieldError(t, errors.offerDate?.message)}>
          {(p) => (
            <input
              {...p}
              type="date"
              className={inputClasses(Boolean(errors.offerDate))}
              {...form.register('offerDate')}
            />
          )}
        </Field>
        <Field label={t('counterOffer.note')} error={fieldError(t, errors.offerNote?.message)}>
          {(p) => <Textarea {...p} rows={2} maxLength={1000} {...form.register('offerNote')} />}
        </Field>
      </fieldset>
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
