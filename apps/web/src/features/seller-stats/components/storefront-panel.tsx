import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCad } from '@maplesource/contracts/money';
import type { SellerStorefrontStats } from '@maplesource/contracts/seller-stats';
import { DailyTable } from './daily-table';
import { StatsChart } from './stats-chart';

const countKeys = ['visits', 'inquiries', 'invoices', 'paidOrders'] as const;

/**
 * The storefront's figures over the period (decision 290): visits, inquiries, invoices, paid orders, revenue and the
 * conversions, then per day as a chart or as a table (the same numbers, for the keyboard and screen readers).
 */
export function StorefrontPanel({ stats, view }: { stats: SellerStorefrontStats; view: 'chart' | 'table' }) {
  const { t, i18n } = useTranslation('sellerCatalogue');
  const french = i18n.language.startsWith('fr');
  const number = new Intl.NumberFormat(french ? 'fr-CA' : 'en-CA');
  const percent = new Intl.NumberFormat(french ? 'fr-CA' : 'en-CA', {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  const money = (cents: number) => formatCad(cents, french ? 'fr' : 'en');
  const rate = (value: number | null) => (value === null ? t('stats.shop.noRate') : percent.format(value));
  const series = useMemo(
    () => [
      { label: t('stats.shop.visits'), stroke: '#b91c1c', values: stats.days.map((d) => d.visits) },
      { label: t('stats.shop.inquiries'), stroke: '#1d4ed8', values: stats.days.map((d) => d.inquiries) },
      { label: t('stats.shop.paidOrders'), stroke: '#15803d', values: stats.days.map((d) => d.paidOrders) },
    ],
    [stats.days, t],
  );
  const days = useMemo(() => stats.days.map((d) => d.day), [stats.days]);
  return (
    <section aria-labelledby="stats-storefront" className="space-y-2">
      <h2 id="stats-storefront" className="text-lg font-semibold text-gray-900">
        {t('stats.shop.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {countKeys.map((key) => (
          <div key={key} className="rounded-lg border border-gray-200 p-3">
            <dt className="text-xs text-gray-600">{t(`stats.shop.${key}`)}</dt>
            <dd className="text-xl font-semibold text-gray-900">{number.format(stats.totals[key])}</dd>
          </div>
        ))}
        <div className="rounded-lg border border-gray-200 p-3">
          <dt className="text-xs text-gray-600">{t('stats.shop.revenue')}</dt>
          <dd className="text-xl font-semibold text-gray-900">{money(stats.totals.revenueCents)}</dd>
        </div>
        <div className="rounded-lg border border-gray-200 p-3">
          <dt className="text-xs text-gray-600">{t('stats.shop.invoiceConversion')}</dt>
          <dd className="text-xl font-semibold text-gray-900">{rate(stats.totals.invoiceConversion)}</dd>
        </div>
        <div className="rounded-lg border border-gray-200 p-3">
          <dt className="text-xs text-gray-600">{t('stats.shop.orderConversion')}</dt>
          <dd className="text-xl font-semibold text-gray-900">{rate(stats.totals.orderConversion)}</dd>
        </div>
      </dl>
      {view === 'chart' ? (
        <StatsChart days={days} series={series} testId="storefront-chart" />
      ) : (
        <DailyTable
          caption={t('stats.shop.daily')}
          days={stats.days}
          columns={[
            ...countKeys.map((key) => ({
              key,
              label: t(`stats.shop.${key}`),
              value: (day: (typeof stats.days)[number]) => number.format(day[key]),
            })),
            {
              key: 'revenue',
              label: t('stats.shop.revenue'),
              value: (day: (typeof stats.days)[number]) => money(day.revenueCents),
            },
          ]}
        />
      )}
    </section>
  );
}
