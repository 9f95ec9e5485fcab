import { Controller, useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { sellerProductInputSchema, type SellerProductInput } from '@maplesource/contracts/seller-catalogue';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { fieldError } from '../../../lib/field-error';
import { ItemFormFrame, textFieldFor, type ItemFormProps } from './item-form';
import { CommaListInput, LabelValueRows, PriceInput, RowButtons, Section } from './form-parts';

export const emptyProduct: SellerProductInput = {
  sku: '',
  subcategoryId: '',
  nameEn: '',
  nameFr: '',
  descriptionEn: '',
  descriptionFr: '',
  unit: 'unit',
  minOrderQuantity: 1,
  priceTiers: [{ minQuantity: 1, maxQuantity: null, unitPriceCents: Number.NaN }],
  leadDays: 0,
  deliveryDays: 0,
  origin: 'made-in-canada',
  servicesEn: '',
  servicesFr: '',
  warrantyEn: '',
  warrantyFr: '',
  materialEn: '',
  materialFr: '',
  customizableOptions: [],
  variations: [],
  keyAttributes: [],
  technicalSpecifications: [],
  images: [],
};

const numberOrNaN = { valueAsNumber: true } as const;
const emptyIsNull = { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) } as const;
type Errors = FieldErrors<SellerProductInput>;

/**
 * The product form (decision 287): every field of docs/product.md §3, validated with the contracts schema the server uses
 * (tiers ascending without gaps, MOQ ≥ 1, prices in cents > 0). Errors are shown beside their fields.
 */
