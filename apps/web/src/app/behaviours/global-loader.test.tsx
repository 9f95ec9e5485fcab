import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
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
    act(() => sessionActions.startInitialCheck());
    expect(screen.getByTestId('logo-loader')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('logo-loader')).toHaveTextContent('Loading MapleSource…');
    act(() => sessionActions.finishInitialCheck());
    expect(screen.queryByTestId('logo-loader')).not.toBeInTheDocument();
  });
});
