import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { jsonResponse, notFoundResponse, sellerSummaryFixture } from '../../test/catalog-fixtures';

/**
 * Below-the-fold landing sections (decision 043): their headings show at once, their content and requests wait
 * until the visitor scrolls near them.
 */

const json = jsonResponse;

/** A stand-in IntersectionObserver whose entries the test decides. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The observers watching the element whose heading is `name`, with that element. */
  static watching(name: string) {
    return FakeObserver.instances.flatMap((observer) =>
      observer.targets
        .filter((target) => within(target as HTMLElement).queryByRole('heading', { level: 2, name }))
        .map((target) => ({ observer, target })),
    );
  }
  /** The observed element whose heading is `name` comes into view. */
  static reveal(name: string) {
    for (const { observer, target } of FakeObserver.watching(name))
      observer.callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        observer as unknown as IntersectionObserver,
      );
  }
}

afterEach(() => {
  FakeObserver.instances = [];
  vi.unstubAllGlobals();
});

describe('landing page sections below the fold', () => {
  it('asks for recently joined sellers only when the visitor scrolls near them', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        calls.push(url);
        if (url.includes('home-page/recent-sellers')) {
          return json({ items: [sellerSummaryFixture()] });
        }
        return notFoundResponse();
      }),
    );
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Recently joined sellers' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Recent blogs' })).toBeInTheDocument();
    expect(calls.some((url) => url.includes('home-page/recent-sellers'))).toBe(false);
    expect(calls.some((url) => url.includes('/api/v1/blogs'))).toBe(false);
    expect(calls.some((url) => url.includes('category-stats/popular'))).toBe(false);

    // The section observes itself from an effect, which may run after the heading is on screen.
    await vi.waitFor(() => expect(FakeObserver.watching('Recently joined sellers')).not.toHaveLength(0));
    await act(async () => FakeObserver.reveal('Recently joined sellers'));
    expect(await screen.findByRole('link', { name: /Acme Metal Inc\./ })).toBeInTheDocument();
    expect(calls.some((url) => url.includes('home-page/recent-sellers'))).toBe(true);
    // The others still wait.
    expect(calls.some((url) => url.includes('/api/v1/blogs'))).toBe(false);
  });
});
