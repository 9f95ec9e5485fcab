import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SellerStats } from '@maplesource/contracts/seller-stats';
import { renderApp } from '../../test/render';
import { myStorefront } from '../../test/seller-fixtures';
import { presetPeriod } from '../../features/seller-stats/period';
import SellerStatsPage from './seller-stats';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const storefront = myStorefront;
const zero = { views: 0, quotations: 0, accepted: 0, rejected: 0, inProgress: 0 };

const shopZero = { visits: 0, inquiries: 0, invoices: 0, paidOrders: 0, revenueCents: 0 };

function statsFor(
  from: string,
  to: string,
  withItems: boolean,
  page = 1,
  total = withItems ? 1 : 0,
): SellerStats {
  const days: SellerStats['days'] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push({ day: new Date(t).toISOString().slice(0, 10), ...zero });
  if (withItems) days[days.length - 1] = { ...days.at(-1)!, views: 1234, quotations: 2, accepted: 1 };
  const shopDays = days.map((d) => ({ day: d.day, ...shopZero }));
  if (withItems)
    shopDays[shopDays.length - 1] = {
      day: to,
      visits: 2500,
      inquiries: 4,
      invoices: 3,
      paidOrders: 1,
      revenueCents: 1_234_567,
    };
  return {
    from,
    to,
    days,
    totals: withItems ? { ...zero, views: 1234, quotations: 2, accepted: 1 } : zero,
    storefront: {
      days: shopDays,
      totals: withItems
        ? {
            visits: 2500,
            inquiries: 4,
            invoices: 3,
            paidOrders: 1,
            revenueCents: 1_234_567,
            invoiceConversion: 0.75,
            orderConversion: 0.25,
          }
        : { ...shopZero, invoiceConversion: null, orderConversion: null },
    },
    items: {
      total,
      page,
      pageSize: 20,
      items: withItems
        ? [
            {
              kind: 'product',
              id: '7',
              nameEn: 'Brass valve',
              nameFr: 'Robinet en laiton',
              views: 1234,
              quotations: 2,
              accepted: 1,
              rejected: 0,
              inProgress: 0,
              popularityScore: 1254,
              bestsellerScore: 12,
            },
          ]
        : [],
    },
  };
}

function openPage(answer: (url: URL) => Response | Promise<Response>) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/seller/me')) return json(200, { storefronts: [storefront] });
    return answer(url);
  });
  const result = renderApp('/seller-centre/stats', {
    routes: [{ path: '/seller-centre/stats', element: <SellerStatsPage /> }],
  });
  const statsCalls = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/stats'));
  return { ...result, statsCalls };
}
const withData = (url: URL) =>
  json(200, statsFor(url.searchParams.get('from')!, url.searchParams.get('to')!, true));

afterEach(() => vi.restoreAllMocks());

