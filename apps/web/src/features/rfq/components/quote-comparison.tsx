import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { provinceNames, type ProvinceCode } from '@maplesource/contracts/province-names';
import { useFormat } from '../../../lib/format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { nextSort, sortQuotes, type QuoteSort, type QuoteSortKey, type RfqSupplierRow } from '../comparison';

/** What each supplier's row offers: chat with it, accept its quote (only while the request is open). */
export type QuoteActions = (row: RfqSupplierRow) => ReactNode;

type Cells = {
  unit: string;
  goods: string;
  shipping: string;
  tax: string;
  delivered: string;
  lead: string;
  validUntil: string;
  rating: string;
  verified: string;
};

function useCells(quantity: number) {
  const { t } = useTranslation('rfq');
  const format = useFormat();
  const money = (cents: number | null) => (cents === null ? t('compare.notPriced') : format.money(cents));
  return (row: RfqSupplierRow): Cells => ({
    unit: money(row.unitPriceCents),
    goods: row.goodsCents === null ? t('compare.belowTiers', { quantity }) : format.money(row.goodsCents),
    shipping: money(row.shippingCents),
    tax: money(row.taxCents),
    delivered: money(row.deliveredCents),
    lead: row.leadDays === null ? '—' : t('compare.days', { count: row.leadDays }),
    validUntil: row.validUntil ? format.date(`${row.validUntil.slice(0, 10)}T12:00:00`) : '—',
    rating:
      row.rating.average === null
        ? t('compare.noRating')
        : t('compare.rating', { average: format.number(row.rating.average), count: row.rating.count }),
    verified: row.verified ? t('compare.verifiedYes') : t('compare.verifiedNo'),
  });
}

/**
 * The quotes of a request side by side (decision 298): unit price for the quantity, goods total, shipping, tax of
 * the delivery province, delivered total, lead time, valid until, the supplier's rating and verified flag, and the
 * row's actions. Sorted by delivered total or lead time, either way: a table whose two sortable column headers are
 * buttons and carry `aria-sort`, the order announced; below 768 px wide the same quotes as cards, with the order
 * chosen from a select.
 */
export function QuoteComparison({
  rows,
  quantity,
  province,
  actions,
}: {
  rows: readonly RfqSupplierRow[];
  quantity: number;
  province: string;
  actions: QuoteActions;
}) {
  const { t, i18n } = useTranslation('rfq');
  const wide = useMediaQuery('(min-width: 768px)', true);
  const [sort, setSort] = useState<QuoteSort>({ key: 'delivered', direction: 'ascending' });
  const sorted = sortQuotes(rows, sort);
  const cells = useCells(quantity);
  const names = provinceNames[province as ProvinceCode];
  const provinceName = names ? (i18n.language.startsWith('fr') ? names.fr : names.en) : province;
  const announcement = t(`compare.sortedBy.${sort.key}.${sort.direction}`);

  return (
    <div className="space-y-2">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {wide ? (
        <ComparisonTable
          rows={sorted}
          sort={sort}
          onSort={(key) => setSort(nextSort(sort, key))}
          cells={cells}
          actions={actions}
          caption={t('compare.caption', { province: provinceName, quantity })}
        />
      ) : (
        <ComparisonCards
          rows={sorted}
          sort={sort}
          onSort={setSort}
          cells={cells}
          actions={actions}
          title={t('compare.caption', { province: provinceName, quantity })}
        />
      )}
    </div>
  );
}

const columns = [
  'unit',
  'goods',
  'shipping',
  'tax',
  'delivered',
  'lead',
  'validUntil',
  'rating',
  'verified',
] as const;
const sortableColumn: Partial<Record<(typeof columns)[number], QuoteSortKey>> = {
  delivered: 'delivered',
  lead: 'lead',
};

