import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSellerApplication } from '@maplesource/contracts/seller-applications';
import { renderWithProviders } from '../../../test/render';
import { clearToasts } from '../../../lib/toast-store';
import { SellerApplicationsPanel } from './seller-applications-panel';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const application = (id: string, operatingName: string): AdminSellerApplication => ({
  id,
  status: 'pending',
  legalName: `${operatingName} Inc.`,
  operatingName,
  businessNumber: '123456789',
  province: 'NS',
  city: 'Halifax',
  businessType: 'manufacturer',
  categories: [],
  contactEmail: `${id}@example.ca`,
  contactPhone: '+19025550123',
  gstHstNumber: '123456789RT0001',
  qstNumber: null,
  storefront: { id: '9', slug: id },
  refusalReason: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  decidedAt: null,
  applicant: { id: `user-${id}`, email: `owner@${id}.example.ca`, fullName: `Owner of ${operatingName}` },
});

afterEach(() => clearToasts());

describe('the applications-to-sell panel', () => {
  it('shows each application’s facts, approves one, and refuses another with the trimmed reason', async () => {
    const calls: { path: string; body: unknown; key: string | null }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if ((init?.method ?? 'GET') === 'GET')
        return json({ items: [application('a1', 'Atlantic Castings'), application('b2', 'Bay Pumps')] });
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ path: url.pathname, body, key: new Headers(init?.headers).get('idempotency-key') });
      if (url.pathname.endsWith('/b2/refuse'))
        return json({ error: { code: 'SELLER_APPLICATION_DECIDED', message: 'decided' } }, 409);
      return json({ ...application('a1', 'Atlantic Castings'), status: 'approved' });
    });
    const user = userEvent.setup();
    renderWithProviders(<SellerApplicationsPanel />);
    const first = await screen.findByRole('listitem', { name: 'Atlantic Castings (Atlantic Castings Inc.)' });
    expect(within(first).getByText('Owner of Atlantic Castings owner@a1.example.ca')).toBeInTheDocument();
    expect(within(first).getByText('Halifax, NS')).toBeInTheDocument();
    expect(within(first).getByText('123456789RT0001')).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain('/api/v1/admin/seller-applications/a1/approve'),
    );
    expect(calls[0]!.body).toBeNull();
    expect(calls[0]!.key).toMatch(/:approve$/);

    const second = screen.getByRole('listitem', { name: 'Bay Pumps (Bay Pumps Inc.)' });
    await user.type(within(second).getByLabelText('Reason for a refusal'), '  No proof of business  ');
    await user.click(within(second).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({
      path: '/api/v1/admin/seller-applications/b2/refuse',
      body: { reason: 'No proof of business' },
    });
    expect(calls[1]!.key).toMatch(/:refuse$/);
    expect(await within(second).findByRole('alert')).toBeInTheDocument();
  });
});
