import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { centsToDollarsText } from '@maplesource/contracts/money';
import {
  payoutSettingsFormSchema,
  payoutWeekdays,
  type PayoutAccount,
  type PayoutSettings,
  type PayoutSettingsForm,
} from '@maplesource/contracts/payouts';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { fieldError } from '../../../lib/field-error';
import { toast } from '../../../lib/toast-store';
import { useUnsavedChangesWarning } from '../../../lib/unsaved-changes';
import { useSavePayoutSettings } from '../api/payout-account';
import { RequestError } from '../../../components/forms/form-kit';

const formValues = (account: PayoutAccount): PayoutSettingsForm => ({
  interval: account.schedule.interval,
  weekday: String(account.schedule.interval === 'weekly' ? account.schedule.weekday : 1),
  minimum: centsToDollarsText(account.minimumCents),
});

/**
 * The payout schedule (daily, or weekly on a chosen day) and the minimum a payout moves (decision 312), checked
 * with the contracts' schema; asks before leaving with unsaved edits (decision 262).
 */
export function PayoutSettingsForm({
  account,
  storefrontName,
}: {
  account: PayoutAccount;
  storefrontName: string;
}) {
  const { t } = useTranslation('sellerCentre');
  const form = useForm<PayoutSettingsForm, unknown, PayoutSettings>({
    resolver: zodResolver(payoutSettingsFormSchema),
    defaultValues: formValues(account),
  });
  const save = useSavePayoutSettings(account.sellerId, () =>
    toast.success(t('payouts.saved', { name: storefrontName })),
  );
  const { errors, dirtyFields } = form.formState;
  const leavePrompt = useUnsavedChangesWarning(Object.keys(dirtyFields).length > 0);
  const weekly = form.watch('interval') === 'weekly';
  const id = `payout-${account.sellerId}`;

  const submit = form.handleSubmit(async (settings) => {
    const saved = await save.mutateAsync(settings).catch(() => null);
    if (saved?.account) form.reset(formValues(saved.account));
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-4"
      aria-labelledby={`${id}-title`}
    >
      {leavePrompt}
      <h3 id={`${id}-title`} className="text-base font-semibold text-gray-900">
        {t('payouts.settingsTitle')}
      </h3>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-800">{t('payouts.schedule')}</legend>
        {(['daily', 'weekly'] as const).map((interval) => (
          <label key={interval} className="flex items-center gap-2 text-sm text-gray-800">
            <input type="radio" value={interval} className="h-4 w-4" {...form.register('interval')} />
            {t(`payouts.interval.${interval}`)}
          </label>
        ))}
      </fieldset>
      {weekly ? (
        <Field label={t('payouts.weekday')} error={fieldError(t, errors.weekday?.message)}>
          {(p) => (
            <select {...p} className={inputClasses(Boolean(errors.weekday))} {...form.register('weekday')}>
              {payoutWeekdays.map((day) => (
                <option key={day} value={String(day)}>
                  {t(`payouts.weekdays.${day}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <Field
        label={t('payouts.minimum')}
        hint={t('payouts.minimumHint')}
        error={fieldError(t, errors.minimum?.message)}
        required
      >
        {(p) => (
          <Input {...p} inputMode="decimal" autoComplete="off" maxLength={30} {...form.register('minimum')} />
        )}
      </Field>
      <RequestError error={save.error} />
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          {t('payouts.save')}
        </Button>
      </div>
    </form>
  );
}
