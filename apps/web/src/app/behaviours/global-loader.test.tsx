import { Suspense, type ComponentType } from 'react';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, renderWithProviders } from '../../test/render';
import { lazyScreen } from '../screen-loading';
import { GlobalLoader } from './global-loader';
import { sessionActions, sessionStore } from '../../lib/session-store';

describe('GlobalLoader', () => {
  // Unmount first: a reset store restarts the login check, which must not update a mounted app after the test.
  afterEach(() => {
    cleanup();
    act(() => sessionStore.reset());
  });

  it('shows the logo loader while the first login check is pending', async () => {
    renderApp('/sellers');
    await screen.findByRole('heading', { level: 1, name: 'Sellers' });
    expect(screen.queryByTestId('logo-loader')).not.toBeInTheDocument();
    // Wait rather than assert at once: when the route commit came from a lazy chunk, React may
    // not yet have run the effect that subscribes the loader to the session store (CI flake).
    act(() => sessionActions.startInitialCheck());
    const loader = await screen.findByTestId('logo-loader');
    expect(loader).toHaveAttribute('role', 'status');
    expect(loader).toHaveTextContent('Loading MapleSource…');
    act(() => sessionActions.finishInitialCheck());
    await waitFor(() => expect(screen.queryByTestId('logo-loader')).not.toBeInTheDocument());
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
