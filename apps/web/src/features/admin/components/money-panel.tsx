import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { shortRef } from '@maplesource/contracts/common';
import type { LedgerEntryView } from '@maplesource/contracts/ledger';
import type { PayoutStatus } from '@maplesource/contracts/payouts';
import { Button } from '../../../components/ui/button';
import {
  DataTable,
  cellClass as cell,
  dataTableClass as tableClass,
  numericClass as amount,
} from '../../../components/back-office/data-table';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-states';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import {
  useAccountEntries,
  useAdminPayouts,
  useHeldFunds,
  useOrderEntries,
  useReconciliationDay,
  useReconciliationDays,
  useReconcileDay,
  type LedgerAccountKind,
  type LedgerAccountQuery,
} from '../api/money';

const heading = 'mb-2 text-lg font-semibold text-gray-900';
// The contracts' `payoutStatuses`, by type only: importing the module would make it a chunk of its own, listed by
// the entry of every page (the JS budget).
const payoutStatuses = ['pending', 'sent', 'failed'] as const satisfies readonly PayoutStatus[];
const accountsOf = {
  seller: ['pending', 'available', 'paid_out'],
  buyer: ['refunds'],
  platform: ['fees', 'fee_tax', 'provider_fees', 'cash_at_provider'],
} as const satisfies Record<LedgerAccountQuery['holder'], readonly LedgerAccountKind[]>;

/**
 * The money in the admin console (decisions 296, 297, 304): held funds, payouts and their failures, the daily
 * reconciliation against the payment provider with each mismatch, and a read-only ledger explorer by order or account.
 * The open payment reviews and their deadlines are in the payment reviews tab.
 */
export function MoneyPanel() {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-10">
      <p className="text-sm text-gray-600">{t('money.intro')}</p>
      <HeldFundsSection />
      <PayoutsSection />
      <ReconciliationSection />
      <LedgerExplorer />
    </div>
  );
}

function HeldFundsSection() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const held = useHeldFunds();
  return (
    <section aria-labelledby="money-held">
      <h2 id="money-held" className={heading}>
        {t('money.held.title')}
      </h2>
      <QueryState
        isPending={held.isPending}
        error={held.error}
        isEmpty={(held.data?.holds.length ?? 0) === 0}
        onRetry={() => void held.refetch()}
        emptyTitle={t('money.held.empty')}
      >
        <p className="mb-2 text-sm text-gray-800">
          {t('money.held.total', { amount: format.money(held.data?.totalHeldCents ?? 0) })}
        </p>
        <DataTable
          caption={t('money.held.title')}
          rows={held.data?.holds ?? []}
          rowKey={(hold) => hold.orderId}
          columns={[
            { key: 'order', header: t('money.columns.order'), cell: (hold) => shortRef(hold.orderId) },
            { key: 'storefront', header: t('money.columns.storefront'), cell: (hold) => hold.sellerId },
            {
              key: 'held',
              header: t('money.columns.held'),
              numeric: true,
              cell: (hold) => format.money(hold.heldCents),
            },
            {
              key: 'releaseAt',
              header: t('money.columns.releaseAt'),
              cell: (hold) => format.date(hold.releaseAt),
            },
          ]}
        />
      </QueryState>
    </section>
  );
}

