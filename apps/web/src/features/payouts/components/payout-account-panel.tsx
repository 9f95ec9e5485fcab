import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnStorefront } from '@maplesource/contracts/invoices';
import { formatCad } from '@maplesource/contracts/money';
import type { PayoutAccountStatus } from '@maplesource/contracts/payouts';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-states';
import { cn } from '../../../components/ui/cn';
import { usePayoutAccount, useStartPayoutOnboarding } from '../api/payout-account';
import { PayoutSettingsForm } from './payout-settings-form';
import { RequestError } from '../../../components/forms/form-kit';

const statusClasses: Record<PayoutAccountStatus, string> = {
  pending_onboarding: 'bg-amber-50 text-amber-900 border-amber-300',
  active: 'bg-green-50 text-green-900 border-green-300',
  restricted: 'bg-amber-50 text-amber-900 border-amber-300',
  disabled: 'bg-red-50 text-red-900 border-red-300',
};

/**
 * One storefront's payout account (decision 312): connect (the provider's onboarding), its status as the provider's
 * last `account.updated` said, what the provider still needs, and the schedule and minimum once it exists.
 */
export function PayoutAccountPanel({
  storefront,
  awaitingProvider,
}: {
  storefront: OwnStorefront;
  awaitingProvider: boolean;
}) {
  const { t, i18n } = useTranslation('sellerCentre');
  const language = i18n.language.startsWith('fr') ? 'fr' : 'en';
  const query = usePayoutAccount(storefront.sellerId, awaitingProvider);
  const [startError, setStartError] = useState<unknown>(null);
  const start = useStartPayoutOnboarding(storefront.sellerId, language, setStartError);
  const account = query.data?.account ?? null;
  const headingId = `payout-account-${storefront.sellerId}`;

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-md border border-gray-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold break-words text-gray-900">
        {storefront.name}
      </h2>
      <QueryState
        isPending={query.isPending}
        error={query.error}
        isEmpty={false}
        onRetry={() => void query.refetch()}
      >
        {account ? (
          <div className="space-y-2">
            <p className="text-sm text-gray-800">
              {t('payouts.statusLabel')}{' '}
              <span
                data-testid="payout-status"
                className={cn(
                  'inline-block rounded border px-2 py-0.5 text-sm font-medium',
                  statusClasses[account.status],
                )}
              >
                {t(`payouts.status.${account.status}`)}
              </span>
            </p>
            <p className="text-sm text-gray-700">{t(`payouts.statusHelp.${account.status}`)}</p>
            {account.requirementsDue.length > 0 ? (
              <p className="text-sm text-gray-700">
                {t('payouts.requirements', { count: account.requirementsDue.length })}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-gray-700">
            {t('payouts.none', { minimum: formatCad(query.data?.defaultMinimumCents ?? 0, language) })}
          </p>
        )}
        {account?.status !== 'active' && account?.status !== 'disabled' ? (
          <div className="space-y-2">
            <Button type="button" loading={start.isPending} onClick={() => start.mutate()}>
              {account ? t('payouts.continue') : t('payouts.connect')}
            </Button>
            <RequestError error={startError} />
          </div>
        ) : null}
        {account ? <PayoutSettingsForm account={account} storefrontName={storefront.name} /> : null}
      </QueryState>
    </section>
  );
}
