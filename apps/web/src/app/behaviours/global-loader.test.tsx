import { Suspense, type ComponentType } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, renderWithProviders } from '../../test/render';
import { lazyScreen } from '../screen-loading';
import { GlobalLoader } from './global-loader';
import { sessionActions, sessionStore } from '../../lib/session-store';
import { createI18n } from '../../lib/i18n';

/** The loader without the app's session layer (which would run the login check itself). */
const renderLoaderAlone = () =>
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <GlobalLoader />
    </I18nextProvider>,
  );

describe('GlobalLoader', () => {
  // Unmount first: a reset store restarts the login check, which must not update a mounted app after the test.
  afterEach(() => {
    cleanup();
    act(() => sessionStore.reset());
  });

  afterEach(() => {
    document.cookie = 'ms_has_session=; Max-Age=0; path=/';
  });

  it('shows the logo loader while the first login check is pending', async () => {
    renderApp('/sellers');
    await screen.findByRole('heading', { level: 1, name: 'Sellers' });
    expect(screen.queryByTestId('logo-loader')).not.toBeInTheDocument();
    // Wait rather than assert at once: when the route commit came from a lazy chunk, React may
    // not yet have run the effect that subscribes the loader to the session store (CI flake).
    document.cookie = 'ms_has_session=1; path=/'; // a browser with a session to check (decision 041)
    act(() => sessionActions.startInitialCheck());
    const loader = await screen.findByTestId('logo-loader');
    expect(loader).toHaveAttribute('role', 'status');
    expect(loader).toHaveTextContent('Loading MapleSource…');
    act(() => sessionActions.finishInitialCheck());
    await waitFor(() => expect(screen.queryByTestId('logo-loader')).not.toBeInTheDocument());
  });

  it("never shows it to a visitor without the session hint, not even on the app's first render", () => {
    // The store as the page starts: the first check pending, not yet begun (decision 221).
    act(() => sessionStore.reset());
    expect(sessionStore.getState().isInitialCheckPending).toBe(true);
    renderLoaderAlone();
    expect(screen.queryByTestId('logo-loader')).not.toBeInTheDocument();
  });

  it('shows it from the first render to a browser with the session hint', () => {
    document.cookie = 'ms_has_session=1; path=/';
    act(() => sessionStore.reset());
    renderLoaderAlone();
    expect(screen.getByTestId('logo-loader')).toHaveAttribute('role', 'status');
  });
});

describe('GlobalLoader and screen chunks', () => {
  afterEach(() => cleanup());

  it('shows the logo loader while a screen chunk downloads, and hides it once the screen is there', async () => {
    let deliver: (module: { default: ComponentType }) => void = () => {};
    const Screen = lazyScreen(
      () => new Promise<{ default: ComponentType }>((resolve) => (deliver = resolve)),
    );
    renderWithProviders(
      <>
        <GlobalLoader />
        <Suspense fallback={null}>
          <Screen />
        </Suspense>
      </>,
    );
    expect(await screen.findByTestId('logo-loader')).toHaveAttribute('role', 'status');
    act(() => deliver({ default: () => <h1>Loaded screen</h1> }));
    expect(await screen.findByRole('heading', { name: 'Loaded screen' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('logo-loader')).not.toBeInTheDocument());
  });
});
