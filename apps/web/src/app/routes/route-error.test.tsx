import { Suspense } from 'react';
import { act, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { lazyScreen } from '../screen-loading';
import { RouteErrorBoundary } from './route-error';

describe('RouteErrorBoundary', () => {
  it('shows the route error screen when a screen chunk fails to load, and clears it on another page', async () => {
    // React reports the caught error on the console; here that is the expected outcome, not a test failure.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = lazyScreen(() => Promise.reject(new Error('chunk failed to load')));
    renderWithProviders(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/fine">Elsewhere</Link>
        <RouteErrorBoundary>
          <Suspense fallback={null}>
            <Routes>
              <Route path="/broken" element={<Broken />} />
              <Route path="/fine" element={<h1>Fine page</h1>} />
            </Routes>
          </Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent("This page couldn't load");
    act(() => screen.getByRole('link', { name: 'Elsewhere' }).click());
    expect(await screen.findByRole('heading', { name: 'Fine page' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
