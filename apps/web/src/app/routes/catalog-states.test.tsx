import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import {
  jsonResponse,
  listingPageFixture,
  notFoundResponse,
  productCardFixture,
  productDetailFixture,
  sellerDetailFixture,
  sellerFixture,
  categoryFixture,
} from '../../test/catalog-fixtures';
import { sessionStore } from '../../lib/session-store';
import { toastStore } from '../../lib/toast-store';
import { markSignedIn, forgetSession } from '../../test/session';

/** Loading failure + retry, empty states and the login prompt of the catalogue screens (docs/product.md §8). */

const json = jsonResponse;
const serverError = () => json({ error: { code: 'INTERNAL', message: 'x' } }, 500);
const notFound = notFoundResponse;
const page = <T,>(items: T[]) => listingPageFixture(items);
const seller = sellerFixture;
const product = productCardFixture();
const category = categoryFixture;
const productDetail = productDetailFixture(product);
const categoryTree = {
  items: [
    {
      ...category('1', 'metal-fabrication', 'Metal Fabrication'),
      children: [category('2', 'aluminum-extrusions', 'Aluminum Extrusions', '1')],
    },
  ],
};

/** fetch answering per path; `routes` maps a path fragment to a response factory. */
function stubApi(routes: Record<string, () => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      for (const [fragment, answer] of Object.entries(routes)) if (url.includes(fragment)) return answer();
      return notFound();
    }),
  );
  return calls;
}
const loggedIn = () => json({ user: { id: 'u1', fullName: 'Test Buyer', avatar: null } });

afterEach(() => {
  vi.unstubAllGlobals();
  forgetSession();
});

describe('products listing', () => {
  it('says "try again later" when loading fails, and the retry button loads the products', async () => {
    let fail = true;
    const calls = stubApi({
      '/api/v1/category?': () => json(categoryTree),
      '/api/v1/product?': () => (fail ? serverError() : json(page([product]))),
    });
    renderApp('/products?state=ON');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Loading failed. Please try again later.');
    fail = false;
    const before = calls.filter((url) => url.includes('/api/v1/product?')).length;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: product.nameEn })).toBeInTheDocument();
    expect(calls.filter((url) => url.includes('/api/v1/product?')).length).toBe(before + 1);
    expect(screen.queryByRole('alert')).toBeNull();
  }, 15_000);

  it('shows an empty state when no product matches the filters', async () => {
    stubApi({
      '/api/v1/category?': () => json(categoryTree),
      '/api/v1/product?': () => json(page([])),
    });
    renderApp('/products?state=NU&isVerified=true');
    expect(await screen.findByText('No products match these filters')).toBeInTheDocument();
    expect(screen.getByText('Try removing a filter or searching another word.')).toBeInTheDocument();
  });
});

describe('services listing', () => {
  it('has the filter panel, kept in the URL and sent to the service endpoint', async () => {
    const calls = stubApi({
      '/api/v1/category?': () => json({ items: [] }),
      '/api/v1/service?': () => json(page([])),
    });
    const { router } = renderApp('/services?state=QC&deliveryDays=7');
    expect(await screen.findByText('No services match these filters')).toBeInTheDocument();
    expect(
      calls.some(
        (url) =>
          url.includes('/api/v1/service?') && url.includes('state=QC') && url.includes('deliveryDays=7'),
      ),
    ).toBe(true);
    const panel = screen.getAllByRole('form', { name: 'Filters' })[0]!;
    expect(within(panel).queryByText('Canadian origin')).toBeNull();
    expect(within(panel).getByLabelText('Turnaround')).toHaveValue('7');
    await userEvent.click(within(panel).getByRole('checkbox', { name: /Verified services only/ }));
    expect(router.state.location.search).toContain('isVerified=true');
  });
});

