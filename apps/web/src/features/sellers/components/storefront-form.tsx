import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { provinceCodes, provinceNames } from '@maplesource/contracts/province-names';
import {
  sellerStorefrontInputSchema,
  storefrontCertifications,
  storefrontLimits,
  type SellerStorefront,
  type SellerStorefrontFormValues,
  type SellerStorefrontInput,
} from '@maplesource/contracts/seller-storefront';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { fieldError } from '../../../lib/field-error';
import { errorMessage } from '../../../lib/http';
import { useUnsavedChangesWarning } from '../../../lib/unsaved-changes';
import { useUploadStorefrontImage } from '../api/storefront';

const formValues = (s: SellerStorefront): SellerStorefrontFormValues => ({
  logoUrl: s.logoUrl,
  bannerUrl: s.bannerUrl,
  descriptionEn: s.descriptionEn,
  descriptionFr: s.descriptionFr,
  contactEmail: s.contactEmail ?? '',
  contactPhone: s.contactPhone ?? '',
  website: s.website ?? '',
  serviceProvinces: s.serviceProvinces,
  certifications: s.certifications,
  yearEstablished: s.yearEstablished,
});

/** A logo or banner: preview, upload with progress (the server checks the bytes and resizes), remove. */
function StorefrontImage({
  kind,
  value,
  onChange,
  error,
}: {
  kind: 'logo' | 'banner';
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('sellerCatalogue');
  const upload = useUploadStorefrontImage();
  const [progress, setProgress] = useState<number | null>(null);
  const inputId = useId();
  const label = t(`storefrontPage.${kind}`);
  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <p className="text-xs text-gray-600">{t(`storefrontPage.${kind}Hint`)}</p>
      {value ? (
        <div className="flex flex-wrap items-center gap-3">
          <img
            src={value}
            alt={t('storefrontPage.current', { image: label })}
            className={
              kind === 'logo'
                ? 'h-24 w-24 rounded-lg bg-gray-100 object-contain'
                : 'aspect-[4/1] w-full max-w-md rounded-lg bg-gray-100 object-cover'
            }
          />
          <Button type="button" size="sm" variant="secondary" onClick={() => onChange(null)}>
            {t('storefrontPage.removeImage', { image: label })}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-gray-700">{t('storefrontPage.noImage')}</p>
      )}
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={upload.isPending}
        className="block w-full max-w-full text-sm"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          setProgress(0);
          upload.mutate(
            {
              kind,
              file,
              onProgress: ({ loaded, total }) => setProgress(Math.round((loaded / total) * 100)),
            },
            { onSuccess: ({ url }) => onChange(url), onSettled: () => setProgress(null) },
          );
        }}
      />
      {progress !== null ? (
        <progress
          className="w-full"
          max={100}
          value={progress}
          aria-label={t('storefrontPage.uploading', { image: label })}
        >
          {progress}%
        </progress>
      ) : null}
      {upload.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(t, upload.error)}
        </p>
      ) : null}
      {error ? <p className="text-xs font-medium text-red-700">{error}</p> : null}
    </div>
  );
}

