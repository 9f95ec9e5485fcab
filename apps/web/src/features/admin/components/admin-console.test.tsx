import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { inEffect } from '../../../test/cnc-rates-fixtures';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('admin console', () => {
  // The rates' tab is a lazy module importing the contracts' index: loaded here (a hook's time) rather than within
  // the test's wait for the tab's content, which times out on a busy machine.
  beforeAll(() => import('./cnc-rates-panel'));

  it('sends role: admin and explains a 403 to non-admins', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input).includes('/admin/'))
        return json({ error: { code: 'ROLE_NOT_HELD', message: 'no' } }, 403);
      return json({ error: { code: 'UNAUTHENTICATED', message: 'no' } }, 401);
    });
    renderApp('/admin');
    expect(
      await screen.findByText('This console is for administrators. Log in with an admin account.'),
    ).toBeInTheDocument();
    const call = fetchMock.mock.calls.find((c) => String(c[0]).includes('/api/v1/admin/seo'))!;
    expect(new Headers(call[1]!.headers).get('role')).toBe('admin');
  });

  it('lists SEO entries for an admin', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input).includes('/api/v1/admin/seo')) {
        return json({
          items: [
            {
              id: 'a',
              path: '/products',
              code: '<title>P</title>',
              updatedBy: null,
              createdAt: '2025-01-01T00:00:00.000Z',
              updatedAt: '2025-01-01T00:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        });
      }
      return json({ error: { code: 'UNAUTHENTICATED', message: 'no' } }, 401);
    });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'MapleSource admin' })).toBeInTheDocument();
    expect(await screen.findByText('/products')).toBeInTheDocument();
  });
  it('opens the CNC rates tab, loaded with the tab, from the keyboard', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input).includes('/api/v1/admin/cnc-rates'))
        return json({ items: [inEffect], currentEffectiveFrom: inEffect.effectiveFrom });
      if (String(input).includes('/api/v1/admin/seo'))
        return json({ items: [], total: 0, page: 1, pageSize: 20 });
      return json({ error: { code: 'UNAUTHENTICATED', message: 'no' } }, 401);
    });
    const user = userEvent.setup();
    renderApp('/admin');
    const seo = await screen.findByRole('tab', { name: 'SEO entries' });
    seo.focus();
    // The rates' tab comes just before the audit log, the last tab.
    await user.keyboard('{End}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'CNC rates' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('list', { name: 'Dated rates' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Add dated rates' })).toBeInTheDocument();
  });
});
