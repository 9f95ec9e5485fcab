import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SellerStats } from '@maplesource/contracts/seller-stats';
import { Button } from '../../components/ui/button';
import { EmptyState, LoadError, LoadingState } from '../../components/ui/query-states';
import { errorMessage } from '../../lib/http';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSellerStats } from '../../features/seller-stats/api/get-seller-stats';
import { StatsChart } from '../../features/seller-stats/components/stats-chart';
import { saveCsv, statsCsv } from '../../features/seller-stats/csv';
import {
  customPeriod,
  presetDays,
  presetPeriod,
  type PeriodChoice,
  type StatsPeriod,
} from '../../features/seller-stats/period';
import { SellerCentreNav } from './seller-centre-nav';
import { StorefrontPicker, useChosenStorefront } from './storefront-picker';

const countKeys = ['views', 'quotations', 'accepted', 'rejected', 'inProgress'] as const;

/**
 * /seller-centre/stats (decision 273): the storefront's products and services over 7, 30, 90 days or a custom
 * period — totals, a chart per day (or the same numbers as a table), the items by popularity, and a CSV export.
 */
export default function SellerStatsPage() {
  const { t, i18n } = useTranslation('sellerCatalogue');
  useDocumentTitle(t('stats.title'));
  const { storefronts, list, sellerId, setChosen } = useChosenStorefront();
  const [choice, setChoice] = useState<PeriodChoice>(30);
  const [custom, setCustom] = useState(() => presetPeriod(30));
  const period: StatsPeriod | null = useMemo(
    () => (choice === 'custom' ? customPeriod(custom.from, custom.to) : presetPeriod(choice)),
    [choice, custom],
  );
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const stats = useSellerStats(sellerId, period);
  const french = i18n.language.startsWith('fr');
  const number = new Intl.NumberFormat(french ? 'fr-CA' : 'en-CA');
  const nameOf = (item: SellerStats['items'][number]) => (french ? item.nameFr : item.nameEn) || item.nameEn;

  const exportCsv = (data: SellerStats) =>
    saveCsv(
      `stats-${data.from}-${data.to}.csv`,
      statsCsv(
        data,
        {
          item: t('stats.item'),
          kind: t('stats.kind'),
          day: t('stats.day'),
          counts: countKeys.map((key) => t(`stats.counts.${key}`)),
          scores: [t('stats.popularity'), t('stats.bestseller')],
        },
        nameOf,
        (kind) => t(`stats.kinds.${kind}`),
      ),
    );

  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-6">
      <SellerCentreNav />
      <h1 className="text-2xl font-bold text-gray-900">{t('stats.title')}</h1>
      {storefronts.isPending ? (
        <LoadingState />
      ) : storefronts.isError ? (
        <LoadError message={errorMessage(t, storefronts.error)} onRetry={() => void storefronts.refetch()} />
      ) : sellerId === undefined ? (
        <p className="text-sm text-gray-700">{t('stats.noStorefront')}</p>
      ) : (
        <>
          <StorefrontPicker
            label={t('stats.storefront')}
            list={list}
            sellerId={sellerId}
            onChoose={setChosen}
          />
          <fieldset className="flex flex-wrap items-end gap-3">
            <legend className="mb-1 text-sm font-medium text-gray-900">{t('stats.period')}</legend>
            <label className="flex flex-col text-sm text-gray-800">
              {t('stats.periodChoice')}
              <select
                className="rounded-md border border-gray-300 px-2 py-1"
                value={String(choice)}
                onChange={(e) =>
                  setChoice(e.target.value === 'custom' ? 'custom' : (Number(e.target.value) as PeriodChoice))
                }
              >
                {presetDays.map((days) => (
                  <option key={days} value={days}>
                    {t('stats.lastDays', { count: days })}
                  </option>
                ))}
                <option value="custom">{t('stats.custom')}</option>
              </select>
            </label>
            {choice === 'custom' ? (
              <>
                <label className="flex flex-col text-sm text-gray-800">
                  {t('stats.from')}
                  <input
                    type="date"
                    className="rounded-md border border-gray-300 px-2 py-1"
                    value={custom.from}
                    onChange={(e) => setCustom({ ...custom, from: e.target.value })}
                    aria-invalid={period === null}
                    aria-describedby={period === null ? 'stats-period-error' : undefined}
                  />
                </label>
                <label className="flex flex-col text-sm text-gray-800">
                  {t('stats.to')}
                  <input
                    type="date"
                    className="rounded-md border border-gray-300 px-2 py-1"
                    value={custom.to}
                    onChange={(e) => setCustom({ ...custom, to: e.target.value })}
                    aria-invalid={period === null}
                  />
                </label>
              </>
            ) : null}
          </fieldset>
          {period === null ? (
            <p id="stats-period-error" role="alert" className="text-sm text-red-700">
              {t('stats.periodInvalid')}
            </p>
          ) : stats.isPending ? (
            <LoadingState label={t('stats.loading')} />
          ) : stats.isError ? (
            <LoadError message={errorMessage(t, stats.error)} onRetry={() => void stats.refetch()} />
          ) : (
            <StatsBody
              data={stats.data}
              view={view}
              setView={setView}
              number={number}
              nameOf={nameOf}
              onExport={() => exportCsv(stats.data)}
            />
          )}
        </>
      )}
    </div>
  );
}

