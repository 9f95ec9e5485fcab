import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENTS_MODE_META } from '@maplesource/contracts/page-data';
import { usePaymentProvider } from '../../features/checkout/api/payment-provider';

/** What the page's HTML says (decision 238): `test`, `live`, or nothing when the server did not serve the page. */
function modeInPage(): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${PAYMENTS_MODE_META}"]`)?.content;
}

/**
 * "Test payments" on every page when no card is really charged: the sandbox provider, or Stripe in test mode
 * (decision 238). The server says which in the page's HTML; only a page it did not serve (the Vite dev server) asks
 * the payment backend.
 */
export function TestPaymentsBanner() {
  const { t } = useTranslation('common');
  const [mode] = useState(modeInPage);
  const provider = usePaymentProvider(mode !== 'test' && mode !== 'live');
  const testPayments = mode === 'test' || (mode === undefined && provider.data?.testPayments === true);
  if (!testPayments) return null;
  return (
    <div
      role="region"
      aria-label={t('testPayments.label')}
      data-testid="test-payments-banner"
      className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950"
    >
      <p className="font-medium">{t('testPayments.notice')}</p>
    </div>
  );
}