export function ProductForm({ initial, categories, saving, onSubmit }: ItemFormProps<SellerProductInput>) {
  const { t } = useTranslation('sellerCatalogue');
  const form = useForm<SellerProductInput>({
    resolver: zodResolver(sellerProductInputSchema),
    defaultValues: initial,
  });
  const { register, control, formState } = form;
  const errors: Errors = formState.errors;
  const tiers = useFieldArray({ control, name: 'priceTiers' });
  const options = useFieldArray({ control, name: 'customizableOptions' });
  const variations = useFieldArray({ control, name: 'variations' });
  const attributes = useFieldArray({ control, name: 'keyAttributes' });
  const specs = useFieldArray({ control, name: 'technicalSpecifications' });
  const err = (message: string | undefined) => fieldError(t, message);

  const text = textFieldFor(form, t);
  const number = (name: 'minOrderQuantity' | 'leadDays' | 'deliveryDays', label: string) => (
    <Field label={label} required error={err(errors[name]?.message)}>
      {(p) => <Input {...p} type="number" min={0} inputMode="numeric" {...register(name, numberOrNaN)} />}
    </Field>
  );

  return (
    <ItemFormFrame form={form} categories={categories} saving={saving} onSubmit={onSubmit}>
      <Section title={t('form.pricing')}>
        <div className="grid gap-3 sm:grid-cols-4">
          {text('unit', t('fields.unit'), true)}
          {number('minOrderQuantity', t('fields.minOrderQuantity'))}
          {number('leadDays', t('fields.leadDays'))}
          {number('deliveryDays', t('fields.deliveryDays'))}
        </div>
        <div role="group" aria-labelledby="tiers-heading" className="space-y-2">
          <h3 id="tiers-heading" className="text-sm font-semibold text-gray-900">
            {t('fields.priceTiers')}
          </h3>
          <p className="text-xs text-gray-600">{t('form.tiersHint')}</p>
          {tiers.fields.map((field, index) => {
            const tierErrors = errors.priceTiers?.[index];
            return (
              <div key={field.id} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]">
                <Field
                  label={t('fields.tierFrom', { n: index + 1 })}
                  error={err(tierErrors?.minQuantity?.message)}
                >
                  {(p) => (
                    <Input
                      {...p}
                      type="number"
                      min={1}
                      {...register(`priceTiers.${index}.minQuantity`, numberOrNaN)}
                    />
                  )}
                </Field>
                <Field
                  label={t('fields.tierTo', { n: index + 1 })}
                  hint={t('form.tierOpenHint')}
                  error={err(tierErrors?.maxQuantity?.message)}
                >
                  {(p) => (
                    <Input
                      {...p}
                      type="number"
                      min={1}
                      {...register(`priceTiers.${index}.maxQuantity`, emptyIsNull)}
                    />
                  )}
                </Field>
                <Field
                  label={t('fields.tierPrice', { n: index + 1 })}
                  error={err(tierErrors?.unitPriceCents?.message)}
                >
                  {(p) => (
                    <Controller
                      control={control}
                      name={`priceTiers.${index}.unitPriceCents`}
                      render={({ field: f }) => <PriceInput {...p} value={f.value} onChange={f.onChange} />}
                    />
                  )}
                </Field>
                <RowButtons
                  index={index}
                  count={tiers.fields.length}
                  label={t('fields.tier', { n: index + 1 })}
                  onMove={tiers.move}
                  onRemove={tiers.remove}
                />
              </div>
            );
          })}
          {errors.priceTiers?.message || errors.priceTiers?.root?.message ? (
            <p className="text-xs font-medium text-red-700">
              {err(errors.priceTiers.message ?? errors.priceTiers.root?.message)}
            </p>
          ) : null}
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => {
              const last = form.getValues(`priceTiers.${tiers.fields.length - 1}`);
              const start = last?.maxQuantity ? last.maxQuantity + 1 : (last?.minQuantity ?? 1) + 1;
              tiers.append({ minQuantity: start, maxQuantity: null, unitPriceCents: Number.NaN });
            }}
          >
            {t('form.addTier')}
          </Button>
        </div>
        <Field
          label={t('fields.origin')}
          hint={t('form.originHint')}
          required
          error={err(errors.origin?.message)}
        >
          {(p) => (
            <select {...p} className={inputClasses(Boolean(errors.origin))} {...register('origin')}>
              <option value="product-of-canada">{t('origin.product-of-canada')}</option>
              <option value="made-in-canada">{t('origin.made-in-canada')}</option>
              <option value="imported">{t('origin.imported')}</option>
            </select>
          )}
        </Field>
      </Section>

      <Section title={t('form.details')}>
        <div className="grid gap-3 sm:grid-cols-2">
          {text('servicesEn', t('fields.servicesEn'), false, true)}
          {text('servicesFr', t('fields.servicesFr'), false, true)}
          {text('warrantyEn', t('fields.warrantyEn'), false, true)}
          {text('warrantyFr', t('fields.warrantyFr'), false, true)}
          {text('materialEn', t('fields.materialEn'))}
          {text('materialFr', t('fields.materialFr'))}
        </div>
        {(
          [
            ['keyAttributes', attributes, t('fields.keyAttributes')],
            ['technicalSpecifications', specs, t('fields.technicalSpecifications')],
          ] as const
        ).map(([name, array, title]) => (
          <LabelValueRows
            key={name}
            title={title}
            rows={array.fields}
            field={(index, key) => register(`${name}.${index}.${key}`)}
            onAppend={array.append}
            onMove={array.move}
            onRemove={array.remove}
          />
        ))}
        <div role="group" aria-label={t('fields.variations')} className="space-y-2">
          <h3 className="text-sm font-semibold text-gray-900">{t('fields.variations')}</h3>
          {variations.fields.map((field, index) => (
            <div key={field.id} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_2fr_auto]">
              <Field label={t('fields.variationEn', { n: index + 1 })}>
                {(p) => <Input {...p} {...register(`variations.${index}.nameEn`)} />}
              </Field>
              <Field label={t('fields.variationFr', { n: index + 1 })}>
                {(p) => <Input {...p} {...register(`variations.${index}.nameFr`)} />}
              </Field>
              <Field label={t('fields.variationOptions', { n: index + 1 })} hint={t('form.commaHint')}>
                {(p) => (
                  <Controller
                    control={control}
                    name={`variations.${index}.options`}
                    render={({ field: f }) => <CommaListInput {...p} value={f.value} onChange={f.onChange} />}
                  />
                )}
              </Field>
              <RowButtons
                index={index}
                count={variations.fields.length}
                label={`${t('fields.variations')} ${index + 1}`}
                onMove={variations.move}
                onRemove={variations.remove}
              />
            </div>
          ))}
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => variations.append({ nameEn: '', nameFr: '', options: [] })}
          >
            {t('form.addRow', { list: t('fields.variations') })}
          </Button>
        </div>
        <div role="group" aria-label={t('fields.customizableOptions')} className="space-y-2">
          <h3 className="text-sm font-semibold text-gray-900">{t('fields.customizableOptions')}</h3>
          {options.fields.map((field, index) => (
            <div key={field.id} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
              <Field label={t('fields.optionEn', { n: index + 1 })}>
                {(p) => <Input {...p} {...register(`customizableOptions.${index}.nameEn`)} />}
              </Field>
              <Field label={t('fields.optionFr', { n: index + 1 })}>
                {(p) => <Input {...p} {...register(`customizableOptions.${index}.nameFr`)} />}
              </Field>
              <RowButtons
                index={index}
                count={options.fields.length}
                label={`${t('fields.customizableOptions')} ${index + 1}`}
                onMove={options.move}
                onRemove={options.remove}
              />
            </div>
          ))}
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => options.append({ nameEn: '', nameFr: '' })}
          >
            {t('form.addRow', { list: t('fields.customizableOptions') })}
          </Button>
        </div>
      </Section>
    </ItemFormFrame>
  );
}
