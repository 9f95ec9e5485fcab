import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortRef } from '@maplesource/contracts/common';
import { dateInTimeZone } from '@maplesource/contracts/document-time';
import type { SellerBalance } from '@maplesource/contracts/ledger';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/back-office/data-table';
import { EmptyState, LoadError, LoadingState } from '../../../components/ui/query-states';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import { downloadStatement, useSellerBalance, useSellerPayouts } from '../api/seller-balance';

type BalanceOrder = SellerBalance['orders'][number];

/** The last twelve statement months (`YYYY-MM`), this month first, by the calendar in Toronto (decision 300). */
export function statementMonths(now = new Date()): string[] {
  const [year, month] = dateInTimeZone(now, 'America/Toronto').split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

const sectionHeading = 'mb-2 text-lg font-semibold text-gray-900';

/**
 * The seller's money for one storefront (decisions 296, 297, 300): what is held, available and paid out, the
 * upcoming releases with their order and whether a payment review froze them, the platform's fee on each paid
 * order, the payout history and the monthly statements.
 */
export function BalanceScreen({ sellerId }: { sellerId: number }) {
  const { t } = useTranslation('sellerCentre');
  const balance = useSellerBalance(sellerId);
  if (balance.isPending) return <LoadingState label={t('balance.loading')} />;
  if (balance.isError)
    return <LoadError message={errorMessage(t, balance.error)} onRetry={() => void balance.refetch()} />;
  const upcoming = balance.data.orders.filter((order) => order.heldCents > 0 && order.releasedAt === null);
  return (
    <div className="space-y-8">
      <BalanceFigures balance={balance.data} />
      <section aria-labelledby="balance-upcoming">
        <h2 id="balance-upcoming" className={sectionHeading}>
          {t('balance.upcoming.title')}
        </h2>
        {upcoming.length === 0 ? (
          <EmptyState title={t('balance.upcoming.empty')} />
        ) : (
          <UpcomingReleases orders={upcoming} />
        )}
      </section>
      <section aria-labelledby="balance-fees">
        <h2 id="balance-fees" className={sectionHeading}>
          {t('balance.fees.title')}
        </h2>
        <p className="mb-2 text-sm text-gray-700">{t('balance.fees.intro')}</p>
        {balance.data.orders.length === 0 ? (
          <EmptyState title={t('balance.fees.empty')} />
        ) : (
          <FeesPerOrder orders={balance.data.orders} />
        )}
      </section>
      <PayoutHistorySection sellerId={sellerId} />
      <StatementsSection sellerId={sellerId} />
    </div>
  );
}

function BalanceFigures({ balance }: { balance: SellerBalance }) {
  const { t } = useTranslation('sellerCentre');
  const format = useFormat();
  const figures = [
    { key: 'pending', cents: balance.pendingCents },
    { key: 'available', cents: balance.availableCents },
    { key: 'paidOut', cents: balance.paidOutCents },
  ] as const;
  return (
    <section aria-labelledby="balance-figures">
      <h2 id="balance-figures" className="sr-only">
        {t('balance.figures')}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.key} className="rounded-lg border border-gray-200 bg-white p-4">
            <dt className="text-sm font-medium text-gray-700">{t(`balance.${figure.key}`)}</dt>
            <dd
              className={`mt-1 text-2xl font-bold tabular-nums ${figure.cents < 0 ? 'text-red-700' : 'text-gray-900'}`}
            >
              {format.money(figure.cents)}
            </dd>
            <dd className="mt-1 text-xs text-gray-600">{t(`balance.${figure.key}Help`)}</dd>
          </div>
        ))}
      </dl>
      {balance.availableCents < 0 ? (
        <p className="mt-2 text-sm text-red-700">{t('balance.negative')}</p>
      ) : null}
    </section>
  );
}

