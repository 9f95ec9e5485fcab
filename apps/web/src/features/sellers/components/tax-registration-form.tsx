import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  sellerTaxRegistrationFormSchema,
  type OwnStorefront,
  type SellerTaxProfile,
  type SellerTaxProfileInput,
} from '@maplesource/contracts/invoices';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { ProvinceOptions } from '../../../components/forms/province-options';
import { fieldError } from '../../../lib/field-error';
import { useSaveTaxProfile } from '../../../lib/my-storefronts';
import { toast } from '../../../lib/toast-store';
import { RequestError } from '../../../components/forms/form-kit';

/** An empty registration field means "none" (null), not an invalid number. */
const blankIsNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

const registrationNumbers = [
  {
    name: 'gstHstNumber',
    label: 'taxRegistration.gstHstNumber',
    hint: 'taxRegistration.gstHstHint',
    example: '123456789RT0001',
  },
  {
    name: 'qstNumber',
    label: 'taxRegistration.qstNumber',
    hint: 'taxRegistration.qstHint',
    example: '1234567890TQ0001',
  },
] as const;

/** The form's fields: the profile, its address as four text fields (a province not chosen yet is empty). */
type TaxRegistrationValues = Omit<SellerTaxProfileInput, 'address'> & {
  address: { street: string; city: string; province: string; postalCode: string };
};

/** The form's values of a saved profile: an absent address is four empty fields. */
const formValuesOf = (profile: OwnStorefront): TaxRegistrationValues => ({
  legalName: profile.legalName,
  gstHstNumber: profile.gstHstNumber,
  qstNumber: profile.qstNumber,
  smallSupplier: profile.smallSupplier,
  address: profile.address ?? { street: '', city: '', province: '', postalCode: '' },
});

const addressFields = [
  { name: 'street', autoComplete: 'address-line1', maxLength: 200 },
  { name: 'city', autoComplete: 'address-level2', maxLength: 100 },
  { name: 'postalCode', autoComplete: 'postal-code', maxLength: 10 },
] as const;

/**
 * One storefront's tax registration (decision 132): legal name, GST/HST number, QST number (Quebec deliveries),
 * or the small-supplier exemption, and the business address printed on invoices (decision 315, optional: four empty
 * fields mean none). Validated with the contracts schema; the server normalises spaces and case.
 */
export function TaxRegistrationForm({ storefront }: { storefront: OwnStorefront }) {
  const { t } = useTranslation('sellerCentre');
  const save = useSaveTaxProfile();
  const form = useForm<TaxRegistrationValues, unknown, SellerTaxProfile>({
    resolver: zodResolver(sellerTaxRegistrationFormSchema),
    defaultValues: formValuesOf(storefront),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((profile) =>
    save.mutate(
      { sellerId: storefront.sellerId, profile },
      {
        onSuccess: ({ profile: saved }) => {
          form.reset(formValuesOf(saved));
          toast.success(t('taxRegistration.saved', { name: storefront.name }));
        },
      },
    ),
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`tax-${storefront.sellerId}`}
      className="space-y-4 rounded-md border border-gray-200 bg-white p-4"
    >
      <h2 id={`tax-${storefront.sellerId}`} className="text-lg font-semibold break-words text-gray-900">
        {storefront.name}
      </h2>
      <Field
        label={t('taxRegistration.legalName')}
        hint={t('taxRegistration.legalNameHint')}
        error={fieldError(t, errors.legalName?.message)}
        required
      >
        {(p) => <Input {...p} autoComplete="organization" maxLength={200} {...form.register('legalName')} />}
      </Field>
      {registrationNumbers.map(({ name, label, hint, example }) => (
        <Field key={name} label={t(label)} hint={t(hint)} error={fieldError(t, errors[name]?.message)}>
          {(p) => (
            <Input
              {...p}
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              placeholder={example}
              {...form.register(name, { setValueAs: blankIsNull })}
            />
          )}
        </Field>
      ))}
      <div className="space-y-1">
        <label className="flex items-start gap-2 text-sm font-medium text-gray-800">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 shrink-0"
            aria-describedby={`small-supplier-${storefront.sellerId}`}
            {...form.register('smallSupplier')}
          />
          {t('taxRegistration.smallSupplier')}
        </label>
        <p id={`small-supplier-${storefront.sellerId}`} className="pl-6 text-xs text-gray-600">
          {t('taxRegistration.smallSupplierHint')}
        </p>
      </div>
      <fieldset className="space-y-3" aria-describedby={`business-address-${storefront.sellerId}`}>
        <legend className="text-sm font-medium text-gray-900">{t('taxRegistration.address')}</legend>
        <p id={`business-address-${storefront.sellerId}`} className="text-xs text-gray-600">
          {t('taxRegistration.addressHint')}
        </p>
        {addressFields.slice(0, 2).map(({ name, autoComplete, maxLength }) => (
          <Field
            key={name}
            label={t(`taxRegistration.${name}`)}
            error={fieldError(t, errors.address?.[name]?.message)}
          >
            {(p) => (
              <Input
                {...p}
                autoComplete={autoComplete}
                maxLength={maxLength}
                {...form.register(`address.${name}`)}
              />
            )}
          </Field>
        ))}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={t('taxRegistration.province')}
            error={fieldError(t, errors.address?.province?.message)}
          >
            {(p) => (
              <select
                {...p}
                className={inputClasses(Boolean(errors.address?.province))}
                autoComplete="address-level1"
                {...form.register('address.province')}
              >
                <ProvinceOptions placeholder={t('taxRegistration.chooseProvince')} />
              </select>
            )}
          </Field>
          <Field
            label={t('taxRegistration.postalCode')}
            error={fieldError(t, errors.address?.postalCode?.message)}
          >
            {(p) => (
              <Input
                {...p}
                autoComplete={addressFields[2].autoComplete}
                maxLength={addressFields[2].maxLength}
                {...form.register('address.postalCode')}
              />
            )}
          </Field>
        </div>
      </fieldset>
      <RequestError error={save.error} />
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          {t('taxRegistration.save')}
        </Button>
      </div>
    </form>
  );
}
