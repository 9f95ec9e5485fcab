import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { Providers } from '../app/providers';
import { createI18n } from '../lib/i18n';
import { AppRoutes } from '../app/router';

/** What a test reads and drives of the app's router: the current location, and navigation. */
export interface TestRouter {
  state: { location: Location };
  /** Navigates like a link (`await act(() => router.navigate('/blogs'))`). */
  navigate: (to: string) => Promise<void>;
}

function RouterProbe({ router }: { router: { location?: Location; navigate?: NavigateFunction } }) {
  router.location = useLocation();
  router.navigate = useNavigate();
  return null;
}

/** Renders the real route table (as the app does: `AppRoutes` in a router) with the app providers. */
export function renderApp(initialPath = '/') {
  const probe: { location?: Location; navigate?: NavigateFunction } = {};
  const router: TestRouter = {
    get state() {
      return { location: probe.location! };
    },
    navigate: async (to) => {
      await probe.navigate!(to);
    },
  };
  const i18n = createI18n('en');
  const result = render(
    <Providers i18n={i18n}>
      <MemoryRouter initialEntries={[initialPath]}>
        <AppRoutes />
        <RouterProbe router={probe} />
      </MemoryRouter>
    </Providers>,
  );
  return { ...result, router, i18n };
}

export function renderWithProviders(ui: ReactElement, options: { language?: 'en' | 'fr' } = {}) {
  const i18n = createI18n(options.language ?? 'en');
  return { ...render(<Providers i18n={i18n}>{ui}</Providers>), i18n };
}
