import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SellerBalance } from '@maplesource/contracts/ledger';
import type { PayoutHistory } from '@maplesource/contracts/payouts';
import { clearToasts, toastStore } from '../../lib/toast-store';
import { renderApp } from '../../test/render';
import { myStorefront } from '../../test/seller-fixtures';
import { statementMonths } from '../../features/seller-balance/components/balance-screen';
import SellerBalancePage from './seller-balance';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const storefront = myStorefront;
const heldOrder = {
  orderId: 'aaaaaaaa-1111-4111-8111-111111111111',
  grossCents: 20_000,
  feeRateBps: 500,
  feeCents: 1_000,
  feeTaxCents: 130,
  refundedCents: 0,
  heldCents: 18_870,
  releaseAt: '2026-12-09T05:00:00.000Z',
  releasedAt: null,
  frozen: false,
};
const balance: SellerBalance = {
  pendingCents: 37_740,
  availableCents: 5_000,
  paidOutCents: 12_345,
  orders: [
    heldOrder,
    { ...heldOrder, orderId: 'bbbbbbbb-2222-4222-8222-222222222222', frozen: true },
    {
      ...heldOrder,
      orderId: 'cccccccc-3333-4333-8333-333333333333',
      heldCents: 0,
      refundedCents: 5_000,
      releasedAt: '2026-11-20T05:00:00.000Z',
    },
  ],
};
const payout = (id: string, status: 'pending' | 'sent' | 'failed', amountCents: number) => ({
  id,
  createdAt: '2026-11-21T19:00:00.000Z',
  amountCents,
  status,
  failureReason: status === 'failed' ? 'The bank refused the transfer.' : null,
  sentAt: status === 'sent' ? '2026-11-21T19:00:05.000Z' : null,
});
const firstPage: PayoutHistory = {
  items: [
    payout('11111111-0000-4000-8000-000000000001', 'sent', 12_345),
    payout('11111111-0000-4000-8000-000000000002', 'failed', 4_000),
  ],
  nextCursor: '11111111-0000-4000-8000-000000000002',
};
const secondPage: PayoutHistory = {
  items: [payout('11111111-0000-4000-8000-000000000003', 'sent', 777)],
  nextCursor: null,
};

function openPage(answer: (url: URL) => Response | undefined = () => undefined) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const answered = answer(url);
    if (answered) return answered;
    if (url.pathname.endsWith('/seller/me')) return json(200, { storefronts: [storefront] });
    if (url.pathname.endsWith('/seller/42/balance')) return json(200, balance);
    if (url.pathname.endsWith('/seller/42/payouts'))
      return json(200, url.searchParams.get('cursor') ? secondPage : firstPage);
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  const view = renderApp('/seller-centre/balance', {
    routes: [{ path: '/seller-centre/balance', element: <SellerBalancePage /> }],
  });
  return { ...view, fetchMock };
}

afterEach(() => {
  vi.restoreAllMocks();
  clearToasts();
});

describe('the seller’s balance screen', () => {
  it('shows what is held, available and paid out, and each held order with its release date and review state', async () => {
    openPage();
    const figures = await screen.findByRole('region', { name: 'Your balance' });
    expect(within(figures).getByText('Held').nextElementSibling).toHaveTextContent('$377.40');
    expect(within(figures).getByText('Available').nextElementSibling).toHaveTextContent('$50.00');
    expect(within(figures).getByText('Paid out').nextElementSibling).toHaveTextContent('$123.45');

    const upcoming = screen.getByRole('table', { name: 'Upcoming releases' });
    const rows = within(upcoming).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2); // the released order is not upcoming
    expect(rows[0]).toHaveTextContent(/AAAAAAAA.*\$188\.70.*Dec 9, 2026.*Scheduled/);
    expect(rows[1]).toHaveTextContent(/BBBBBBBB.*Frozen — payment review open/);

    const fees = screen.getByRole('table', { name: 'Fees per order' });
    const released = within(fees).getAllByRole('row')[3]!;
    expect(released).toHaveTextContent(
      /CCCCCCCC.*\$200\.00.*\$10\.00 \(5%\).*\$1\.30.*\$50\.00.*Nov 20, 2026/,
    );
  });

  it('lists the payouts a page at a time, a failed one with its reason', async () => {
    openPage();
    const history = await screen.findByRole('table', { name: 'Payout history' });
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    expect(history).toHaveTextContent(/Failed.*The bank refused the transfer\./);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more payouts' }));
    await vi.waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Show more payouts' })).toBeNull();
  });

  it('says so when nothing is held or paid yet', async () => {
    openPage((url) =>
      url.pathname.endsWith('/balance')
        ? json(200, { pendingCents: 0, availableCents: 0, paidOutCents: 0, orders: [] })
        : url.pathname.endsWith('/payouts')
          ? json(200, { items: [], nextCursor: null })
          : undefined,
    );
    expect(await screen.findByText('No funds are held at the moment.')).toBeInTheDocument();
    expect(screen.getByText('No paid orders yet.')).toBeInTheDocument();
    expect(await screen.findByText('No payouts yet.')).toBeInTheDocument();
  });

  it('offers a retry when the balance cannot be read', async () => {
    let fail = true;
    openPage((url) =>
      url.pathname.endsWith('/balance') && fail
        ? json(500, { error: { code: 'INTERNAL', message: 'Boom' } })
        : undefined,
    );
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Upcoming releases' })).toBeInTheDocument();
  });

  it('downloads the chosen month’s statement as CSV or PDF in the screen’s language', async () => {
    const { fetchMock, i18n } = openPage((url) =>
      url.pathname.includes('/statements/')
        ? new Response('statement', {
            status: 200,
            headers: { 'content-disposition': `attachment; filename="${url.pathname.split('/').pop()}"` },
          })
        : undefined,
    );
    await screen.findByRole('table', { name: 'Upcoming releases' });
    await act(() => i18n.changeLanguage('fr'));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:statement');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    const lastMonth = statementMonths()[1]!;
    await user.selectOptions(screen.getByLabelText('Mois'), lastMonth);
    await user.click(screen.getByRole('button', { name: 'Télécharger en PDF' }));
    await vi.waitFor(() => expect(saved).toEqual([`${lastMonth}.pdf`]));
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname.includes('/statements/'))!;
    expect(asked.pathname).toMatch(new RegExp(`/seller/42/statements/${lastMonth}\\.pdf$`));
    expect(asked.searchParams.get('lang')).toBe('fr');
  });

  it('names a refused statement in a toast and keeps the page', async () => {
    openPage((url) =>
      url.pathname.includes('/statements/')
        ? json(400, { error: { code: 'STATEMENT_MONTH_INVALID', message: 'Bad month' } })
        : undefined,
    );
    await screen.findByRole('table', { name: 'Upcoming releases' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() =>
      expect(toastStore.getState().toasts.map((toast) => toast.message)).toContain(
        'Choose a past or current month for the statement.',
      ),
    );
    expect(screen.getByRole('table', { name: 'Upcoming releases' })).toBeInTheDocument();
  });
});

describe('statement months', () => {
  it('are the last twelve months by the calendar in Toronto, this month first', () => {
    // 03:00 UTC on 1 March is still 28 February in Toronto.
    const months = statementMonths(new Date('2026-03-01T03:00:00Z'));
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2026-02');
    expect(months[1]).toBe('2026-01');
    expect(months[2]).toBe('2025-12');
    expect(months[11]).toBe('2025-03');
  });
});
