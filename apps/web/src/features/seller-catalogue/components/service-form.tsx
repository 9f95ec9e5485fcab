import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { CategoryTreeNode } from '@maplesource/contracts/catalog';
import { sellerServiceInputSchema, type SellerServiceInput } from '@maplesource/contracts/seller-catalogue';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { fieldError } from '../../../lib/field-error';
import { ItemFormFrame, textFieldFor } from './item-form';
import { PriceInput, RowButtons, Section } from './form-parts';

export const emptyService: SellerServiceInput = {
  sku: '',
  subcategoryId: '',
  nameEn: '',
  nameFr: '',
  descriptionEn: '',
  descriptionFr: '',
  startingPriceCents: Number.NaN,
  priceUnit: 'project',
  turnaroundDays: 0,
  capabilities: [],
  serviceAreaEn: '',
  serviceAreaFr: '',
  certifications: [],
  images: [],
};

/** The service form (decision 287), validated with the contracts schema the server uses. */
export function ServiceForm({
  initial,
  categories,
  saving,
  onSubmit,
}: {
  initial: SellerServiceInput;
  categories: readonly CategoryTreeNode[];
  saving: boolean;
  onSubmit: (input: SellerServiceInput) => Promise<unknown>;
}) {
  const { t } = useTranslation('sellerCatalogue');
  const form = useForm<SellerServiceInput>({
    resolver: zodResolver(sellerServiceInputSchema),
    defaultValues: initial,
  });
  const { register, control, formState } = form;
  const { errors } = formState;
  const capabilities = useFieldArray({ control, name: 'capabilities' });
  const err = (message: string | undefined) => fieldError(t, message);
  const text = textFieldFor(form, t);

  return (
    <ItemFormFrame form={form} categories={categories} saving={saving} onSubmit={onSubmit}>
      <Section title={t('form.pricing')}>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label={t('fields.startingPrice')} required error={err(errors.startingPriceCents?.message)}>
            {(p) => (
              <Controller
                control={control}
                name="startingPriceCents"
                render={({ field }) => <PriceInput {...p} value={field.value} onChange={field.onChange} />}
              />
            )}
          </Field>
          {text('priceUnit', t('fields.priceUnit'), true)}
          <Field label={t('fields.turnaroundDays')} required error={err(errors.turnaroundDays?.message)}>
            {(p) => (
              <Input {...p} type="number" min={0} {...register('turnaroundDays', { valueAsNumber: true })} />
            )}
          </Field>
        </div>
      </Section>
      <Section title={t('form.details')}>
        <div className="grid gap-3 sm:grid-cols-2">
          {text('serviceAreaEn', t('fields.serviceAreaEn'))}
          {text('serviceAreaFr', t('fields.serviceAreaFr'))}
        </div>
        <Field label={t('fields.certifications')} hint={t('form.commaHint')}>
          {(p) => (
            <Controller
              control={control}
              name="certifications"
              render={({ field }) => (
                <Input
                  {...p}
                  defaultValue={field.value.join(', ')}
                  onBlur={(e) =>
                    field.onChange(
                      e.target.value
                        .split(',')
                        .map((s) => s.trim())
                        .filter(Boolean),
                    )
                  }
                />
              )}
            />
          )}
        </Field>
        <div role="group" aria-label={t('fields.capabilities')} className="space-y-2">
          <h3 className="text-sm font-semibold text-gray-900">{t('fields.capabilities')}</h3>
          {capabilities.fields.map((field, index) => (
            <div key={field.id} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]">
              <Field label={t('fields.labelEn', { n: index + 1 })}>
                {(p) => <Input {...p} {...register(`capabilities.${index}.labelEn`)} />}
              </Field>
              <Field label={t('fields.labelFr', { n: index + 1 })}>
                {(p) => <Input {...p} {...register(`capabilities.${index}.labelFr`)} />}
              </Field>
              <Field label={t('fields.value', { n: index + 1 })}>
                {(p) => <Input {...p} {...register(`capabilities.${index}.value`)} />}
              </Field>
              <RowButtons
                index={index}
                count={capabilities.fields.length}
                label={`${t('fields.capabilities')} ${index + 1}`}
                onMove={capabilities.move}
                onRemove={capabilities.remove}
              />
            </div>
          ))}
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => capabilities.append({ labelEn: '', labelFr: '', value: '' })}
          >
            {t('form.addRow', { list: t('fields.capabilities') })}
          </Button>
        </div>
      </Section>
    </ItemFormFrame>
  );
}
