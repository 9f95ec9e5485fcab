import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayoutsResponse, ReconciliationDayResponse } from '@maplesource/contracts/reconciliation';
import { clearToasts, toastStore } from '../../../lib/toast-store';
import { renderWithProviders } from '../../../test/render';
import { MoneyPanel } from './money-panel';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const orderId = 'aaaaaaaa-1111-4111-8111-111111111111';
const day = {
  runDate: '2026-11-27',
  provider: 'sandbox' as const,
  ranAt: '2026-11-28T06:00:00.000Z',
  providerCount: 3,
  ledgerCount: 2,
  matchedCount: 2,
  mismatchCount: 1,
  providerTotalCents: 5_000,
  ledgerTotalCents: 4_000,
};
const dayReport: ReconciliationDayResponse = {
  day,
  mismatches: [
    {
      kind: 'missing_in_ledger',
      type: 'refund',
      sourceId: 're_sandbox_1',
      providerTransactionId: 'txn_1',
      ledgerEntryKey: null,
      orderId,
      providerAmountCents: -1_000,
      ledgerAmountCents: null,
    },
  ],
};
const payouts: AdminPayoutsResponse = {
  items: [
    {
      id: '11111111-0000-4000-8000-000000000001',
      sellerId: 42,
      storefrontName: 'Maple Metal',
      storefrontSlug: 'maple-metal',
      runDate: '2026-11-27',
      amountCents: 12_345,
      provider: 'sandbox',
      status: 'failed',
      failureReason: 'The bank refused the transfer.',
      transferId: null,
      createdAt: '2026-11-27T19:00:00.000Z',
      sentAt: null,
      failedAt: '2026-11-27T19:00:01.000Z',
    },
  ],
  nextCursor: null,
};

function moneyServer() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/api/v1/', '');
    if (path === 'admin/ledger/held')
      return json({
        totalHeldCents: 18_870,
        holds: [{ orderId, sellerId: '42', heldCents: 18_870, releaseAt: '2026-12-09T05:00:00.000Z' }],
      });
    if (path === 'admin/payouts')
      return json(url.searchParams.get('status') === 'sent' ? { items: [], nextCursor: null } : payouts);
    if (path === 'admin/reconciliation') return json({ items: [day], nextCursor: null });
    if (path === 'admin/reconciliation/2026-11-27/run') return json(dayReport);
    if (path.endsWith('/run'))
      return json({ error: { code: 'RECONCILIATION_DATE_FUTURE', message: 'A day after today' } }, 400);
    if (path === 'admin/reconciliation/2026-11-27') return json(dayReport);
    if (path === `admin/ledger/orders/${orderId}`)
      return json({
        entries: [
          {
            id: '7',
            key: `capture:${orderId}`,
            kind: 'capture',
            orderId,
            createdAt: '2026-11-20T15:05:00.000Z',
            lines: [
              {
                holder: 'platform',
                holderId: '',
                account: 'cash_at_provider',
                amountCents: -20_000,
                balanceAfterCents: -20_000,
              },
              {
                holder: 'seller',
                holderId: '42',
                account: 'pending',
                amountCents: 18_870,
                balanceAfterCents: 18_870,
              },
              {
                holder: 'platform',
                holderId: '',
                account: 'fees',
                amountCents: 1_000,
                balanceAfterCents: 1_000,
              },
              {
                holder: 'platform',
                holderId: '',
                account: 'fee_tax',
                amountCents: 130,
                balanceAfterCents: 130,
              },
            ],
          },
        ],
      });
    if (path === 'admin/ledger/accounts')
      return url.searchParams.get('holderId') === 'nope'
        ? json({ error: { code: 'LEDGER_ACCOUNT_INVALID', message: 'Unknown account' } }, 400)
        : json({ balanceCents: 5_000, entries: [] });
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  clearToasts();
});

