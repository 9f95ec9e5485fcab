import { useTranslation } from 'react-i18next';
import { CNC_FINISHES, CNC_MATERIALS, finishSuitsMaterial } from '@maplesource/contracts/cnc-pricing';
import { LoadError, LoadingState } from '../../../components/ui/query-states';
import { errorMessage } from '../../../lib/http';
import { formatUpToDecimals } from '../../../lib/up-to-decimals';
import { useCurrentCncRates } from '../api/instant-quote';
import { formatRateCents } from '../instant-quote/price-in-words';

/** The nine materials with today's rate and machinability, what each is good for, and the finishes that suit it. */
export function MaterialsTab() {
  const { t, i18n } = useTranslation('cncQuotes');
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const rates = useCurrentCncRates();
  if (rates.isPending) return <LoadingState label={t('price.ratesLoading')} />;
  if (rates.isError)
    return (
      <LoadError
        message={
          (rates.error as { status?: number }).status === 404
            ? t('price.ratesMissing')
            : errorMessage(t, rates.error)
        }
        onRetry={() => void rates.refetch()}
      />
    );
  return (
    <div>
      <p className="text-gray-700">{t('materialsTab.intro')}</p>
      <p className="mt-1 text-sm text-gray-600">{t('price.ratesDate', { date: rates.data.effectiveFrom })}</p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {CNC_MATERIALS.map((material) => {
          const rate = rates.data.materials[material];
          return (
            <li key={material} className="rounded-lg border border-gray-200 bg-white p-4">
              <h2 className="text-lg font-semibold text-gray-900">{t(`materials.${material}`)}</h2>
              <dl className="mt-2 space-y-1 text-sm">
                <div className="flex flex-wrap gap-x-2">
                  <dt className="font-medium text-gray-800">{t('materialsTab.rate')}</dt>
                  <dd className="text-gray-700">
                    {t('materialsTab.rateValue', { rate: formatRateCents(rate.centsPerCm3, language) })}
                  </dd>
                </div>
                <div className="flex flex-wrap gap-x-2">
                  <dt className="font-medium text-gray-800">{t('materialsTab.machinability')}</dt>
                  <dd className="text-gray-700">
                    {t('materialsTab.machinabilityValue', {
                      value: formatUpToDecimals(rate.machinability, 2, language),
                    })}
                  </dd>
                </div>
                <div>
                  <dt className="font-medium text-gray-800">{t('materialsTab.goodFor')}</dt>
                  <dd className="text-gray-700">{t(`materialsTab.uses.${material}`)}</dd>
                </div>
                <div>
                  <dt className="font-medium text-gray-800">{t('materialsTab.finishes')}</dt>
                  <dd className="text-gray-700">
                    {CNC_FINISHES.filter((finish) => finishSuitsMaterial(finish, material))
                      .map((finish) => t(`finishes.${finish}`))
                      .join(', ')}
                  </dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