describe('the seller centre stats', () => {
  it('asks the last 30 days of the storefront, shows totals and the items table, and a table view per day', async () => {
    const { statsCalls } = openPage(withData);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stats' })).toBeInTheDocument();
    const items = await screen.findByRole('table', {
      name: 'Products and services by popularity over the period',
    });
    const row = within(items).getByRole('row', { name: /Brass valve/ });
    expect(within(row).getByText('1,254')).toBeInTheDocument();
    expect(statsCalls()[0]!.pathname).toContain('/seller/42/stats');
    expect(statsCalls()[0]!.searchParams.get('from')).toBe(presetPeriod(30).from);
    expect(screen.getByRole('link', { name: 'Stats' })).toHaveAttribute('aria-current', 'page');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    const daily = screen.getByRole('table', { name: 'Per day' });
    expect(within(daily).getAllByRole('row')).toHaveLength(31);
    expect(within(daily).getByRole('row', { name: new RegExp(presetPeriod(30).to) })).toHaveTextContent(
      '1,234',
    );

    await user.selectOptions(screen.getByLabelText('Show'), 'Last 7 days');
    await vi.waitFor(() => expect(statsCalls().at(-1)!.searchParams.get('from')).toBe(presetPeriod(7).from));
  });

  it('refuses a custom period that ends before it starts, without asking the server', async () => {
    const { statsCalls } = openPage(withData);
    await screen.findByRole('table', { name: /by popularity/ });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Show'), 'Custom period');
    const calls = statsCalls().length;
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2030-01-10');
    expect(await screen.findByRole('alert')).toHaveTextContent(/end on or after the start/);
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(statsCalls()).toHaveLength(calls);
  });

  it("exports the period's days as CSV, built from the numbers shown", async () => {
    openPage(withData);
    await screen.findByRole('table', { name: /by popularity/ });
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:stats';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export days (CSV)' }));
    expect(click).toHaveBeenCalled();
    const text = await saved!.text();
    expect(text).toContain('"Day","Views","Quotations","Accepted","Rejected","In progress"');
    expect(text).toContain(`"${presetPeriod(30).to}","1234","2","1","0","0"`);
    expect(text).toContain('"Day","Visits"');
  });

  it('downloads every item of the period from the server, in the order and language shown', async () => {
    const itemsCsv = vi.fn(
      () =>
        new Response('\uFEFFProduct or service\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="stats-items.csv"',
          },
        }),
    );
    openPage((url) => (url.pathname.endsWith('/stats/items.csv') ? itemsCsv() : withData(url)));
    await screen.findByRole('table', { name: /by popularity/ });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:items');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    let savedAs = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs = this.download;
    });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'views');
    await user.click(await screen.findByRole('button', { name: 'Export the item (CSV)' }));
    await vi.waitFor(() => expect(savedAs).toBe('stats-items.csv'));
    const asked = vi
      .mocked(globalThis.fetch)
      .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname.endsWith('/seller/42/stats/items.csv'))!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      from: presetPeriod(30).from,
      to: presetPeriod(30).to,
      sort: 'views',
      lang: 'en',
    });
  });

  it('says why the items export failed', async () => {
    openPage((url) =>
      url.pathname.endsWith('/stats/items.csv')
        ? json(404, { error: { code: 'SELLER_NOT_FOUND', message: 'No such storefront' } })
        : withData(url),
    );
    await screen.findByRole('table', { name: /by popularity/ });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export the item (CSV)' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('says when nothing happened, and offers a retry when loading failed', async () => {
    let fail = true;
    openPage((url) =>
      fail
        ? json(500, { error: { code: 'INTERNAL', message: 'boom' } })
        : json(200, statsFor(url.searchParams.get('from')!, url.searchParams.get('to')!, false)),
    );
    const retry = await screen.findByRole('button', { name: /try again/i });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('Nothing happened in this period')).toBeInTheDocument();
  });

  it('is in French', async () => {
    const { i18n } = openPage(withData);
    await act(() => i18n.changeLanguage('fr'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistiques' })).toBeInTheDocument();
    const items = await screen.findByRole('table', { name: /par popularité/ });
    expect(within(items).getByRole('row', { name: /Robinet en laiton/ })).toBeInTheDocument();
    expect(within(items).getByRole('columnheader', { name: 'Demandes de prix' })).toBeInTheDocument();
  });

  it("shows the storefront's visits, inquiries, conversions and revenue, per day as a table too", async () => {
    openPage(withData);
    const panel = await screen.findByRole('region', { name: 'Storefront' });
    expect(within(panel).getByText('Visits').nextSibling).toHaveTextContent('2,500');
    expect(within(panel).getByText('Inquiries to invoice').nextSibling).toHaveTextContent('75%');
    expect(within(panel).getByText('Inquiries to paid order').nextSibling).toHaveTextContent('25%');
    expect(within(panel).getByText('Revenue').nextSibling).toHaveTextContent('$12,345.67');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Table' }));
    const daily = screen.getByRole('table', { name: 'Storefront per day' });
    expect(within(daily).getAllByRole('row')).toHaveLength(31);
    expect(within(daily).getByRole('row', { name: new RegExp(presetPeriod(30).to) })).toHaveTextContent(
      /2,500\s*4\s*3\s*1\s*\$12,345\.67/,
    );
  });

  it('pages the items 20 at a time and sorts them, starting again at the first page', async () => {
    const { statsCalls } = openPage((url) =>
      json(
        200,
        statsFor(
          url.searchParams.get('from')!,
          url.searchParams.get('to')!,
          true,
          Number(url.searchParams.get('page')),
          45,
        ),
      ),
    );
    await screen.findByRole('table', { name: /by popularity/ });
    expect(statsCalls()[0]!.searchParams.get('page')).toBe('1');
    expect(statsCalls()[0]!.searchParams.get('pageSize')).toBe('20');
    expect(statsCalls()[0]!.searchParams.get('sort')).toBe('popularity');
    const user = userEvent.setup();
    const pager = screen.getByRole('navigation', { name: 'Pages of products and services' });
    await user.click(within(pager).getByRole('button', { name: /next/i }));
    await vi.waitFor(() => expect(statsCalls().at(-1)!.searchParams.get('page')).toBe('2'));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Views');
    await vi.waitFor(() => {
      expect(statsCalls().at(-1)!.searchParams.get('sort')).toBe('views');
      expect(statsCalls().at(-1)!.searchParams.get('page')).toBe('1');
    });
    expect(
      await screen.findByRole('table', { name: 'Products and services by views over the period' }),
    ).toBeInTheDocument();
  });

  it('exports the storefront figures in the CSV, in French too', async () => {
    const { i18n } = openPage(withData);
    await act(() => i18n.changeLanguage('fr'));
    await screen.findByRole('table', { name: /par popularité/ });
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:stats';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const panel = screen.getByRole('region', { name: 'Vitrine' });
    expect(within(panel).getByText('Demandes devenues factures').nextSibling).toHaveTextContent(/75\s?%/);
    expect(within(panel).getByText('Revenus').nextSibling).toHaveTextContent(/12\s345,67\s\$/);
    await userEvent.setup().click(screen.getByRole('button', { name: /Exporter les jours/ }));
    const text = await saved!.text();
    expect(text).toContain('"Jour","Visites","Demandes","Factures","Commandes payées","Revenus ($ CA)"');
    expect(text).toContain(`"${presetPeriod(30).to}","2500","4","3","1","12345.67"`);
  });
});
