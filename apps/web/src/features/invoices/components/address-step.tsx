import { useForm, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { ProvinceOptions } from '../../../components/forms/province-options';
import { fieldError } from '../../../lib/field-error';
import { emptyAddress, type AcceptFlowState, type FlowAddress } from '../model/accept-flow';
import {
  addressStepSchema,
  type AddressStepOutput,
  type AddressStepValues,
} from '../model/address-step-schema';

const nullIfBlank = { setValueAs: (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v) };

function AddressFields({
  prefix,
  legend,
  register,
  errors,
}: {
  prefix: 'shippingAddress' | 'billingAddress';
  legend: string;
  register: UseFormRegister<AddressStepValues>;
  errors: FieldErrors<AddressStepValues>[typeof prefix];
}) {
  const { t } = useTranslation('invoices');
  const err = (message: string | undefined) => fieldError(t, message);
  const autocomplete = prefix === 'shippingAddress' ? 'shipping' : 'billing';
  return (
    <fieldset className="space-y-3 rounded-md border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold text-gray-900">{legend}</legend>
      <Field label={t('address.fullName')} error={err(errors?.fullName?.message)} required>
        {(p) => <Input {...p} autoComplete={`${autocomplete} name`} {...register(`${prefix}.fullName`)} />}
      </Field>
      <Field label={t('address.line1')} error={err(errors?.line1?.message)} required>
        {(p) => (
          <Input {...p} autoComplete={`${autocomplete} address-line1`} {...register(`${prefix}.line1`)} />
        )}
      </Field>
      <Field label={t('address.line2')} error={err(errors?.line2?.message)}>
        {(p) => (
          <Input
            {...p}
            autoComplete={`${autocomplete} address-line2`}
            {...register(`${prefix}.line2`, nullIfBlank)}
          />
        )}
      </Field>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t('address.city')} error={err(errors?.city?.message)} required>
          {(p) => (
            <Input {...p} autoComplete={`${autocomplete} address-level2`} {...register(`${prefix}.city`)} />
          )}
        </Field>
        <Field
          label={t('address.province')}
          error={errors?.province ? t('errors:PROVINCE_REQUIRED') : undefined}
          required
        >
          {(p) => (
            <select
              {...p}
              autoComplete={`${autocomplete} address-level1`}
              className={inputClasses(Boolean(errors?.province))}
              {...register(`${prefix}.province`)}
            >
              <ProvinceOptions placeholder={t('address.chooseProvince')} />
            </select>
          )}
        </Field>
        <Field
          label={t('address.postalCode')}
          hint={t('address.postalHint')}
          error={err(errors?.postalCode?.message)}
          required
        >
          {(p) => (
            <Input
              {...p}
              maxLength={7}
              autoComplete={`${autocomplete} postal-code`}
              {...register(`${prefix}.postalCode`)}
            />
          )}
        </Field>
      </div>
      <p className="text-sm text-gray-700">
        {t('address.country')}: {t('address.canada')}
      </p>
      <Field label={t('address.phone')} error={err(errors?.phone?.message)}>
        {(p) => (
          <Input
            {...p}
            type="tel"
            autoComplete={`${autocomplete} tel`}
            {...register(`${prefix}.phone`, nullIfBlank)}
          />
        )}
      </Field>
    </fieldset>
  );
}

const asFormAddress = (address: FlowAddress | null, type: FlowAddress['addressType']) =>
  (address ?? emptyAddress(type)) as AddressStepValues['shippingAddress'];

/**
 * Step 1 (docs/product.md §4 accept flow): shipping and billing addresses, "use shipping for billing" on by default. The
 * switch goes through the flow's reducer (billing = copy of shipping; off → billing cleared).
 */
export function AddressStep({
  state,
  onSameChange,
  onDone,
}: {
  state: AcceptFlowState;
  onSameChange: (same: boolean) => void;
  onDone: (values: AddressStepOutput) => void;
}) {
  const { t } = useTranslation('invoices');
  const form = useForm<AddressStepValues, unknown, AddressStepOutput>({
    resolver: zodResolver(addressStepSchema),
    shouldUnregister: true,
    defaultValues: {
      isBillingSameAsShipping: state.isBillingSameAsShipping,
      shippingAddress: asFormAddress(state.shippingAddress, 'Shipping'),
      billingAddress: state.isBillingSameAsShipping ? null : asFormAddress(state.billingAddress, 'Billing'),
    },
  });
  const same = useWatch({ control: form.control, name: 'isBillingSameAsShipping' });
  const { errors } = form.formState;
  const toggle = form.register('isBillingSameAsShipping');
  return (
    <form onSubmit={form.handleSubmit(onDone)} noValidate className="space-y-4">
      <input type="hidden" value="Shipping" {...form.register('shippingAddress.addressType')} />
      <input type="hidden" value="CA" {...form.register('shippingAddress.country')} />
      <AddressFields
        prefix="shippingAddress"
        legend={t('address.shipping')}
        register={form.register}
        errors={errors.shippingAddress}
      />
      <label className="flex items-center gap-2 text-sm text-gray-900">
        <input
          type="checkbox"
          {...toggle}
          onChange={(event) => {
            void toggle.onChange(event);
            const on = event.target.checked;
            onSameChange(on);
            if (!on) form.setValue('billingAddress', asFormAddress(null, 'Billing'));
          }}
        />
        {t('address.sameAsShipping')}
      </label>
      {same ? null : (
        <>
          <input type="hidden" value="Billing" {...form.register('billingAddress.addressType')} />
          <input type="hidden" value="CA" {...form.register('billingAddress.country')} />
          <AddressFields
            prefix="billingAddress"
            legend={t('address.billing')}
            register={form.register}
            errors={errors.billingAddress}
          />
        </>
      )}
      <div className="flex justify-end">
        <Button type="submit">{t('flow.next')}</Button>
      </div>
    </form>
  );
}
