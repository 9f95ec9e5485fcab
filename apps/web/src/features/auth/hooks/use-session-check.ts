import { useEffect } from 'react';
import { limits } from '@maplesource/contracts/limits';
import { sessionActions, sessionStore, useSession } from '../../../lib/session-store';
import { verifyTokens } from '../api/verify-tokens';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Spec §4 login state: checked at start (the logo loader shows meanwhile), then every 2 minutes
 * and on window focus while logged in; never retried; an error means logged out.
 */
export function useSessionCheck() {
  const isLoggedIn = useSession((s) => s.isLoggedIn);

  useEffect(() => {
    const controller = new AbortController();
    sessionActions.startInitialCheck();
    verifyTokens(controller.signal)
      .then(({ user }) => sessionStore.setState({ isLoggedIn: true, userInfo: user }))
      .catch((error: unknown) => {
        if (!isAbort(error)) sessionActions.loggedOut();
      })
      .finally(() => {
        if (!controller.signal.aborted) sessionActions.finishInitialCheck();
      });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!isLoggedIn) return;
    let running = false;
    const check = () => {
      if (running) return;
      running = true;
      verifyTokens()
        .then(({ user }) => sessionStore.setState({ userInfo: user }))
        .catch(() => sessionActions.loggedOut())
        .finally(() => {
          running = false;
        });
    };
    const timer = window.setInterval(check, limits.loginRecheckMs);
    window.addEventListener('focus', check);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
    };
  }, [isLoggedIn]);
}