function OrderRef({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  return <>{t('myOrders.orderNumber', { id: shortRef(orderId) })}</>;
}

function UpcomingReleases({ orders }: { orders: BalanceOrder[] }) {
  const { t } = useTranslation('sellerCentre');
  const format = useFormat();
  return (
    <DataTable
      caption={t('balance.upcoming.title')}
      rows={orders}
      rowKey={(order) => order.orderId}
      columns={[
        {
          key: 'order',
          header: t('balance.columns.order'),
          cell: (order) => <OrderRef orderId={order.orderId} />,
        },
        {
          key: 'held',
          header: t('balance.columns.held'),
          numeric: true,
          cell: (order) => format.money(order.heldCents),
        },
        {
          key: 'releaseDate',
          header: t('balance.columns.releaseDate'),
          cell: (order) => format.date(order.releaseAt),
        },
        {
          key: 'state',
          header: t('balance.columns.state'),
          cell: (order) =>
            order.frozen ? (
              <span className="font-medium text-amber-800">{t('balance.upcoming.frozen')}</span>
            ) : (
              t('balance.upcoming.scheduled')
            ),
        },
      ]}
    />
  );
}

function FeesPerOrder({ orders }: { orders: BalanceOrder[] }) {
  const { t } = useTranslation('sellerCentre');
  const format = useFormat();
  return (
    <DataTable
      caption={t('balance.fees.title')}
      rows={orders}
      rowKey={(order) => order.orderId}
      columns={[
        {
          key: 'order',
          header: t('balance.columns.order'),
          cell: (order) => <OrderRef orderId={order.orderId} />,
        },
        {
          key: 'paid',
          header: t('balance.columns.paid'),
          numeric: true,
          cell: (order) => format.money(order.grossCents),
        },
        {
          key: 'fee',
          header: t('balance.columns.fee'),
          numeric: true,
          cell: (order) => (
            <>
              {format.money(order.feeCents)}{' '}
              <span className="text-gray-600">
                ({format.number(order.feeRateBps / 10_000, { style: 'percent', maximumFractionDigits: 2 })})
              </span>
            </>
          ),
        },
        {
          key: 'feeTax',
          header: t('balance.columns.feeTax'),
          numeric: true,
          cell: (order) => format.money(order.feeTaxCents),
        },
        {
          key: 'refunded',
          header: t('balance.columns.refunded'),
          numeric: true,
          cell: (order) => format.money(order.refundedCents),
        },
        {
          key: 'released',
          header: t('balance.columns.released'),
          cell: (order) => (order.releasedAt ? format.date(order.releasedAt) : t('balance.fees.held')),
        },
      ]}
    />
  );
}

function PayoutHistorySection({ sellerId }: { sellerId: number }) {
  const { t } = useTranslation('sellerCentre');
  const format = useFormat();
  const payouts = useSellerPayouts(sellerId);
  const items = payouts.items;
  return (
    <section aria-labelledby="balance-payouts">
      <h2 id="balance-payouts" className={sectionHeading}>
        {t('balance.payouts.title')}
      </h2>
      {payouts.isPending ? (
        <LoadingState lines={3} label={t('balance.payouts.loading')} />
      ) : payouts.error && items.length === 0 ? (
        <LoadError compact message={errorMessage(t, payouts.error)} onRetry={() => void payouts.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('balance.payouts.empty')} />
      ) : (
        <>
          <DataTable
            caption={t('balance.payouts.title')}
            rows={items}
            rowKey={(payout) => payout.id}
            rowHeaderWeight="normal"
            columns={[
              {
                key: 'date',
                header: t('balance.columns.date'),
                cell: (payout) => format.date(payout.createdAt),
              },
              {
                key: 'amount',
                header: t('balance.columns.amount'),
                numeric: true,
                cell: (payout) => format.money(payout.amountCents),
              },
              {
                key: 'status',
                header: t('balance.columns.status'),
                cell: (payout) => (
                  <>
                    <span className={payout.status === 'failed' ? 'font-medium text-red-700' : undefined}>
                      {t(`balance.payouts.status.${payout.status}`)}
                    </span>
                    {payout.status === 'sent' && payout.sentAt ? (
                      <span className="block text-xs text-gray-600">
                        {t('balance.payouts.sentAt', { date: format.date(payout.sentAt) })}
                      </span>
                    ) : null}
                    {payout.status === 'failed' ? (
                      <span className="block text-xs text-gray-700">
                        {payout.failureReason ?? t('balance.payouts.failedHelp')}
                      </span>
                    ) : null}
                  </>
                ),
              },
            ]}
          />
          {payouts.moreError ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {errorMessage(t, payouts.moreError)}
            </p>
          ) : null}
          {payouts.hasMore ? (
            <Button
              className="mt-2"
              size="sm"
              variant="secondary"
              disabled={payouts.loadingMore}
              onClick={() => void payouts.fetchMore()}
            >
              {payouts.loadingMore ? t('balance.payouts.loadingMore') : t('balance.payouts.more')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

function StatementsSection({ sellerId }: { sellerId: number }) {
  const { t, i18n } = useTranslation('sellerCentre');
  const format = useFormat();
  const months = statementMonths();
  const [month, setMonth] = useState(months[0]!);
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);
  const lang = (i18n.resolvedLanguage ?? i18n.language).startsWith('fr') ? 'fr' : 'en';
  const download = (fileFormat: 'csv' | 'pdf') => {
    setDownloading(fileFormat);
    downloadStatement({ sellerId, month, format: fileFormat, lang })
      .catch((error: unknown) => toast.error(errorMessage(t, error)))
      .finally(() => setDownloading(null));
  };
  const monthLabel = (value: string) =>
    format.date(`${value}-15T12:00:00Z`, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <section aria-labelledby="balance-statements">
      <h2 id="balance-statements" className={sectionHeading}>
        {t('balance.statements.title')}
      </h2>
      <p className="mb-2 text-sm text-gray-700">{t('balance.statements.intro')}</p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-sm text-gray-800">
          {t('balance.statements.month')}
          <select
            className="rounded-md border border-gray-300 px-2 py-1"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
          >
            {months.map((value) => (
              <option key={value} value={value}>
                {monthLabel(value)}
              </option>
            ))}
          </select>
        </label>
        <Button size="sm" variant="secondary" disabled={downloading !== null} onClick={() => download('csv')}>
          {t('balance.statements.csv')}
        </Button>
        <Button size="sm" variant="secondary" disabled={downloading !== null} onClick={() => download('pdf')}>
          {t('balance.statements.pdf')}
        </Button>
        {downloading ? (
          <span role="status" className="text-sm text-gray-700">
            {t('balance.statements.downloading')}
          </span>
        ) : null}
      </div>
    </section>
  );
}
