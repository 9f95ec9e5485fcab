import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { RfqCreateRequest } from '@maplesource/contracts/rfq';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { Textarea } from '../../../components/forms/form-kit';
import {
  DeliveryFields,
  PrivateRequestField,
  SendRequestError,
} from '../../../components/forms/delivery-request-fields';
import { fieldError } from '../../../lib/field-error';
import { useActionKeys } from '../../../lib/idempotency';
import { useSendRfq, type RfqCreated } from '../api/send-rfq';
import { emptyRfqForm, rfqFormSchema, type RfqFormValues } from '../rfq-form-schema';
import { SupplierPicker, type ChosenSupplier } from './supplier-picker';

/** A category the request can be about: top-level product and service categories (storefronts' main categories). */
export type RfqCategoryOption = { id: string; slug: string; name: string; kind: 'product' | 'service' };

/** The delivery fields' words: `rfq:form.*`. */
const texts = { ns: 'rfq', keyPrefix: 'form' } as const;

/**
 * The "new request" form (decision 298, docs/product.md §7): what is needed, how many, an optional target price,
 * the deadline, where it is delivered (a Canadian postal code of that province), whether the buyer stays anonymous
 * until they choose (decision 317's private flag), and who receives it — suppliers matched for the buyer, or up to
 * 10 named ones. Checked with the contract's schema before sending; sent once per filled form.
 */
export function RfqForm({
  categories,
  onSent,
  onCancel,
}: {
  categories: readonly RfqCategoryOption[];
  onSent: (created: RfqCreated, request: RfqCreateRequest) => void;
  onCancel?: (() => void) | undefined;
}) {
  const { t } = useTranslation('rfq');
  const schema = useMemo(() => rfqFormSchema(), []);
  const form = useForm<RfqFormValues, unknown, RfqCreateRequest>({
    resolver: zodResolver(schema),
    defaultValues: emptyRfqForm(),
  });
  const send = useSendRfq();
  const keys = useActionKeys();
  const [chosen, setChosen] = useState<ChosenSupplier[]>([]);
  const { errors } = form.formState;
  const suppliers = form.watch('suppliers');
  const categoryId = form.watch('categoryId');
  const categorySlug = categories.find((c) => c.id === categoryId)?.slug ?? '';

  const choose = (next: ChosenSupplier[]) => {
    setChosen(next);
    form.setValue(
      'storefrontIds',
      next.map((s) => s.id),
      { shouldValidate: form.formState.isSubmitted },
    );
  };

  const submit = form.handleSubmit((body) => {
    send.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: (created) => {
          keys.done();
          onSent(created, body);
        },
      },
    );
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-4"
      aria-labelledby="rfq-form-title"
    >
      <h2 id="rfq-form-title" className="text-lg font-semibold text-gray-900">
        {t('form.title')}
      </h2>
      <Field label={t('form.requestTitle')} error={fieldError(t, errors.title?.message)} required>
        {(p) => <Input {...p} maxLength={120} autoComplete="off" {...form.register('title')} />}
      </Field>
      <Field label={t('form.category')} error={fieldError(t, errors.categoryId?.message)} required>
        {(p) => (
          <select
            {...p}
            className={inputClasses(Boolean(errors.categoryId))}
            {...form.register('categoryId')}
          >
            <option value="">{t('form.chooseCategory')}</option>
            {(['product', 'service'] as const).map((kind) => (
              <optgroup key={kind} label={t(`form.categoryKind.${kind}`)}>
                {categories
                  .filter((c) => c.kind === kind)
                  .map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={t('form.description')}
        hint={t('form.descriptionHint')}
        error={fieldError(t, errors.description?.message)}
        required
      >
        {(p) => <Textarea {...p} rows={4} maxLength={5000} {...form.register('description')} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('form.quantity')} error={fieldError(t, errors.quantity?.message)} required>
          {(p) => <Input {...p} inputMode="numeric" autoComplete="off" {...form.register('quantity')} />}
        </Field>
        <Field
          label={t('form.targetUnitPrice')}
          hint={t('form.targetUnitPriceHint')}
          error={fieldError(t, errors.targetUnitPrice?.message)}
        >
          {(p) => (
            <Input {...p} inputMode="decimal" autoComplete="off" {...form.register('targetUnitPrice')} />
          )}
        </Field>
        <DeliveryFields form={form} texts={texts} />
      </div>
      <PrivateRequestField form={form} texts={texts} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-800">{t('form.suppliers')}</legend>
        {(['auto', 'named'] as const).map((value) => (
          <label key={value} className="flex items-start gap-2 text-sm text-gray-900">
            <input type="radio" value={value} className="mt-0.5 h-4 w-4" {...form.register('suppliers')} />
            <span>
              {t(`form.suppliersChoice.${value}`)}
              <span className="block text-xs text-gray-600">{t(`form.suppliersHint.${value}`)}</span>
            </span>
          </label>
        ))}
        {suppliers === 'named' ? (
          <SupplierPicker
            categorySlug={categorySlug}
            chosen={chosen}
            onChange={choose}
            error={fieldError(t, errors.storefrontIds?.message)}
          />
        ) : null}
      </fieldset>
      <SendRequestError error={send.error} texts={texts} />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        ) : null}
        <Button type="submit" loading={send.isPending}>
          {t('form.send')}
        </Button>
      </div>
    </form>
  );
}