function StatsBody({
  data,
  view,
  setView,
  number,
  nameOf,
  onExport,
}: {
  data: SellerStats;
  view: 'chart' | 'table';
  setView: (view: 'chart' | 'table') => void;
  number: Intl.NumberFormat;
  nameOf: (item: SellerStats['items'][number]) => string;
  onExport: () => void;
}) {
  const { t } = useTranslation('sellerCatalogue');
  const chartLabels = useMemo(
    () => ({ views: t('stats.counts.views'), quotations: t('stats.counts.quotations') }),
    [t],
  );
  return (
    <div className="space-y-4">
      <section aria-labelledby="stats-totals">
        <h2 id="stats-totals" className="sr-only">
          {t('stats.totals')}
        </h2>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {countKeys.map((key) => (
            <div key={key} className="rounded-lg border border-gray-200 p-3">
              <dt className="text-xs text-gray-600">{t(`stats.counts.${key}`)}</dt>
              <dd className="text-xl font-semibold text-gray-900">{number.format(data.totals[key])}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="stats-daily" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="stats-daily" className="text-lg font-semibold text-gray-900">
            {t('stats.daily')}
          </h2>
          <div className="flex gap-2" role="group" aria-label={t('stats.viewAs')}>
            <Button
              size="sm"
              variant={view === 'chart' ? 'primary' : 'secondary'}
              aria-pressed={view === 'chart'}
              onClick={() => setView('chart')}
            >
              {t('stats.chart')}
            </Button>
            <Button
              size="sm"
              variant={view === 'table' ? 'primary' : 'secondary'}
              aria-pressed={view === 'table'}
              onClick={() => setView('table')}
            >
              {t('stats.table')}
            </Button>
            <Button size="sm" variant="secondary" onClick={onExport}>
              {t('stats.exportCsv')}
            </Button>
          </div>
        </div>
        {view === 'chart' ? (
          <StatsChart days={data.days} labels={chartLabels} />
        ) : (
          <div className="max-h-96 overflow-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('stats.daily')}</caption>
              <thead>
                <tr className="text-left text-gray-700">
                  <th scope="col" className="px-2 py-1">
                    {t('stats.day')}
                  </th>
                  {countKeys.map((key) => (
                    <th key={key} scope="col" className="px-2 py-1 text-right">
                      {t(`stats.counts.${key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.days.map((day) => (
                  <tr key={day.day} className="border-t border-gray-100">
                    <th scope="row" className="px-2 py-1 text-left font-normal">
                      {day.day}
                    </th>
                    {countKeys.map((key) => (
                      <td key={key} className="px-2 py-1 text-right">
                        {number.format(day[key])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="stats-items" className="space-y-2">
        <h2 id="stats-items" className="text-lg font-semibold text-gray-900">
          {t('stats.items', { count: data.itemCount })}
        </h2>
        {data.items.length === 0 ? (
          <EmptyState title={t('stats.empty')} text={t('stats.emptyHint')} />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('stats.itemsCaption')}</caption>
              <thead>
                <tr className="text-left text-gray-700">
                  <th scope="col" className="px-2 py-1">
                    {t('stats.item')}
                  </th>
                  {countKeys.map((key) => (
                    <th key={key} scope="col" className="px-2 py-1 text-right">
                      {t(`stats.counts.${key}`)}
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-1 text-right">
                    {t('stats.popularity')}
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    {t('stats.bestseller')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <tr key={`${item.kind}-${item.id}`} className="border-t border-gray-100">
                    <th scope="row" className="px-2 py-1 text-left font-normal">
                      {nameOf(item)}{' '}
                      <span className="text-xs text-gray-600">({t(`stats.kinds.${item.kind}`)})</span>
                    </th>
                    {countKeys.map((key) => (
                      <td key={key} className="px-2 py-1 text-right">
                        {number.format(item[key])}
                      </td>
                    ))}
                    <td className="px-2 py-1 text-right">{number.format(item.popularityScore)}</td>
                    <td className="px-2 py-1 text-right">{number.format(item.bestsellerScore)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
