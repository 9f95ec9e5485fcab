import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, renderWithProviders } from '../../../test/render';
import { sessionStore } from '../../../lib/session-store';
import { useRequireLogin } from '../../../lib/use-require-login';
import { forgetPendingReset } from './pending-reset';

const user = { id: 'u1', fullName: 'Jeanne Roy', avatar: null, email: 'j@example.ca' };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'ms_has_session=; Max-Age=0; path=/';
  act(() => sessionStore.reset());
});

describe('auth modal', () => {
  it('signs up with the phone code, with a resend countdown, then is logged in', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${String(url).replace(/^.*\/api\/v1\//, '')}`);
        if (String(url).includes('auth/verify-tokens'))
          return json(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } });
        if (String(url).includes('auth/send-otp'))
          return json(200, { ok: true, expiresInSeconds: 600, resendInSeconds: 60 });
        if (String(url).includes('auth/signup')) {
          const body = init?.body as URLSearchParams;
          expect(body.get('otp')).toBe('123456');
          expect(body.get('province')).toBe('QC');
          expect(body.get('language')).toBe('en'); // the page's language (decision 210)
          return json(201, { user });
        }
        return json(404, { error: { code: 'NOT_FOUND', message: 'x' } });
      }),
    );
    renderApp('/');
    await waitFor(() => expect(sessionStore.getState().isInitialCheckPending).toBe(false));
    // On a phone: the menu, then its Log in button.
    const banner = await screen.findByRole('banner');
    fireEvent.click(within(banner).getByRole('button', { name: 'Open menu' }));
    const loginButtons = within(banner).getAllByRole('button', { name: 'Log in' });
    fireEvent.click(loginButtons[loginButtons.length - 1]!);
    const dialog = await screen.findByRole('dialog'); // a lazy chunk
    expect(dialog).toHaveTextContent('MapleSource is a service for businesses and buyers in Canada only.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'New here? Create an account' }));
    fireEvent.change(within(dialog).getByLabelText(/^Full name/), { target: { value: 'Jeanne Roy' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'j@example.ca' } });
    fireEvent.change(within(dialog).getByLabelText(/^Mobile phone number/), {
      target: { value: '514 555 0123' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Province or territory/), { target: { value: 'QC' } });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'weak' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send me a code' }));
    expect(await within(dialog).findByText('The password needs at least 8 characters.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'Str0ng#Pass' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send me a code' }));
    const codeInput = await within(dialog).findByLabelText(/^6-digit code/);
    expect(within(dialog).getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
    expect(within(dialog).getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
      'href',
      '/terms-and-condition',
    );
    fireEvent.change(codeInput, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(sessionStore.getState().isLoggedIn).toBe(true));
    expect(sessionStore.getState().userInfo?.fullName).toBe('Jeanne Roy');
    expect(screen.queryByRole('dialog')).toBeNull();
    // A welcome toast, and the phone menu has closed behind the dialog.
    expect(await screen.findByText('Welcome to MapleSource, Jeanne Roy!')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(calls).toContain('POST auth/send-otp');
  }, 20_000);

  it('reopening "Forgot password" within the minute goes back to the code step; a refused resend does too', async () => {
    forgetPendingReset();
    let resendRefused = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).includes('auth/forgot-password-otp'))
          return resendRefused
            ? json(429, { error: { code: 'OTP_RESEND_TOO_SOON', message: 'x' } })
            : json(200, { ok: true, expiresInSeconds: 600, resendInSeconds: 60 });
        return json(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } });
      }),
    );
    renderApp('/');
    await waitFor(() => expect(sessionStore.getState().isInitialCheckPending).toBe(false));
    const openForgot = async () => {
      act(() => sessionStore.setState({ isAuthModalOpen: true }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot your password?' }));
      return dialog;
    };
    let dialog = await openForgot();
    fireEvent.change(within(dialog).getByLabelText(/^Mobile phone number/), {
      target: { value: '514 555 0123' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send me a code' }));
    expect(await within(dialog).findByLabelText(/^6-digit code/)).toBeInTheDocument();

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openForgot();
    // Straight to the code already received, the resend still counting down.
    expect(within(dialog).getByLabelText(/^6-digit code/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();

    // Another number: the phone step; the server refuses a new code this soon, the code step opens anyway.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use another phone number' }));
    resendRefused = true;
    fireEvent.change(within(dialog).getByLabelText(/^Mobile phone number/), {
      target: { value: '514 555 0123' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send me a code' }));
    expect(await within(dialog).findByLabelText(/^6-digit code/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/Please wait/)).toBeNull();
  }, 20_000);

  it('goes back to the login form from the signup and the forgot-password forms', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } })),
    );
    renderApp('/');
    await waitFor(() => expect(sessionStore.getState().isInitialCheckPending).toBe(false));
    act(() => sessionStore.setState({ isAuthModalOpen: true }));
    const dialog = await screen.findByRole('dialog');
    for (const other of ['New here? Create an account', 'Forgot your password?']) {
      fireEvent.click(within(dialog).getByRole('button', { name: other }));
      expect(within(dialog).queryByLabelText(/^Email or phone number/)).toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Already have an account? Log in' }));
      expect(within(dialog).getByLabelText(/^Email or phone number/)).toBeInTheDocument();
    }
  });

  it('shows the login failure text for unexpected errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('auth/login')
          ? json(500, { error: { code: 'INTERNAL_ERROR', message: 'x' } })
          : json(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } }),
      ),
    );
    renderApp('/');
    await waitFor(() => expect(sessionStore.getState().isInitialCheckPending).toBe(false));
    act(() => sessionStore.setState({ isAuthModalOpen: true }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Email or phone number/), {
      target: { value: 'j@example.ca' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Login: some error occurred, try again later',
    );
  });
});

