import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENTS_MODE_META } from '@maplesource/contracts/page-data';
import { renderApp } from '../../test/render';

/** Decision 238: every page says "test payments" when no card is really charged. */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serverSays(mode: 'test' | 'live') {
  const meta = document.createElement('meta');
  meta.name = PAYMENTS_MODE_META;
  meta.content = mode;
  document.head.append(meta);
}

/** Our API for a visitor, with the given provider answer; logs the paths asked. */
function backend(provider: unknown) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.pathname);
      if (url.pathname.endsWith('/payment/provider')) return json(provider);
      if (url.pathname.endsWith('auth/verify-tokens'))
        return json({ error: { code: 'UNAUTHENTICATED', message: 'Please login first to continue' } }, 401);
      return json({ items: [], total: 0, page: 1, pageSize: 10 });
    }),
  );
  return asked;
}

afterEach(() => {
  document.head.querySelectorAll(`meta[name="${PAYMENTS_MODE_META}"]`).forEach((meta) => meta.remove());
});

describe('the test payments banner', () => {
  it('is on every page, in English and French, as a named region, when the page says test payments', async () => {
    serverSays('test');
    const asked = backend({ provider: 'sandbox', testPayments: true });
    const { router, i18n } = renderApp('/global-quote');
    const banner = await screen.findByRole('region', { name: 'Test payments' });
    expect(banner).toHaveTextContent('Test payments: no card is charged on this site');
    // Above the header, so it is the first thing read after the skip link.
    expect(banner.compareDocumentPosition(screen.getByRole('banner'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await router.navigate('/blogs');
    expect(screen.getByRole('region', { name: 'Test payments' })).toBeInTheDocument();
    await i18n.changeLanguage('fr');
    expect(await screen.findByRole('region', { name: 'Paiements de test' })).toHaveTextContent(
      'Paiements de test : aucune carte n’est débitée sur ce site',
    );
    // The page said so: the payment backend was not asked.
    expect(asked.some((path) => path.endsWith('/payment/provider'))).toBe(false);
  });

  it('is not shown when the page says live payments', async () => {
    serverSays('live');
    const asked = backend({ provider: 'sandbox', testPayments: true });
    renderApp('/global-quote');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Test payments' })).not.toBeInTheDocument();
    expect(asked.some((path) => path.endsWith('/payment/provider'))).toBe(false);
  });

  it('asks the payment backend when the page was not served by our server', async () => {
    const asked = backend({ provider: 'stripe', publishableKey: 'pk_test_51Maple', testPayments: true });
    renderApp('/global-quote');
    expect(await screen.findByRole('region', { name: 'Test payments' })).toBeInTheDocument();
    expect(asked.some((path) => path.endsWith('/payment/provider'))).toBe(true);
  });

  it('is not shown when the payment backend says live payments, or cannot say', async () => {
    const asked = backend({ provider: 'stripe', publishableKey: 'pk_live_51Maple', testPayments: false });
    renderApp('/global-quote');
    await waitFor(() => expect(asked.some((path) => path.endsWith('/payment/provider'))).toBe(true));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Test payments' })).not.toBeInTheDocument();
  });
});
