import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('admin console', () => {
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
});
