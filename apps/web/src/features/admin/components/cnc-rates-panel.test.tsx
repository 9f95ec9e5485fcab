import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CncRates } from '@maplesource/contracts/cnc-pricing';
import { renderWithProviders } from '../../../test/render';
import { inEffect } from '../../../test/cnc-rates-fixtures';
import { clearToasts } from '../../../lib/toast-store';
import { CncRatesPanel } from './cnc-rates-panel';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, code: string, fields?: Record<string, string>) =>
  json({ error: { code, message: 'refused', ...(fields ? { fields } : {}) } }, status);

const older: CncRates = { ...inEffect, effectiveFrom: '2026-10-01', shopCentsPerHour: 8000 };

/**
 * The admin's rates as the server keeps them: the list (newest first, the one in effect named) and the new row,
 * stored unless `refuse` answers instead.
 */
function ratesServer(rows: CncRates[], current: string | null, refuse?: () => Response) {
  const posts: { body: CncRates; headers: Headers }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    expect(url.pathname).toBe('/api/v1/admin/cnc-rates');
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as CncRates;
      posts.push({ body, headers: new Headers(init.headers) });
      if (refuse) return refuse();
      rows.push(body);
      rows.sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
      return json(body, 201);
    }
    return json({ items: rows, currentEffectiveFrom: current });
  });
  return posts;
}

beforeEach(() => {
  // 10:00 in Toronto on 29 November 2026; only Date is faked, so user events and queries run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-29T15:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  clearToasts();
});

describe('the CNC rates admin panel (decision 322)', () => {
  it('lists every row newest first, marks the one in effect, and adds a scheduled row in cents from dollars', async () => {
    const posts = ratesServer([inEffect, older], inEffect.effectiveFrom);
    const user = userEvent.setup();
    renderWithProviders(<CncRatesPanel />);
    const list = await screen.findByRole('list', { name: 'Dated rates' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-labelledby'))).toEqual([
      'cnc-rates-2026-11-28',
      'cnc-rates-2026-10-01',
    ]);
    expect(within(rows[0]!).getByText('In effect')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('$90.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Replaced')).toBeInTheDocument();

    // Filled from the row in effect, dated the first free day from today in Toronto.
    const form = screen.getByRole('form', { name: 'Add dated rates' });
    const date = within(form).getByLabelText(/^Takes effect on/);
    expect(date).toHaveValue('2026-11-29');
    expect(date).toHaveAttribute('min', '2026-11-29');
    expect(within(form).getByLabelText(/^Shop rate/)).toHaveValue('90.00');
    expect(within(form).getByLabelText(/^Mild steel 1018: cents per cm³/)).toHaveValue('0.4');

    await user.clear(date);
    await user.type(date, '2026-12-01');
    const shop = within(form).getByLabelText(/^Shop rate/);
    await user.clear(shop);
    await user.type(shop, '95.50');
    const anodized = within(form).getByLabelText(/^Anodized \(\$ a part\)/);
    await user.clear(anodized);
    await user.type(anodized, '6,25');
    await user.click(within(form).getByRole('button', { name: 'Add these rates' }));

    expect(await screen.findByText('The rates from 2026-12-01 are added.')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.get('role')).toBe('admin');
    expect(posts[0]!.body).toEqual({
      ...inEffect,
      effectiveFrom: '2026-12-01',
      shopCentsPerHour: 9550,
      finishCentsPerPart: { ...inEffect.finishCentsPerPart, anodized: 625 },
    });
    const scheduled = await screen.findByRole('listitem', { name: /2026-12-01/ });
    expect(within(scheduled).getByText('Scheduled')).toBeInTheDocument();
    expect(within(scheduled).getByText('$95.50')).toBeInTheDocument();
  });

  it('refuses a day before today on its field without asking the server', async () => {
    const posts = ratesServer([inEffect], inEffect.effectiveFrom);
    const user = userEvent.setup();
    renderWithProviders(<CncRatesPanel />);
    const form = await screen.findByRole('form', { name: 'Add dated rates' });
    const date = within(form).getByLabelText(/^Takes effect on/);
    await user.clear(date);
    await user.type(date, '2026-11-28');
    await user.click(within(form).getByRole('button', { name: 'Add these rates' }));
    expect(
      await within(form).findByText(
        'New rates can only take effect today or later: quotes already made keep the rates of their day.',
      ),
    ).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveFocus();
    expect(posts).toHaveLength(0);
  });

  it.each([
    {
      code: 'CNC_RATES_DATE_TAKEN',
      status: 409,
      field: /^Takes effect on/,
      text: 'Rates are already set for this date. Choose another date.',
    },
    {
      code: 'CNC_RATES_DATE_IN_PAST',
      status: 422,
      field: /^Takes effect on/,
      text: 'New rates can only take effect today or later: quotes already made keep the rates of their day.',
    },
    {
      code: 'CNC_RATES_EXPEDITED_SLOWER',
      status: 422,
      field: /^Expedited lead time/,
      text: 'The expedited lead time cannot be longer than the standard one.',
    },
  ])('shows the server’s $code on its field and above the button', async ({ code, status, field, text }) => {
    ratesServer([inEffect], inEffect.effectiveFrom, () => refusal(status, code));
    const user = userEvent.setup();
    renderWithProviders(<CncRatesPanel />);
    const form = await screen.findByRole('form', { name: 'Add dated rates' });
    await user.click(within(form).getByRole('button', { name: 'Add these rates' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(text);
    const input = within(form).getByLabelText(field);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(text));
  });

  it('marks the fields a VALIDATION_FAILED names, by the contract’s paths, with their own texts', async () => {
    ratesServer([inEffect], inEffect.effectiveFrom, () =>
      refusal(400, 'VALIDATION_FAILED', {
        'materials.brass.centsPerCm3': 'Too big: expected number to be <=100000',
        setupCents: 'Invalid input',
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<CncRatesPanel />, { language: 'fr' });
    const form = await screen.findByRole('form', { name: 'Ajouter des tarifs datés' });
    await user.click(within(form).getByRole('button', { name: 'Ajouter ces tarifs' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Certains champs sont manquants ou invalides.',
    );
    expect(within(form).getByLabelText(/^Laiton : cents par cm³/)).toHaveAccessibleDescription(
      'Saisissez un nombre dans l’intervalle qu’indique l’aide du champ.',
    );
    expect(within(form).getByLabelText(/^Mise en train/)).toHaveAccessibleDescription(
      expect.stringContaining('Saisissez un montant en dollars'),
    );
  });

  it('says so when there is no row yet, and offers an empty form', async () => {
    ratesServer([], null);
    renderWithProviders(<CncRatesPanel />);
    expect(
      await screen.findByText('No rates yet: instant CNC quotes are unavailable until a row is added.'),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add dated rates' });
    expect(within(form).getByLabelText(/^Shop rate/)).toHaveValue('');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => refusal(503, 'SERVICE_UNAVAILABLE'));
    renderWithProviders(<CncRatesPanel />);
    expect(await screen.findByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add dated rates' })).not.toBeInTheDocument();
  });
});
