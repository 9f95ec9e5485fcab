import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FieldErrors, FieldValues, UseFormReturn } from 'react-hook-form';
import type { ProvinceCode } from '@maplesource/contracts/province-names';
import { Field, Input, inputClasses } from '../ui/field';
import { to } from '../../config/paths';
import { localDate } from '../../lib/delivery-deadline';
import { fieldError } from '../../lib/field-error';
import { errorMessage, isApiError } from '../../lib/http';
import { ProvinceOptions } from './province-options';

/**
 * The fields every request for quotes asks of where and by when (decision 321): the deadline day, the delivery
 * province or territory and its postal code, and whether the buyer stays anonymous (decision 317). One set for the
 * `/global-quote` form and the CNC quote's "Request firm quotes" form, each with its own words: `texts` names the
 * caller's namespace and the key prefix its texts live under (`deadline`, `deadlineHint`, `province`,
 * `chooseProvince`, `postalCode`, `postalCodeHint`, `private`, `privateHint`, `verifyEmail`).
 */
export interface DeliveryRequestTexts {
  ns: string;
  keyPrefix: string;
}

/** The typed values these fields hold, as both forms' schemas take them in. */
export interface DeliveryRequestValues extends FieldValues {
  deadline: string;
  deliveryProvince: ProvinceCode | '';
  deliveryPostalCode: string;
  private: boolean;
}

/**
 * React Hook Form cannot see that a form of `T extends DeliveryRequestValues` has these four paths, so the fields
 * register through the form viewed as holding only them: the names and types are the same in both forms.
 */
type DeliveryForm = UseFormReturn<DeliveryRequestValues, unknown, unknown>;
const asDeliveryForm = <T extends DeliveryRequestValues, TOut>(form: UseFormReturn<T, unknown, TOut>) =>
  form as unknown as DeliveryForm;

function useTexts(texts: DeliveryRequestTexts) {
  const { t } = useTranslation(texts.ns);
  return { t, text: (key: string) => t(`${texts.keyPrefix}.${key}`) };
}

/** The deadline, province and postal code fields, to place in the caller's grid. */
export function DeliveryFields<T extends DeliveryRequestValues, TOut>({
  form,
  texts,
}: {
  form: UseFormReturn<T, unknown, TOut>;
  texts: DeliveryRequestTexts;
}) {
  const { t, text } = useTexts(texts);
  const { register, formState } = asDeliveryForm(form);
  const errors: FieldErrors<DeliveryRequestValues> = formState.errors;
  return (
    <>
      <Field
        label={text('deadline')}
        hint={text('deadlineHint')}
        error={fieldError(t, errors.deadline?.message)}
        required
      >
        {(p) => <Input {...p} type="date" min={localDate(new Date())} {...register('deadline')} />}
      </Field>
      <Field label={text('province')} error={fieldError(t, errors.deliveryProvince?.message)} required>
        {(p) => (
          <select
            {...p}
            className={inputClasses(Boolean(errors.deliveryProvince))}
            {...register('deliveryProvince')}
          >
            <ProvinceOptions placeholder={text('chooseProvince')} />
          </select>
        )}
      </Field>
      <Field
        label={text('postalCode')}
        hint={text('postalCodeHint')}
        error={fieldError(t, errors.deliveryPostalCode?.message)}
        required
      >
        {(p) => <Input {...p} autoComplete="postal-code" maxLength={7} {...register('deliveryPostalCode')} />}
      </Field>
    </>
  );
}

/** The "private request" checkbox with its explanation. */
export function PrivateRequestField<T extends DeliveryRequestValues, TOut>({
  form,
  texts,
}: {
  form: UseFormReturn<T, unknown, TOut>;
  texts: DeliveryRequestTexts;
}) {
  const { text } = useTexts(texts);
  const hintId = useId();
  return (
    <div className="space-y-1">
      <label className="flex items-start gap-2 text-sm text-gray-900">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4"
          aria-describedby={hintId}
          {...asDeliveryForm(form).register('private')}
        />
        {text('private')}
      </label>
      <p id={hintId} className="pl-6 text-xs text-gray-600">
        {text('privateHint')}
      </p>
    </div>
  );
}

/** Why sending failed; for an unverified e-mail (403 RFQ_EMAIL_NOT_VERIFIED), a link to the profile to verify it. */
export function SendRequestError({ error, texts }: { error: unknown; texts: DeliveryRequestTexts }) {
  const { t, text } = useTexts(texts);
  if (!error) return null;
  return (
    <div role="alert" className="space-y-1 text-sm font-medium text-red-700">
      <p>{errorMessage(t, error)}</p>
      {isApiError(error) && error.code === 'RFQ_EMAIL_NOT_VERIFIED' ? (
        <Link to={to('profile')} className="text-maple-700 underline">
          {text('verifyEmail')}
        </Link>
      ) : null}
    </div>
  );
}