describe('a delayed login (decision 245)', () => {
  const refuse = (code: string, retryAfter: string) =>
    vi.fn(async (url: string) =>
      String(url).includes('auth/login')
        ? new Response(JSON.stringify({ error: { code, message: 'x' } }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
          })
        : json(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } }),
    );

  async function submitLogin(path: string, labels: { identifier: RegExp; password: RegExp; submit: string }) {
    const rendered = renderApp(path);
    await waitFor(() => expect(sessionStore.getState().isInitialCheckPending).toBe(false));
    act(() => sessionStore.setState({ isAuthModalOpen: true }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(labels.identifier), { target: { value: 'j@example.ca' } });
    fireEvent.change(within(dialog).getByLabelText(labels.password), { target: { value: 'Str0ng#Pass' } });
    fireEvent.click(within(dialog).getByRole('button', { name: labels.submit }));
    return { dialog, ...rendered };
  }

  it('shows why, how long to wait (counting down) and the phone-code reset', async () => {
    vi.stubGlobal('fetch', refuse('LOGIN_NEW_DEVICE_DELAYED', '125'));
    const { dialog } = await submitLogin('/', {
      identifier: /^Email or phone number/,
      password: /^Password/,
      submit: 'Log in',
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Many wrong passwords were tried on this account, so sign-ins from new devices have to wait.',
    );
    expect(within(dialog).getByRole('timer')).toHaveTextContent('You can try again in 3 minutes.');
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Reset my password with a code sent to my phone' }),
    );
    expect(await within(dialog).findByText(/Enter the phone number of your account/)).toBeInTheDocument();
  });

  it('counts the seconds down to "try again now"', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    try {
      vi.stubGlobal('fetch', refuse('LOGIN_DELAYED', '2'));
      const { dialog } = await submitLogin('/', {
        identifier: /^Email or phone number/,
        password: /^Password/,
        submit: 'Log in',
      });
      expect(await within(dialog).findByRole('timer')).toHaveTextContent('You can try again in 2 seconds.');
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Too many wrong passwords.');
      act(() => vi.advanceTimersByTime(1000));
      expect(within(dialog).getByRole('timer')).toHaveTextContent('You can try again in 1 second.');
      act(() => vi.advanceTimersByTime(1000));
      expect(within(dialog).getByRole('timer')).toHaveTextContent('You can try again now.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says it in French on a French page', async () => {
    vi.stubGlobal('fetch', refuse('LOGIN_DELAYED', '90'));
    const { dialog } = await submitLogin('/fr', {
      identifier: /^Courriel ou numéro de téléphone/,
      password: /^Mot de passe/,
      submit: 'Se connecter',
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Trop de mauvais mots de passe.');
    expect(within(dialog).getByRole('timer')).toHaveTextContent('Vous pourrez réessayer dans 2 minutes.');
    expect(
      within(dialog).getByRole('button', {
        name: 'Réinitialiser mon mot de passe avec un code envoyé à mon téléphone',
      }),
    ).toBeInTheDocument();
  });
});

describe('session checks', () => {
  it('re-checks on window focus while logged in and logs out when the check fails', async () => {
    let ok = true;
    let checks = 0;
    const fetchMock = vi.fn(async (url: string) => {
      if (!String(url).includes('auth/verify-tokens'))
        return json(404, { error: { code: 'NOT_FOUND', message: 'x' } });
      checks += 1;
      return ok ? json(200, { user }) : json(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'ms_has_session=1; path=/';
    renderApp('/');
    await waitFor(() => expect(sessionStore.getState().isLoggedIn).toBe(true));
    expect(checks).toBe(1);
    ok = false;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(sessionStore.getState().isLoggedIn).toBe(false));
    expect(sessionStore.getState().userInfo).toBeNull();
    const before = checks;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(checks).toBe(before); // no checks while logged out
  });
});

describe('start-up check and the session hint cookie (decision 041)', () => {
  const verifyCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
    fetchMock.mock.calls.filter(([url]) => String(url).includes('auth/verify-tokens')).length;

  it('makes no request without the hint: a visitor is logged out at once', async () => {
    const fetchMock = vi.fn(async () => json(404, { error: { code: 'NOT_FOUND', message: 'x' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/');
    await waitFor(() => expect(sessionStore.getState().isInitialCheckPending).toBe(false));
    expect(sessionStore.getState().isLoggedIn).toBe(false);
    expect(verifyCalls(fetchMock)).toBe(0);
  });

  it('checks with the hint, and forgets the hint when the check answers 401', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      String(url).includes('auth/verify-tokens')
        ? json(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } })
        : json(404, { error: { code: 'NOT_FOUND', message: 'x' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'ms_has_session=1; path=/';
    renderApp('/');
    await waitFor(() => expect(sessionStore.getState().isInitialCheckPending).toBe(false));
    expect(verifyCalls(fetchMock)).toBe(1);
    expect(sessionStore.getState().isLoggedIn).toBe(false);
    expect(document.cookie).not.toContain('ms_has_session=1');
  });
});

describe('useRequireLogin', () => {
  function LikeButton({ onLike }: { onLike: () => void }) {
    const requireLogin = useRequireLogin();
    return (
      <button type="button" onClick={() => requireLogin() && onLike()}>
        Like
      </button>
    );
  }

  it('asks a visitor to log in and lets a logged-in user through', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } })),
    );
    const onLike = vi.fn();
    renderWithProviders(<LikeButton onLike={onLike} />);
    await waitFor(() => expect(sessionStore.getState().isInitialCheckPending).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(onLike).not.toHaveBeenCalled();
    expect(sessionStore.getState().isAuthModalOpen).toBe(true);
    expect(await screen.findByText('Please login first to continue.')).toBeInTheDocument();
    act(() => sessionStore.setState({ isLoggedIn: true, isAuthModalOpen: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(onLike).toHaveBeenCalledTimes(1);
  });
});
