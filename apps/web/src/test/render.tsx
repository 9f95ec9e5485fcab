import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Providers } from '../app/providers';
import { createI18n } from '../lib/i18n';
import { routes } from '../app/router';

/** Renders the real route table in a memory router with the app providers. */
export function renderApp(initialPath = '/', options: { routes?: RouteObject[] } = {}) {
  const router = createMemoryRouter(options.routes ?? routes, { initialEntries: [initialPath] });
  const i18n = createI18n('en');
  const result = render(
    <Providers i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, i18n };
}

export function renderWithProviders(ui: ReactElement, options: { language?: 'en' | 'fr' } = {}) {
  const i18n = createI18n(options.language ?? 'en');
  return { ...render(<Providers i18n={i18n}>{ui}</Providers>), i18n };
}