describe('the admin money panel', () => {
  it('shows the held funds, the payouts with their failures, filtered by status', async () => {
    const fetchMock = moneyServer();
    renderWithProviders(<MoneyPanel />);
    const held = await screen.findByRole('table', { name: 'Held funds' });
    expect(held).toHaveTextContent(/#AAAAAAAA.*42.*\$188\.70.*Dec 9, 2026/);
    expect(screen.getByText('Held in total: $188.70')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Payouts' });
    expect(table).toHaveTextContent(
      /2026-11-27.*Maple Metal.*\$123\.45.*Failed.*The bank refused the transfer\./,
    );
    await userEvent.setup().selectOptions(screen.getByLabelText('Show'), 'sent');
    expect(await screen.findByText('No payouts here.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('admin/payouts?status=sent'))).toBe(
      true,
    );
  });

  it('lists the reconciled days and opens a day’s mismatches', async () => {
    moneyServer();
    renderWithProviders(<MoneyPanel />);
    const days = await screen.findByRole('table', { name: 'Reconciliation' });
    expect(days).toHaveTextContent(/2026-11-27.*\$50\.00.*\$40\.00.*2/);
    const user = userEvent.setup();
    await user.click(within(days).getByRole('button', { name: 'Show 1 mismatch of 2026-11-27' }));
    const mismatches = await screen.findByRole('table', { name: 'Mismatches of 2026-11-27' });
    expect(mismatches).toHaveTextContent(
      /Missing in the ledger.*Refund.*re_sandbox_1.*#AAAAAAAA.*-\$10\.00.*—/,
    );
  });

  it('reconciles a chosen day again and shows its mismatches; a refusal is said', async () => {
    const fetchMock = moneyServer();
    renderWithProviders(<MoneyPanel />);
    const form = await screen.findByRole('form', { name: 'Reconcile this day again' });
    const user = userEvent.setup();
    const day = within(form).getByLabelText('Day (UTC)');
    await user.clear(day);
    await user.type(day, '2026-11-27');
    await user.click(within(form).getByRole('button', { name: 'Reconcile this day again' }));
    expect(await screen.findByRole('table', { name: 'Mismatches of 2026-11-27' })).toBeInTheDocument();
    expect(toastStore.getState().toasts.map((toast) => toast.message)).toContain(
      '2026-11-27 reconciled: 1 mismatch.',
    );
    const posted = fetchMock.mock.calls.find(
      ([input, init]) => String(input).endsWith('/run') && init?.method === 'POST',
    );
    expect(posted).toBeDefined();
    await user.clear(day);
    await user.type(day, '2026-11-28');
    await user.click(within(form).getByRole('button', { name: 'Reconcile this day again' }));
    await vi.waitFor(() =>
      expect(toastStore.getState().toasts.map((toast) => toast.message)).toContain(
        'Choose today or an earlier day.',
      ),
    );
  });

  it('explores the ledger by order and by account, and says when an account is refused', async () => {
    moneyServer();
    renderWithProviders(<MoneyPanel />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Order id'), orderId);
    await user.click(
      within(screen.getByRole('form', { name: 'Entries of an order' })).getByRole('button', { name: 'Show' }),
    );
    const entries = await screen.findByRole('table', { name: 'The order’s ledger entries' });
    expect(entries).toHaveTextContent(
      /capture.*Platform · Cash at the provider.*-\$200\.00.*Seller 42 · Held.*\$188\.70/,
    );

    const byAccount = screen.getByRole('form', { name: 'An account’s entries' });
    await user.type(within(byAccount).getByLabelText('Storefront id'), '42');
    await user.click(within(byAccount).getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Balance: $50.00')).toBeInTheDocument();
    await user.clear(within(byAccount).getByLabelText('Storefront id'));
    await user.type(within(byAccount).getByLabelText('Storefront id'), 'nope');
    await user.click(within(byAccount).getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Unknown account|went wrong/i);
  });
});