function ComparisonTable({
  rows,
  sort,
  onSort,
  cells,
  actions,
  caption,
}: {
  rows: readonly RfqSupplierRow[];
  sort: QuoteSort;
  onSort: (key: QuoteSortKey) => void;
  cells: (row: RfqSupplierRow) => Cells;
  actions: QuoteActions;
  caption: string;
}) {
  const { t } = useTranslation('rfq');
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200">
      <table className="w-full text-sm">
        <caption className="px-3 py-2 text-left text-sm text-gray-700">{caption}</caption>
        <thead className="bg-gray-50">
          <tr className="text-left text-gray-800">
            <th scope="col" className="px-3 py-2">
              {t('compare.supplier')}
            </th>
            {columns.map((column) => {
              const key = sortableColumn[column];
              if (!key)
                return (
                  <th key={column} scope="col" className="px-3 py-2 text-right">
                    {t(`compare.columns.${column}`)}
                  </th>
                );
              const active = sort.key === key;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={active ? sort.direction : 'none'}
                  className="px-3 py-2 text-right"
                >
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 rounded font-semibold text-maple-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-maple-600"
                    onClick={() => onSort(key)}
                  >
                    {t(`compare.columns.${column}`)}
                    <span aria-hidden="true">
                      {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">{t('compare.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const c = cells(row);
            return (
              <tr key={row.recipientId} className="border-t border-gray-100 align-top">
                <th scope="row" className="px-3 py-2 text-left font-medium text-gray-900">
                  {row.storefrontName}
                  {row.status === 'accepted' ? (
                    <span className="ml-1 text-xs font-normal text-maple-700">{t('compare.accepted')}</span>
                  ) : null}
                  <Revised row={row} />
                </th>
                {columns.map((column) => (
                  <td
                    key={column}
                    className={
                      column === 'delivered'
                        ? 'px-3 py-2 text-right font-semibold whitespace-nowrap'
                        : 'px-3 py-2 text-right whitespace-nowrap'
                    }
                  >
                    {c[column]}
                  </td>
                ))}
                <td className="px-3 py-2">
                  <div className="flex justify-end gap-2">{actions(row)}</div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ComparisonCards({
  rows,
  sort,
  onSort,
  cells,
  actions,
  title,
}: {
  rows: readonly RfqSupplierRow[];
  sort: QuoteSort;
  onSort: (sort: QuoteSort) => void;
  cells: (row: RfqSupplierRow) => Cells;
  actions: QuoteActions;
  title: string;
}) {
  const { t } = useTranslation('rfq');
  const value = `${sort.key}:${sort.direction}`;
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700">{title}</p>
      <label className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
        {t('compare.sortBy')}
        <select
          className="rounded-md border border-gray-300 px-2 py-1"
          value={value}
          onChange={(event) => {
            const [key, direction] = event.target.value.split(':') as [QuoteSortKey, QuoteSort['direction']];
            onSort({ key, direction });
          }}
        >
          {(['delivered', 'lead'] as const).flatMap((key) =>
            (['ascending', 'descending'] as const).map((direction) => (
              <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
                {t(`compare.sortOption.${key}.${direction}`)}
              </option>
            )),
          )}
        </select>
      </label>
      <ul className="space-y-3" aria-label={title}>
        {rows.map((row) => {
          const c = cells(row);
          return (
            <li key={row.recipientId} className="rounded-lg border border-gray-200 p-3">
              <h3 className="font-medium break-words text-gray-900">
                {row.storefrontName}
                {row.status === 'accepted' ? (
                  <span className="ml-1 text-xs font-normal text-maple-700">{t('compare.accepted')}</span>
                ) : null}
                <Revised row={row} />
              </h3>
              <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                {columns.map((column) => (
                  <div key={column} className="contents">
                    <dt className="text-gray-600">{t(`compare.columns.${column}`)}</dt>
                    <dd className={column === 'delivered' ? 'text-right font-semibold' : 'text-right'}>
                      {c[column]}
                    </dd>
                  </div>
                ))}
              </dl>
              <div className="mt-3 flex flex-wrap gap-2">{actions(row)}</div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A quote the supplier has revised says so: the figures are its latest version's (decision 298). */
function Revised({ row }: { row: RfqSupplierRow }) {
  const { t } = useTranslation('rfq');
  if (!row.latest || row.latest.version < 2) return null;
  return (
    <span className="block text-xs font-normal text-gray-600">
      {t('compare.revised', { version: row.latest.version })}
    </span>
  );
}
