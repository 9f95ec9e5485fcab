import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { sellerServiceInputSchema, type SellerServiceInput } from '@maplesource/contracts/seller-catalogue';
import { Field, Input } from '../../../components/ui/field';
import { fieldError } from '../../../lib/field-error';
import { ItemFormFrame, textFieldFor, type ItemFormProps } from './item-form';
import { CommaListInput, LabelValueRows, PriceInput, Section } from './form-parts';

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
export function ServiceForm({ initial, categories, saving, onSubmit }: ItemFormProps<SellerServiceInput>) {
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
              render={({ field }) => <CommaListInput {...p} value={field.value} onChange={field.onChange} />}
            />
          )}
        </Field>
        <LabelValueRows
          title={t('fields.capabilities')}
          rows={capabilities.fields}
          field={(index, key) => register(`capabilities.${index}.${key}`)}
          onAppend={capabilities.append}
          onMove={capabilities.move}
          onRemove={capabilities.remove}
        />
      </Section>
    </ItemFormFrame>
  );
}
