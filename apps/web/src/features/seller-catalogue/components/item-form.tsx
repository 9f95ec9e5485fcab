import type { ReactNode } from 'react';
import { Controller, get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CategoryTreeNode } from '@maplesource/contracts/catalog';
import type { SellerImage } from '@maplesource/contracts/seller-catalogue';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { Textarea } from '../../../components/forms/form-kit';
import { fieldError } from '../../../lib/field-error';
import { useUnsavedChangesWarning } from '../../../lib/unsaved-changes';
import { ImageEditor } from './image-editor';
import { Section, SubcategoryOptions } from './form-parts';

/** What a product and a service both have (decision 287): the basics and the images. */
type ItemBasics = {
  sku: string;
  subcategoryId: string;
  nameEn: string;
  nameFr: string;
  descriptionEn: string;
  descriptionFr: string;
  images: SellerImage[];
};

/** A product's or a service's form: its starting values, the kind's category tree, whether it is saving, the save. */
export type ItemFormProps<T> = {
  initial: T;
  categories: readonly CategoryTreeNode[];
  saving: boolean;
  onSubmit: (input: T) => Promise<unknown>;
};

/** A text field (one line or several) of `form`, with its error beside it. */
export function textFieldFor<T extends FieldValues>(form: UseFormReturn<T>, t: TFunction) {
  return (name: Path<T>, label: string, required = false, multiline = false) => {
    const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
    return (
      <Field label={label} required={required} error={fieldError(t, message)}>
        {(p) =>
          multiline ? (
            <Textarea {...p} rows={4} {...form.register(name)} />
          ) : (
            <Input {...p} {...form.register(name)} />
          )
        }
      </Field>
    );
  };
}

/**
 * A product's or a service's form around its own sections (`children`): the basics first, the images last, a
 * summary when any field is refused, and the save button. Leaving with unsaved changes asks first; a saved form
 * takes what was saved as its new starting point.
 */
export function ItemFormFrame<T extends ItemBasics>({
  form,
  categories,
  saving,
  onSubmit,
  children,
}: Omit<ItemFormProps<T>, 'initial'> & { form: UseFormReturn<T>; children: ReactNode }) {
  const { t } = useTranslation('sellerCatalogue');
  // T extends ItemBasics, so every field named below is a field of T with the same type.
  const basics = form as unknown as UseFormReturn<ItemBasics>;
  const errors = basics.formState.errors;
  // Dirty fields, not `isDirty`, which stayed false on the new-item form (its prices start as NaN).
  const leavePrompt = useUnsavedChangesWarning(Object.keys(form.formState.dirtyFields).length > 0);
  const submit = form.handleSubmit(async (input) => {
    await onSubmit(input);
    form.reset(input);
  });
  const text = textFieldFor(basics, t);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      {leavePrompt}
      <Section title={t('form.basics')}>
        <div className="grid gap-3 sm:grid-cols-2">
          {text('sku', t('fields.sku'), true)}
          <Field
            label={t('fields.subcategory')}
            required
            error={fieldError(t, errors.subcategoryId?.message)}
          >
            {(p) => (
              <select
                {...p}
                className={inputClasses(Boolean(errors.subcategoryId))}
                {...basics.register('subcategoryId')}
              >
                <option value="">{t('form.choose')}</option>
                <SubcategoryOptions tree={categories} />
              </select>
            )}
          </Field>
          {text('nameEn', t('fields.nameEn'), true)}
          {text('nameFr', t('fields.nameFr'), true)}
        </div>
        {text('descriptionEn', t('fields.descriptionEn'), true, true)}
        {text('descriptionFr', t('fields.descriptionFr'), false, true)}
        <p className="text-xs text-gray-600">{t('form.frenchFallback')}</p>
      </Section>

      {children}

      <Section title={t('images.title')}>
        <Controller
          control={basics.control}
          name="images"
          render={({ field }) => (
            <ImageEditor
              images={field.value}
              onChange={field.onChange}
              error={errors.images ? t('images.altRequired') : undefined}
            />
          )}
        />
      </Section>

      {Object.keys(errors).length > 0 ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t('form.hasErrors')}
        </p>
      ) : null}
      <Button type="submit" disabled={saving}>
        {saving ? t('form.saving') : t('form.save')}
      </Button>
    </form>
  );
}
