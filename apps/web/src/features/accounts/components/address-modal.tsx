import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { addressInputSchema, type Address } from '@maplesource/contracts/accounts';
import { postalCodeFirstLetters, type ProvinceCode } from '@maplesource/contracts/provinces';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { fieldError } from '../../../lib/field-error';
import { toast } from '../../../lib/toast-store';
import { useCities, useCountries, useStates } from '../api/get-locations';
import { useSaveAddress } from '../api/save-address';
import { RequestError } from '../../../components/forms/form-kit';

type Values = z.input<typeof addressInputSchema>;

/** docs/product.md §2 address modal: country → province → city cascade, Canadian postal code, default-shipping switch. */
export function AddressModal({ address, onClose }: { address: Address | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('accounts');
  const fr = i18n.language === 'fr';
  const save = useSaveAddress();
  const form = useForm<Values>({
    resolver: zodResolver(addressInputSchema),
    defaultValues: address
      ? { ...address, country: 'Canada' }
      : {
          street: '',
          country: 'Canada',
          province: undefined as unknown as ProvinceCode,
          city: '',
          postalCode: '',
          isDefaultShipping: false,
          addressType: 'Shipping',
        },
  });
  const { errors } = form.formState;
  const country = form.watch('country');
  const province = form.watch('province');
  const countries = useCountries();
  const states = useStates(country ? 'CA' : undefined);
  const cities = useCities(province);

  const submit = form.handleSubmit((values) => {
    const postal = values.postalCode.replace(/\s+/g, '').toUpperCase();
    if (values.province && !postalCodeFirstLetters[values.province].includes(postal[0] ?? '')) {
      form.setError('postalCode', { message: 'errors:POSTAL_CODE_PROVINCE_MISMATCH' });
      return;
    }
    save.mutate(
      { ...values, ...(address ? { id: address.id } : {}) },
      {
        onSuccess: () => {
          toast.success(t('address.saved'));
          onClose();
        },
      },
    );
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={address ? t('address.editTitle') : t('address.addTitle')}
      closeLabel={t('common:modal.close')}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label={t('address.street')} error={fieldError(t, errors.street?.message)} required>
          {(p) => <Input {...p} autoComplete="street-address" {...form.register('street')} />}
        </Field>
        <Field label={t('address.country')} error={fieldError(t, errors.country?.message)} required>
          {(p) => (
            <select {...p} className={inputClasses(Boolean(errors.country))} {...form.register('country')}>
              {(countries.data?.items ?? [{ code: 'CA', name: 'Canada', nameFr: 'Canada' }]).map((c) => (
                <option key={c.code} value={c.name}>
                  {fr ? c.nameFr : c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('address.province')}
          error={fieldError(t, errors.province?.message ? 'errors:PROVINCE_REQUIRED' : undefined)}
          required
        >
          {(p) => (
            <select
              {...p}
              className={inputClasses(Boolean(errors.province))}
              {...form.register('province', { onChange: () => form.setValue('city', '') })}
              disabled={!states.data}
            >
              <option value="">{t('address.chooseProvince')}</option>
              {states.data?.items.map((s) => (
                <option key={s.code} value={s.code}>
                  {fr ? s.nameFr : s.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('address.city')} error={fieldError(t, errors.city?.message)} required>
          {(p) => (
            <select
              {...p}
              className={inputClasses(Boolean(errors.city))}
              {...form.register('city')}
              disabled={!province || !cities.data}
            >
              <option value="">{province ? t('address.chooseCity') : t('address.provinceFirst')}</option>
              {cities.data?.items.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('address.postalCode')}
          hint={t('address.postalHint')}
          error={fieldError(t, errors.postalCode?.message)}
          required
        >
          {(p) => <Input {...p} autoComplete="postal-code" maxLength={7} {...form.register('postalCode')} />}
        </Field>
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input type="checkbox" role="switch" className="h-4 w-4" {...form.register('isDefaultShipping')} />
          {t('address.default')}
        </label>
        <RequestError error={save.error} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
