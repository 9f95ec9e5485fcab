import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminStorefrontClaimGroup } from '@maplesource/contracts/storefront-claims';
import { renderWithProviders } from '../../../test/render';
import { clearToasts } from '../../../lib/toast-store';
import { StorefrontClaimsPanel } from './storefront-claims-panel';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const claim = (id: string, fullName: string, channel: 'email' | 'phone', destination: string) => ({
  id,
  status: 'pending' as const,
  channel,
  destination,
  businessNumber: '123456789',
  codeExpiresAt: '2026-11-28T10:15:00.000Z',
  refusalReason: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  decidedAt: null,
  claimant: { id: `user-${id}`, email: `${id}@example.ca`, fullName },
});

afterEach(() => clearToasts());

describe('the storefront claims panel', () => {
  it('turns the switch, shows competing claims together, and approves one (the loser answers 409)', async () => {
    let open = false;
    const group: AdminStorefrontClaimGroup = {
      storefront: {
        id: '7',
        slug: 'atlantic-castings',
        name: 'Atlantic Castings',
        contactEmail: 'info@atlantic.example.ca',
        contactPhone: '+19025550123',
      },
      claims: [
        claim('c1', 'Ana First', 'email', 'ana@atlantic.example.ca'),
        claim('c2', 'Bo Second', 'phone', '+19025550123'),
      ],
    };
    const calls: { method: string; path: string; body: unknown; role: string | null }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ method, path: url.pathname, body, role: new Headers(init?.headers).get('role') });
      if (url.pathname.endsWith('/admin/storefront-claims/settings')) {
        if (method === 'PUT') open = (body as { claimsOpen: boolean }).claimsOpen;
        return json({ claimsOpen: open });
      }
      if (url.pathname.endsWith('/admin/storefront-claims')) return json({ items: [group] });
      if (url.pathname.endsWith('/c1/approve')) return json({ ...group.claims[0], status: 'approved' });
      return json({ error: { code: 'CLAIM_DECIDED', message: 'decided' } }, 409);
    });
    const user = userEvent.setup();
    renderWithProviders(<StorefrontClaimsPanel />);
    const toggle = await screen.findByRole('checkbox', { name: 'Storefront claims are open' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'PUT', body: { claimsOpen: true }, role: 'admin' }),
    );
    const card = screen.getByRole('listitem', { name: 'Atlantic Castings' });
    expect(within(card).getByText(/compare them before deciding/)).toBeInTheDocument();
    expect(within(card).getByText(/code by text to \+19025550123/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Approve: Ana First' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/c1/approve'))).toBe(true));
    await user.click(within(card).getByRole('button', { name: 'Approve: Bo Second' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This claim was already decided.');
  });
});
