import { useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { RfqQuoteRequest } from '@maplesource/contracts/rfq';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { RequestError, Textarea } from '../../../components/forms/form-kit';
import { fieldError } from '../../../lib/field-error';
import { toast } from '../../../lib/toast-store';
import { useQuoteRfq } from '../api/answer-rfq';
import { localDate } from '../rfq-form-schema';
import {
  quoteFormSchema,
  quoteFormValues,
  RFQ_QUOTE_TIERS_MAX,
  type QuoteFormValues,
} from '../quote-form-schema';
import type { RfqSupplierView } from '../api/supplier-rfq';

/**
 * The supplier's answer to a request (decision 298): the unit price, cheaper prices from larger quantities (tiers),
 * lead time, shipping, valid until and notes. Sending again revises it: a new version the buyer compares, the
 * earlier ones kept. Checked with the contract's schema before sending.
 */
export function QuoteForm({
  sellerId,
  view,
  onDone,
}: {
  sellerId: number;
  view: RfqSupplierView;
  onDone?: (() => void) | undefined;
}) {
  const { t } = useTranslation('rfq');
  const latest = view.versions.at(-1) ?? null;
  const schema = useMemo(() => quoteFormSchema(() => localDate(new Date())), []);
  const form = useForm<QuoteFormValues, unknown, RfqQuoteRequest>({
    resolver: zodResolver(schema),
    defaultValues: quoteFormValues(latest),
  });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const quote = useQuoteRfq();
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) =>
    quote.mutate(
      { sellerId, rfqId: view.rfq.id, body },
      {
        onSuccess: () => {
          toast.success(latest ? t('quote.revised') : t('quote.sent'));
          onDone?.();
        },
      },
    ),
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-4"
      aria-labelledby="quote-form-title"
    >
      <h2 id="quote-form-title" className="text-lg font-semibold text-gray-900">
        {latest ? t('quote.reviseTitle', { version: latest.version }) : t('quote.title')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('quote.unitPrice')}
          hint={t('quote.unitPriceHint', { quantity: view.rfq.quantity })}
          error={fieldError(t, errors.unitPrice?.message)}
          required
        >
          {(p) => <Input {...p} inputMode="decimal" autoComplete="off" {...form.register('unitPrice')} />}
        </Field>
        <Field label={t('quote.leadDays')} error={fieldError(t, errors.leadDays?.message)} required>
          {(p) => <Input {...p} inputMode="numeric" autoComplete="off" {...form.register('leadDays')} />}
        </Field>
        <Field
          label={t('quote.shipping')}
          hint={t('quote.shippingHint')}
          error={fieldError(t, errors.shipping?.message)}
          required
        >
          {(p) => <Input {...p} inputMode="decimal" autoComplete="off" {...form.register('shipping')} />}
        </Field>
        <Field label={t('quote.validUntil')} error={fieldError(t, errors.validUntil?.message)} required>
          {(p) => <Input {...p} type="date" min={localDate(new Date())} {...form.register('validUntil')} />}
        </Field>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-800">{t('quote.tiers')}</legend>
        <p className="text-xs text-gray-600">{t('quote.tiersHint')}</p>
        {tiers.fields.map((field, index) => (
          <div key={field.id} className="flex flex-wrap items-start gap-2">
            <Field
              className="w-36"
              label={t('quote.tierFrom', { n: index + 1 })}
              error={fieldError(t, errors.tiers?.[index]?.minQuantity?.message)}
            >
              {(p) => (
                <Input
                  {...p}
                  inputMode="numeric"
                  autoComplete="off"
                  {...form.register(`tiers.${index}.minQuantity`)}
                />
              )}
            </Field>
            <Field
              className="w-36"
              label={t('quote.tierPrice', { n: index + 1 })}
              error={fieldError(t, errors.tiers?.[index]?.unitPrice?.message)}
            >
              {(p) => (
                <Input
                  {...p}
                  inputMode="decimal"
                  autoComplete="off"
                  {...form.register(`tiers.${index}.unitPrice`)}
                />
              )}
            </Field>
            <Button
              size="sm"
              variant="ghost"
              className="mt-6"
              aria-label={t('quote.removeTier', { n: index + 1 })}
              onClick={() => tiers.remove(index)}
            >
              {t('quote.remove')}
            </Button>
          </div>
        ))}
        {tiers.fields.length < RFQ_QUOTE_TIERS_MAX ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => tiers.append({ minQuantity: '', unitPrice: '' })}
          >
            {t('quote.addTier')}
          </Button>
        ) : null}
      </fieldset>
      <Field label={t('quote.notes')} error={fieldError(t, errors.notes?.message)}>
        {(p) => <Textarea {...p} rows={3} maxLength={2000} {...form.register('notes')} />}
      </Field>
      <RequestError error={quote.error} />
      <div className="flex justify-end gap-2">
        {onDone ? (
          <Button variant="secondary" onClick={onDone}>
            {t('quote.cancel')}
          </Button>
        ) : null}
        <Button type="submit" loading={quote.isPending}>
          {latest ? t('quote.sendRevision') : t('quote.send')}
        </Button>
      </div>
    </form>
  );
}