/** A group of checkboxes named by its legend (provinces served, certifications). */
function CheckboxGroup({
  legend,
  options,
  register,
}: {
  legend: string;
  options: { value: string; label: string }[];
  register: (value: string) => Record<string, unknown>;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-800">{legend}</legend>
      <div className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-start gap-2 text-sm text-gray-800">
            <input type="checkbox" value={option.value} className="mt-1" {...register(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The seller's storefront (decision 261), validated with the schema the server uses: logo and banner, the
 * description in English and French, contact details, provinces served, certifications and year founded. Asks
 * before leaving with unsaved edits (decision 262).
 */
export function StorefrontForm({
  storefront,
  saving,
  onSubmit,
}: {
  storefront: SellerStorefront;
  saving: boolean;
  onSubmit: (input: SellerStorefrontInput) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation('sellerCatalogue');
  const tSellers = useTranslation('sellers').t;
  const language = i18n.language.startsWith('fr') ? 'fr' : 'en';
  const form = useForm<SellerStorefrontFormValues, unknown, SellerStorefrontInput>({
    resolver: zodResolver(sellerStorefrontInputSchema),
    defaultValues: formValues(storefront),
  });
  const { register, control, formState } = form;
  const errors = formState.errors;
  const dirty = Object.keys(formState.dirtyFields).length > 0;
  const leavePrompt = useUnsavedChangesWarning(dirty);
  const err = (message: string | undefined) => fieldError(t, message);

  const submit = form.handleSubmit(async (input) => {
    const saved = await onSubmit(input);
    form.reset(saved ? formValues(saved as SellerStorefront) : form.getValues());
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      {leavePrompt}
      <fieldset className="space-y-4 rounded-md border border-gray-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold text-gray-900">{t('storefrontPage.images')}</legend>
        <Controller
          control={control}
          name="logoUrl"
          render={({ field }) => (
            <StorefrontImage
              kind="logo"
              value={field.value ?? null}
              onChange={(url) => field.onChange(url)}
              error={err(errors.logoUrl?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="bannerUrl"
          render={({ field }) => (
            <StorefrontImage
              kind="banner"
              value={field.value ?? null}
              onChange={(url) => field.onChange(url)}
              error={err(errors.bannerUrl?.message)}
            />
          )}
        />
      </fieldset>

      <fieldset className="space-y-3 rounded-md border border-gray-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold text-gray-900">{t('storefrontPage.about')}</legend>
        <p className="text-xs text-gray-600">{t('storefrontPage.descriptionHint')}</p>
        {(['descriptionEn', 'descriptionFr'] as const).map((name) => (
          <Field key={name} label={t(`storefrontPage.${name}`)} error={err(errors[name]?.message)}>
            {(p) => (
              <textarea
                {...p}
                rows={5}
                maxLength={storefrontLimits.descriptionMax}
                lang={name === 'descriptionFr' ? 'fr-CA' : 'en-CA'}
                className={inputClasses(Boolean(errors[name]))}
                {...register(name)}
              />
            )}
          </Field>
        ))}
        <Field
          label={t('storefrontPage.yearEstablished')}
          required
          error={err(errors.yearEstablished?.message)}
        >
          {(p) => (
            <Input
              {...p}
              type="number"
              inputMode="numeric"
              min={storefrontLimits.firstYear}
              className="max-w-[10rem]"
              {...register('yearEstablished', { valueAsNumber: true })}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className="space-y-3 rounded-md border border-gray-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold text-gray-900">{t('storefrontPage.contact')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('storefrontPage.contactEmail')} error={err(errors.contactEmail?.message)}>
            {(p) => <Input {...p} type="email" autoComplete="email" {...register('contactEmail')} />}
          </Field>
          <Field label={t('storefrontPage.contactPhone')} error={err(errors.contactPhone?.message)}>
            {(p) => <Input {...p} type="tel" autoComplete="tel" {...register('contactPhone')} />}
          </Field>
          <Field
            label={t('storefrontPage.website')}
            hint={t('storefrontPage.websiteHint')}
            error={err(errors.website?.message)}
          >
            {(p) => <Input {...p} type="url" autoComplete="url" {...register('website')} />}
          </Field>
        </div>
      </fieldset>

      <div className="space-y-4 rounded-md border border-gray-200 bg-white p-4">
        <CheckboxGroup
          legend={t('storefrontPage.serviceProvinces')}
          options={provinceCodes.map((code) => ({ value: code, label: provinceNames[code][language] }))}
          register={() => register('serviceProvinces')}
        />
        {errors.serviceProvinces?.message ? (
          <p className="text-xs font-medium text-red-700">{err(errors.serviceProvinces.message)}</p>
        ) : null}
        <CheckboxGroup
          legend={t('storefrontPage.certifications')}
          options={storefrontCertifications.map((code) => ({
            value: code,
            label: tSellers(`storefront.certifications.${code}`),
          }))}
          register={() => register('certifications')}
        />
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? t('storefrontPage.saving') : t('storefrontPage.save')}
        </Button>
        {dirty ? <p className="text-sm text-gray-700">{t('storefrontPage.unsaved')}</p> : null}
      </div>
    </form>
  );
}