describe('wishlist', () => {
  it('shows empty states on both tabs', async () => {
    markSignedIn();
    stubApi({
      'auth/verify-tokens': loggedIn,
      '/api/v1/like?': () => json(page([])),
      '/api/v1/service-like?': () => json(page([])),
    });
    renderApp('/wishlist');
    expect(await screen.findByText('No products in your wishlist yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Services' }));
    expect(await screen.findByText('No services in your wishlist yet')).toBeInTheDocument();
  });

  it('says "try again later" when the wishlist fails, and retries', async () => {
    markSignedIn();
    let fail = true;
    stubApi({
      'auth/verify-tokens': loggedIn,
      '/api/v1/like?': () => (fail ? serverError() : json(page([product]))),
    });
    renderApp('/wishlist');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Loading your wishlist failed. Please try again later.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: product.nameEn })).toBeInTheDocument();
  }, 15_000);
});

describe('product detail', () => {
  it('asks a visitor to log in before liking ("Please login first to continue")', async () => {
    const calls = stubApi({
      'auth/verify-tokens': () => json({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401),
      [`/api/v1/product/${product.slug}`]: () => json(productDetail),
      '/api/v1/review?': () => json({ items: [], total: 0, page: 1, pageSize: 10 }),
    });
    renderApp(`/productdetails/${product.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: product.nameEn })).toBeInTheDocument();
    // The browser tab names the product, not a generic "Product details".
    await waitFor(() => expect(document.title).toBe(`${product.nameEn} | MapleSource`));
    await userEvent.click(screen.getByRole('button', { name: `Add ${product.nameEn} to wishlist` }));
    expect(toastStore.getState().toasts.map((toast) => toast.message)).toContain(
      'Please login first to continue.',
    );
    expect(sessionStore.getState().isAuthModalOpen).toBe(true);
    expect(calls.some((url) => url.includes('like/toggle'))).toBe(false);
    expect(screen.getByRole('button', { name: `Add ${product.nameEn} to wishlist` })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});

describe('seller detail', () => {
  it("shows the storefront's products and services in tabs, each listing filtered by the seller", async () => {
    const calls = stubApi({
      '/api/v1/seller/acme': () => json(sellerDetailFixture({ productCount: 1 })),
      '/api/v1/category?': () => json(categoryTree),
      '/api/v1/product?': () => json(page([product])),
      '/api/v1/service?': () => json(page([])),
    });
    renderApp('/seller/acme');
    expect(await screen.findByRole('heading', { level: 1, name: seller.name })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: product.nameEn })).toBeInTheDocument();
    expect(calls.some((url) => url.includes('/api/v1/product?') && url.includes('sellerId=1'))).toBe(true);
    await userEvent.click(screen.getByRole('tab', { name: 'Services (0)' }));
    expect(await screen.findByText('No services match these filters')).toBeInTheDocument();
    expect(calls.some((url) => url.includes('/api/v1/service?') && url.includes('sellerId=1'))).toBe(true);
  });
});

describe('landing page', () => {
  it('shows skeletons for frequently searched and the feature tiles while they load', async () => {
    const pending = () => new Promise<Response>(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.includes('search/frequent') || url.includes('home-page/landing-features')) return pending();
        return notFound();
      }),
    );
    renderApp('/');
    expect(await screen.findByTestId('frequent-loading')).toBeInTheDocument();
    expect(screen.getByTestId('features-loading')).toBeInTheDocument();
  });

  it('says "try again later" when frequently searched and the feature tiles fail, and retries', async () => {
    let fail = true;
    stubApi({
      'search/frequent': () =>
        fail ? serverError() : json({ items: [{ term: 'cnc machining', count: 9 }] }),
      'home-page/landing-features': () =>
        fail
          ? serverError()
          : json({
              items: [
                { id: 'f1', titleEn: 'Buy Canadian', titleFr: 'Achetez canadien', bodyEn: 'B', bodyFr: 'B' },
              ],
            }),
    });
    renderApp('/');
    const frequentError = await screen.findByText(
      'Couldn’t load the frequently searched terms. Please try again later.',
    );
    const featuresError = await screen.findByText('Couldn’t load this section. Please try again later.');
    fail = false;
    await userEvent.click(
      within(frequentError.closest('[role="alert"]')!).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findByRole('link', { name: 'cnc machining' })).toBeInTheDocument();
    await userEvent.click(
      within(featuresError.closest('[role="alert"]')!).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findByRole('heading', { name: 'Buy Canadian' })).toBeInTheDocument();
  }, 15_000);
});
