import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const seller = {
  id: '7',
  slug: 'tundra-steel-inc',
  name: 'Tundra Steel Inc',
  businessType: 'manufacturer',
  province: 'AB',
  city: 'Calgary',
  verified: true,
  claimed: true,
  logoUrl: '/media/seller/7.svg',
  productCount: 12,
  serviceCount: 1,
  createdAt: '2025-05-01T12:00:00.000Z',
};

describe('seller directory', () => {
  it("names each storefront in a heading right under the page's (outline: h1 → h2)", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('/api/v1/seller?')
        ? json({ items: [seller], total: 1, page: 1, pageSize: 12 })
        : json({ error: { code: 'NOT_FOUND', message: 'x' } }, 404),
    );
    renderApp('/sellers');
    const name = await screen.findByRole('heading', { level: 2, name: 'Tundra Steel Inc' });
    expect(name.querySelector('a')).toHaveAttribute('href', '/seller/tundra-steel-inc');
    expect(screen.getByRole('heading', { level: 1, name: 'Sellers' })).toBeInTheDocument();
  });
});
