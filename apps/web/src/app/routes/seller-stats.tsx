import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  sellerStatsSorts,
  type SellerStats,
  type SellerStatsSort,
} from '@maplesource/contracts/seller-stats';
import { Button } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { EmptyState, LoadError, LoadingState } from '../../components/ui/query-states';
import { errorMessage } from '../../lib/http';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSellerStats } from '../../features/seller-stats/api/get-seller-stats';
import { StatsChart } from '../../features/seller-stats/components/stats-chart';
import { DailyTable } from '../../features/seller-stats/components/daily-table';
import { StorefrontPanel } from '../../features/seller-stats/components/storefront-panel';
import { saveCsv, statsCsv } from '../../features/seller-stats/csv';
import { downloadStatsItemsCsv } from '../../features/seller-stats/api/download-stats-items-csv';
import { toast } from '../../lib/toast-store';
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
const pageSize = 20;
type Item = SellerStats['items']['items'][number];

/**
 * /seller-centre/stats (decisions 273, 290): the storefront's figures (visits, inquiries, invoices, paid orders,
 * revenue, conversions) and its products and services over 7, 30, 90 days or a custom period — totals, charts per
 * day (or the same numbers as tables), the items a page at a time in a chosen order, and CSV exports of the days and
 * of every item of the period (decision 314).
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
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SellerStatsSort>('popularity');
  // Another period or order starts the items table again at its first page.
  const [pageKey, setPageKey] = useState('');
  const key = `${period?.from}/${period?.to}/${sort}/${sellerId}`;
  if (key !== pageKey) {
    setPageKey(key);
    setPage(1);
  }
  const items = useMemo(() => ({ page, pageSize, sort }), [page, sort]);
  const stats = useSellerStats(sellerId, period, items);
  const french = i18n.language.startsWith('fr');
  const number = new Intl.NumberFormat(french ? 'fr-CA' : 'en-CA');
  const nameOf = (item: Item) => (french ? item.nameFr : item.nameEn) || item.nameEn;

  const exportDays = (data: SellerStats) =>
    saveCsv(
      `stats-${data.from}-${data.to}.csv`,
      statsCsv(data, {
        day: t('stats.day'),
        counts: countKeys.map((key) => t(`stats.counts.${key}`)),
        storefront: [
          t('stats.shop.visits'),
          t('stats.shop.inquiries'),
          t('stats.shop.invoices'),
          t('stats.shop.paidOrders'),
          t('stats.shop.revenueCad'),
        ],
      }),
    );
  const [exportingItems, setExportingItems] = useState(false);
  const exportItems = (data: SellerStats) => {
    if (sellerId === undefined) return;
    setExportingItems(true);
    downloadStatsItemsCsv({ sellerId, from: data.from, to: data.to, sort, lang: french ? 'fr' : 'en' })
      .catch((error: unknown) => toast.error(errorMessage(t, error)))
      .finally(() => setExportingItems(false));
  };

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
              onExportDays={() => exportDays(stats.data)}
              onExportItems={() => exportItems(stats.data)}
              exportingItems={exportingItems}
              sort={sort}
              setSort={setSort}
              setPage={setPage}
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
  onExportDays,
  onExportItems,
  exportingItems,
  sort,
  setSort,
  setPage,
}: {
  data: SellerStats;
  view: 'chart' | 'table';
  setView: (view: 'chart' | 'table') => void;
  number: Intl.NumberFormat;
  nameOf: (item: Item) => string;
  onExportDays: () => void;
  onExportItems: () => void;
  exportingItems: boolean;
  sort: SellerStatsSort;
  setSort: (sort: SellerStatsSort) => void;
  setPage: (page: number) => void;
}) {
  const { t } = useTranslation('sellerCatalogue');
  const series = useMemo(
    () => [
      { label: t('stats.counts.views'), stroke: '#b91c1c', values: data.days.map((d) => d.views) },
      { label: t('stats.counts.quotations'), stroke: '#1d4ed8', values: data.days.map((d) => d.quotations) },
    ],
    [data.days, t],
  );
  const days = useMemo(() => data.days.map((d) => d.day), [data.days]);
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
            <Button size="sm" variant="secondary" onClick={onExportDays}>
              {t('stats.exportDaysCsv')}
            </Button>
          </div>
        </div>
        {view === 'chart' ? (
          <StatsChart days={days} series={series} testId="stats-chart" />
        ) : (
          <DailyTable
            caption={t('stats.daily')}
            days={data.days}
            columns={countKeys.map((key) => ({
              key,
              label: t(`stats.counts.${key}`),
              value: (day: (typeof data.days)[number]) => number.format(day[key]),
            }))}
          />
        )}
      </section>
      <StorefrontPanel stats={data.storefront} view={view} />
      <section aria-labelledby="stats-items" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="stats-items" className="text-lg font-semibold text-gray-900">
            {t('stats.items', { count: data.items.total })}
          </h2>
          <label className="flex items-center gap-2 text-sm text-gray-800">
            {t('stats.sortBy')}
            <select
              className="rounded-md border border-gray-300 px-2 py-1"
              value={sort}
              onChange={(e) => setSort(e.target.value as SellerStatsSort)}
            >
              {sellerStatsSorts.map((key) => (
                <option key={key} value={key}>
                  {t(`stats.sorts.${key}`)}
                </option>
              ))}
            </select>
          </label>
          {data.items.total > 0 && (
            <Button size="sm" variant="secondary" loading={exportingItems} onClick={onExportItems}>
              {t('stats.exportItemsCsv', { count: data.items.total })}
            </Button>
          )}
        </div>
        {data.items.items.length === 0 ? (
          <EmptyState title={t('stats.empty')} text={t('stats.emptyHint')} />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t(`stats.itemsCaption.${sort}`)}</caption>
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
                {data.items.items.map((item) => (
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
        <Pagination
          page={data.items.page}
          pageSize={data.items.pageSize}
          total={data.items.total}
          onPage={setPage}
          label={t('stats.itemsPages')}
        />
      </section>
    </div>
  );
}
