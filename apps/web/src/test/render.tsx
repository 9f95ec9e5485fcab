import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
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

function TestRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Renders the real route table (as the app does: `AppRoutes` in a router) with the app providers, or only the
 * given `routes` when a test mounts one screen beside stand-ins for where it links to.
 */
export function renderApp(initialPath = '/', options: { routes?: RouteObject[] } = {}) {
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
        {options.routes ? <TestRoutes routes={options.routes} /> : <AppRoutes />}
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
