import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ExportPanel } from './export-panel';

/** The accountants' export control (decision 251): what it asks the server for, and what it says. */
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(
    async () =>
      new Response('\ufeffinvoice_id\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="sales.csv"',
        },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillPeriod(from: string, to: string) {
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText(/^From/));
  await user.type(screen.getByLabelText(/^From/), from);
  await user.clear(screen.getByLabelText(/^To/));
  await user.type(screen.getByLabelText(/^To/), to);
  return user;
}

describe('the export panel', () => {
  it("downloads the seller's Xero sales invoices of the period with the seller's role header", async () => {
    renderWithProviders(<ExportPanel side="seller" />);
    const user = await fillPeriod('2026-01-01', '2026-03-31');
    await user.selectOptions(screen.getByLabelText('Format'), 'xero');
    await user.click(screen.getByRole('button', { name: 'Download' }));

    expect(await screen.findByText('Your export has been downloaded.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/api\/v1\/seller\/invoices\/export\?from=2026-01-01&to=2026-03-31&format=xero$/);
    expect((init.headers as Record<string, string>).role).toBe('seller');
    expect(init.credentials).toBe('include');
  });

  it("asks for the buyer's orders without a format (orders are CSV only)", async () => {
    renderWithProviders(<ExportPanel side="buyer" />);
    const user = await fillPeriod('2026-02-01', '2026-02-28');
    await user.selectOptions(screen.getByLabelText('What to export'), 'orders');
    expect(screen.getByLabelText('Format')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await screen.findByText('Your export has been downloaded.');
    const [url] = fetchMock.mock.calls[0] as [string];
    expect(url).toMatch(/\/api\/v1\/orders\/export\?from=2026-02-01&to=2026-02-28$/);
  });

  it('refuses a period that ends before it starts or is longer than 366 days, without asking the server', async () => {
    renderWithProviders(<ExportPanel side="buyer" />);
    let user = await fillPeriod('2026-03-31', '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('the start on or before the end');

    user = await fillPeriod('2024-01-01', '2025-06-30');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('at most 366 days');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 'ROLE_NOT_HELD', message: 'needs seller' } }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderWithProviders(<ExportPanel side="seller" />, { language: 'fr' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Télécharger' }));
    expect(await screen.findByRole('alert')).not.toBeEmptyDOMElement();
    expect(screen.getByRole('heading', { name: 'Exporter pour votre comptable' })).toBeInTheDocument();
  });
});
