import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { businessTypes } from '@maplesource/contracts/catalog';
import {
  sellerApplicationInputSchema,
  type SellerApplication,
  type SellerApplicationFormValues,
  type SellerApplicationInput,
} from '@maplesource/contracts/seller-applications';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { ProvinceOptions } from '../../../components/forms/province-options';
import { QueryState } from '../../../components/ui/query-states';
import { to } from '../../../config/paths';
import { fieldError } from '../../../lib/field-error';
import { randomUuid } from '../../../lib/random-uuid';
import { useApplicationCategories, useApplyToSell } from '../api/seller-applications';
import { RequestError } from '../../../components/forms/form-kit';

/** The status of the account's application to sell, with the refusal's reason (decision 280). */
export function SellerApplicationStatus({ application }: { application: SellerApplication }) {
  const { t } = useTranslation('sellerCentre');
  return (
    <section aria-labelledby="application-status" className="rounded-md border border-gray-200 bg-white p-4">
      <h2 id="application-status" className="text-lg font-semibold text-gray-900">
        {t('apply.statusTitle')}
      </h2>
      <p role="status" className="mt-1 text-sm text-gray-800" data-status={application.status}>
        {t(`apply.status.${application.status}`, { name: application.operatingName })}
      </p>
      {application.status === 'refused' && application.refusalReason ? (
        <p className="mt-1 text-sm break-words text-gray-700">
          {t('apply.reason', { reason: application.refusalReason })}
        </p>
      ) : null}
      {application.storefront ? (
        <p className="mt-2 text-sm">
          <Link
            className="text-maple-700 underline"
            to={to('sellerDetail', { slug: application.storefront.slug })}
          >
            {application.status === 'approved' ? t('apply.viewStorefront') : t('apply.viewDraft')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/**
 * The application to sell (decision 280): validated with the contracts schema the server uses; the GST/HST and
 * QST numbers are optional (registrants only; QST in Quebec).
 */
export function SellerApplicationForm() {
  const { t, i18n } = useTranslation('sellerCentre');
  const fr = i18n.language.startsWith('fr');
  const apply = useApplyToSell();
  const categories = useApplicationCategories();
  const [idempotencyKey, setIdempotencyKey] = useState(() => randomUuid());
  const form = useForm<SellerApplicationFormValues, unknown, SellerApplicationInput>({
    resolver: zodResolver(sellerApplicationInputSchema),
    defaultValues: {
      legalName: '',
      operatingName: '',
      businessNumber: '',
      city: '',
      categories: [],
      contactEmail: '',
      contactPhone: '',
      gstHstNumber: '',
      qstNumber: '',
    },
  });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((input) =>
    apply.mutate({ input, idempotencyKey }, { onSettled: () => setIdempotencyKey(randomUuid()) }),
  );
  const text = (
    name: 'legalName' | 'operatingName' | 'businessNumber' | 'city' | 'contactEmail' | 'contactPhone',
    extra: React.ComponentProps<'input'> = {},
  ) => (
    <Field label={t(`apply.${name}`)} error={fieldError(t, errors[name]?.message)} required>
      {(p) => <Input {...p} {...extra} {...form.register(name)} />}
    </Field>
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="apply-title"
      className="space-y-4 rounded-md border border-gray-200 bg-white p-4"
      data-dirty={isDirty || undefined}
    >
      <h2 id="apply-title" className="text-lg font-semibold text-gray-900">
        {t('apply.title')}
      </h2>
      <p className="text-sm text-gray-600">{t('apply.intro')}</p>
      {text('legalName', { autoComplete: 'organization', maxLength: 200 })}
      {text('operatingName', { maxLength: 120 })}
      {text('businessNumber', { inputMode: 'numeric', maxLength: 11, placeholder: '123456789' })}
      <Field label={t('apply.province')} error={fieldError(t, errors.province?.message)} required>
        {(p) => (
          <select {...p} className={inputClasses(Boolean(errors.province))} {...form.register('province')}>
            <ProvinceOptions placeholder={t('apply.choose')} />
          </select>
        )}
      </Field>
      {text('city', { autoComplete: 'address-level2', maxLength: 100 })}
      <Field label={t('apply.businessType')} error={fieldError(t, errors.businessType?.message)} required>
        {(p) => (
          <select
            {...p}
            className={inputClasses(Boolean(errors.businessType))}
            {...form.register('businessType')}
          >
            <option value="">{t('apply.choose')}</option>
            {businessTypes.map((type) => (
              <option key={type} value={type}>
                {t(`sellers:businessTypes.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className="space-y-1" aria-describedby="apply-categories-error">
        <legend className="text-sm font-medium text-gray-800">{t('apply.categories')}</legend>
        <QueryState
          isPending={categories.isPending}
          error={categories.error}
          isEmpty={(categories.data?.items.length ?? 0) === 0}
          onRetry={() => void categories.refetch()}
        >
          <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
            {(categories.data?.items ?? []).map((category) => (
              <label key={category.id} className="flex min-w-0 items-start gap-2 text-sm text-gray-800">
                <input
                  type="checkbox"
                  value={category.slug}
                  className="mt-0.5 h-4 w-4 shrink-0"
                  {...form.register('categories')}
                />
                <span className="break-words">{fr ? category.nameFr : category.nameEn}</span>
              </label>
            ))}
          </div>
        </QueryState>
        {errors.categories ? (
          <p id="apply-categories-error" className="text-sm text-red-700">
            {fieldError(t, errors.categories.message ?? 'errors:SELLER_CATEGORIES_REQUIRED')}
          </p>
        ) : null}
      </fieldset>
      {text('contactEmail', { type: 'email', autoComplete: 'email' })}
      {text('contactPhone', { type: 'tel', autoComplete: 'tel' })}
      <Field
        label={t('apply.gstHstNumber')}
        hint={t('apply.gstHstHint')}
        error={fieldError(t, errors.gstHstNumber?.message)}
      >
        {(p) => (
          <Input {...p} spellCheck={false} placeholder="123456789RT0001" {...form.register('gstHstNumber')} />
        )}
      </Field>
      <Field
        label={t('apply.qstNumber')}
        hint={t('apply.qstHint')}
        error={fieldError(t, errors.qstNumber?.message)}
      >
        {(p) => (
          <Input {...p} spellCheck={false} placeholder="1234567890TQ0001" {...form.register('qstNumber')} />
        )}
      </Field>
      <RequestError error={apply.error} />
      <Button type="submit" disabled={apply.isPending}>
        {t('apply.submit')}
      </Button>
    </form>
  );
}