function PayoutsSection() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [status, setStatus] = useState<PayoutStatus | null>(null);
  const payouts = useAdminPayouts(status);
  const items = payouts.items;
  return (
    <section aria-labelledby="money-payouts">
      <h2 id="money-payouts" className={heading}>
        {t('money.payouts.title')}
      </h2>
      <label className="mb-2 flex flex-wrap items-center gap-2 text-sm text-gray-800">
        {t('money.payouts.status')}
        <select
          className={inputClasses(false, 'w-auto')}
          value={status ?? ''}
          onChange={(event) => setStatus((event.target.value || null) as PayoutStatus | null)}
        >
          <option value="">{t('money.payouts.all')}</option>
          {payoutStatuses.map((value) => (
            <option key={value} value={value}>
              {t(`money.payouts.statuses.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <QueryState
        isPending={payouts.isPending}
        error={items.length === 0 ? payouts.error : null}
        isEmpty={items.length === 0}
        onRetry={() => void payouts.refetch()}
        emptyTitle={t('money.payouts.empty')}
      >
        <DataTable
          caption={t('money.payouts.title')}
          rows={items}
          rowKey={(payout) => payout.id}
          rowHeaderWeight="normal"
          columns={[
            { key: 'runDate', header: t('money.columns.runDate'), cell: (payout) => payout.runDate },
            {
              key: 'storefront',
              header: t('money.columns.storefront'),
              cell: (payout) => payout.storefrontName,
            },
            {
              key: 'amount',
              header: t('money.columns.amount'),
              numeric: true,
              cell: (payout) => format.money(payout.amountCents),
            },
            {
              key: 'status',
              header: t('money.columns.status'),
              cell: (payout) => (
                <>
                  <span className={payout.status === 'failed' ? 'font-medium text-red-700' : undefined}>
                    {t(`money.payouts.statuses.${payout.status}`)}
                  </span>
                  {payout.failureReason ? (
                    <span className="block text-xs text-gray-700">{payout.failureReason}</span>
                  ) : null}
                </>
              ),
            },
            {
              key: 'transfer',
              header: t('money.columns.transfer'),
              className: 'font-mono text-xs',
              cell: (payout) => payout.transferId ?? '—',
            },
          ]}
        />
        {payouts.hasMore ? (
          <Button
            className="mt-2"
            size="sm"
            variant="secondary"
            disabled={payouts.loadingMore}
            onClick={() => void payouts.fetchMore()}
          >
            {t('money.more')}
          </Button>
        ) : null}
      </QueryState>
    </section>
  );
}

function ReconciliationSection() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const days = useReconciliationDays();
  const [chosen, setChosen] = useState<string | null>(null);
  const items = days.items;
  const today = new Date().toISOString().slice(0, 10);
  const [runDate, setRunDate] = useState(today);
  const reconcile = useReconcileDay();
  const runAgain = (event: FormEvent) => {
    event.preventDefault();
    reconcile.mutate(runDate, {
      onSuccess: (report) => {
        toast.success(
          t('money.reconciliation.ran', { date: report.day.runDate, count: report.day.mismatchCount }),
        );
        setChosen(report.day.runDate);
      },
      onError: (error) => toast.error(errorMessage(t, error)),
    });
  };
  return (
    <section aria-labelledby="money-reconciliation">
      <h2 id="money-reconciliation" className={heading}>
        {t('money.reconciliation.title')}
      </h2>
      <p className="mb-2 text-sm text-gray-600">{t('money.reconciliation.intro')}</p>
      <form
        onSubmit={runAgain}
        className="mb-3 flex flex-wrap items-end gap-2"
        aria-label={t('money.reconciliation.run')}
      >
        <Field label={t('money.reconciliation.day')}>
          {(control) => (
            <Input
              {...control}
              type="date"
              max={today}
              required
              value={runDate}
              onChange={(event) => setRunDate(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" size="sm" disabled={reconcile.isPending || !runDate}>
          {reconcile.isPending ? t('money.reconciliation.running') : t('money.reconciliation.run')}
        </Button>
      </form>
      <QueryState
        isPending={days.isPending}
        error={items.length === 0 ? days.error : null}
        isEmpty={items.length === 0}
        onRetry={() => void days.refetch()}
        emptyTitle={t('money.reconciliation.empty')}
      >
        <DataTable
          caption={t('money.reconciliation.title')}
          rows={items}
          rowKey={(day) => day.runDate}
          rowHeaderWeight="normal"
          columns={[
            { key: 'day', header: t('money.columns.day'), cell: (day) => day.runDate },
            {
              key: 'providerTotal',
              header: t('money.columns.providerTotal'),
              numeric: true,
              cell: (day) => format.money(day.providerTotalCents),
            },
            {
              key: 'ledgerTotal',
              header: t('money.columns.ledgerTotal'),
              numeric: true,
              cell: (day) => format.money(day.ledgerTotalCents),
            },
            {
              key: 'matched',
              header: t('money.columns.matched'),
              numeric: true,
              cell: (day) => day.matchedCount,
            },
            {
              key: 'mismatches',
              header: t('money.columns.mismatches'),
              cell: (day) =>
                day.mismatchCount === 0 ? (
                  t('money.reconciliation.clean')
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-pressed={chosen === day.runDate}
                    onClick={() => setChosen(chosen === day.runDate ? null : day.runDate)}
                  >
                    {t('money.reconciliation.show', { count: day.mismatchCount, date: day.runDate })}
                  </Button>
                ),
            },
          ]}
        />
        {days.hasMore ? (
          <Button className="mt-2" size="sm" variant="secondary" onClick={() => void days.fetchMore()}>
            {t('money.more')}
          </Button>
        ) : null}
      </QueryState>
      {chosen ? <Mismatches date={chosen} /> : null}
    </section>
  );
}

function Mismatches({ date }: { date: string }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const day = useReconciliationDay(date);
  const money = (cents: number | null) => (cents === null ? '—' : format.money(cents));
  return (
    <div className="mt-4">
      <h3 className="mb-2 font-semibold text-gray-900">{t('money.reconciliation.mismatchesOf', { date })}</h3>
      <QueryState
        isPending={day.isPending}
        error={day.error}
        isEmpty={(day.data?.mismatches.length ?? 0) === 0}
        onRetry={() => void day.refetch()}
        emptyTitle={t('money.reconciliation.clean')}
      >
        <DataTable
          caption={t('money.reconciliation.mismatchesOf', { date })}
          rows={day.data?.mismatches ?? []}
          rowKey={(mismatch) => `${mismatch.kind}-${mismatch.sourceId}-${mismatch.type}`}
          columns={[
            {
              key: 'kind',
              header: t('money.columns.kind'),
              cell: (mismatch) => t(`money.reconciliation.kinds.${mismatch.kind}`),
            },
            {
              key: 'movement',
              header: t('money.columns.movement'),
              cell: (mismatch) => t(`money.reconciliation.types.${mismatch.type}`),
            },
            {
              key: 'source',
              header: t('money.columns.source'),
              className: 'font-mono text-xs',
              cell: (mismatch) => (
                <>
                  {mismatch.sourceId}
                  {mismatch.orderId ? (
                    <span className="block font-sans">{shortRef(mismatch.orderId)}</span>
                  ) : null}
                </>
              ),
            },
            {
              key: 'providerAmount',
              header: t('money.columns.providerAmount'),
              numeric: true,
              cell: (mismatch) => money(mismatch.providerAmountCents),
            },
            {
              key: 'ledgerAmount',
              header: t('money.columns.ledgerAmount'),
              numeric: true,
              cell: (mismatch) => money(mismatch.ledgerAmountCents),
            },
          ]}
        />
      </QueryState>
    </div>
  );
}

function LedgerExplorer() {
  const { t } = useTranslation('admin');
  const [orderText, setOrderText] = useState('');
  const [orderId, setOrderId] = useState<string | null>(null);
  const [holder, setHolder] = useState<LedgerAccountQuery['holder']>('seller');
  const [holderId, setHolderId] = useState('');
  const [account, setAccount] = useState<LedgerAccountKind>('available');
  const [accountQuery, setAccountQuery] = useState<LedgerAccountQuery | null>(null);
  const orderEntries = useOrderEntries(orderId);
  const accountEntries = useAccountEntries(accountQuery);
  const format = useFormat();

  const showOrder = (event: FormEvent) => {
    event.preventDefault();
    setOrderId(orderText.trim() || null);
  };
  const showAccount = (event: FormEvent) => {
    event.preventDefault();
    setAccountQuery({ holder, holderId: holder === 'platform' ? '' : holderId.trim(), account });
  };
  return (
    <section aria-labelledby="money-ledger">
      <h2 id="money-ledger" className={heading}>
        {t('money.ledger.title')}
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          <form
            onSubmit={showOrder}
            className="flex flex-wrap items-end gap-2"
            aria-label={t('money.ledger.byOrder')}
          >
            <Field label={t('money.ledger.orderId')} className="grow">
              {(control) => (
                <Input
                  {...control}
                  value={orderText}
                  onChange={(event) => setOrderText(event.target.value)}
                  spellCheck={false}
                />
              )}
            </Field>
            <Button type="submit" size="sm">
              {t('money.ledger.show')}
            </Button>
          </form>
          {orderId ? (
            <div className="mt-3">
              <QueryState
                isPending={orderEntries.isPending}
                error={orderEntries.error}
                isEmpty={(orderEntries.data?.entries.length ?? 0) === 0}
                onRetry={() => void orderEntries.refetch()}
                emptyTitle={t('money.ledger.noEntries')}
              >
                <Entries entries={orderEntries.data?.entries ?? []} label={t('money.ledger.orderEntries')} />
              </QueryState>
            </div>
          ) : null}
        </div>
        <div>
          <form
            onSubmit={showAccount}
            className="flex flex-wrap items-end gap-2"
            aria-label={t('money.ledger.byAccount')}
          >
            <Field label={t('money.ledger.holder')}>
              {(control) => (
                <select
                  {...control}
                  className={inputClasses(false, 'w-auto')}
                  value={holder}
                  onChange={(event) => {
                    const next = event.target.value as LedgerAccountQuery['holder'];
                    setHolder(next);
                    setAccount(accountsOf[next][0]);
                  }}
                >
                  {(['seller', 'buyer', 'platform'] as const).map((value) => (
                    <option key={value} value={value}>
                      {t(`money.ledger.holders.${value}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {holder !== 'platform' ? (
              <Field label={t(holder === 'seller' ? 'money.ledger.sellerId' : 'money.ledger.buyerId')}>
                {(control) => (
                  <Input
                    {...control}
                    value={holderId}
                    onChange={(event) => setHolderId(event.target.value)}
                    spellCheck={false}
                  />
                )}
              </Field>
            ) : null}
            <Field label={t('money.ledger.account')}>
              {(control) => (
                <select
                  {...control}
                  className={inputClasses(false, 'w-auto')}
                  value={account}
                  onChange={(event) => setAccount(event.target.value as LedgerAccountKind)}
                >
                  {accountsOf[holder].map((value) => (
                    <option key={value} value={value}>
                      {t(`money.ledger.accounts.${value}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Button type="submit" size="sm">
              {t('money.ledger.show')}
            </Button>
          </form>
          {accountQuery ? (
            <div className="mt-3">
              <QueryState
                isPending={accountEntries.isPending}
                error={accountEntries.error}
                isEmpty={false}
                onRetry={() => void accountEntries.refetch()}
              >
                <p className="mb-2 text-sm text-gray-800">
                  {t('money.ledger.balance', {
                    amount: format.money(accountEntries.data?.balanceCents ?? 0),
                  })}
                </p>
                <Entries
                  entries={accountEntries.data?.entries ?? []}
                  label={t('money.ledger.accountEntries')}
                />
              </QueryState>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function Entries({ entries, label }: { entries: LedgerEntryView[]; label: string }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  if (entries.length === 0) return <p className="text-sm text-gray-600">{t('money.ledger.noEntries')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            <th scope="col" className={cell}>
              {t('money.columns.entry')}
            </th>
            <th scope="col" className={cell}>
              {t('money.columns.account')}
            </th>
            <th scope="col" className={amount}>
              {t('money.columns.amount')}
            </th>
          </tr>
        </thead>
        {entries.map((entry) => (
          <tbody key={entry.id} className="border-t border-gray-200">
            {entry.lines.map((line, index) => (
              <tr key={`${line.holder}-${line.holderId}-${line.account}`}>
                {index === 0 ? (
                  <th scope="rowgroup" rowSpan={entry.lines.length} className={`${cell} font-medium`}>
                    {entry.kind}
                    <span className="block text-xs font-normal text-gray-600">
                      {format.dateTime(entry.createdAt)}
                    </span>
                  </th>
                ) : null}
                <td className={cell}>
                  {t(`money.ledger.holders.${line.holder}`)}
                  {line.holderId ? ` ${line.holderId}` : ''} · {t(`money.ledger.accounts.${line.account}`)}
                </td>
                <td className={amount}>{format.money(line.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
