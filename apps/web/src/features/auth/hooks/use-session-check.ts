import { useEffect } from 'react';
import { limits } from '@maplesource/contracts/limits';
import { ApiError } from '../../../lib/http';
import { sessionActions, sessionStore, useSession } from '../../../lib/session-store';
import { verifyTokens } from '../api/verify-tokens';
import { clearSessionHint, hasSessionHint } from '../api/session-hint';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const isUnauthenticated = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * docs/product.md §4 login state: checked at start (the logo loader shows meanwhile), then every 2 minutes
 * and on window focus while logged in; never retried; an error means logged out. Without the session
 * hint cookie there is no session to check: logged out at once, no request (decision 041).
 */
export function useSessionCheck() {
  const isLoggedIn = useSession((s) => s.isLoggedIn);

  useEffect(() => {
    if (!hasSessionHint()) {
      sessionActions.loggedOut();
      sessionActions.finishInitialCheck();
      return;
    }
    const controller = new AbortController();
    sessionActions.startInitialCheck();
    verifyTokens(controller.signal)
      .then(({ user }) => sessionStore.setState({ isLoggedIn: true, userInfo: user }))
      .catch((error: unknown) => {
        if (isAbort(error)) return;
        if (isUnauthenticated(error)) clearSessionHint();
        sessionActions.loggedOut();
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
        .catch((error: unknown) => {
          if (isUnauthenticated(error)) clearSessionHint();
          sessionActions.loggedOut();
        })
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

/**
 * Whether the first login check is still to come or running. False from the first render for a browser without
 * the session hint (nothing to check, decision 041): a visitor's first commit shows the page, without the
 * full-screen logo loader that the check's effect would take down right after (decision 221).
 */
export function useInitialCheckPending(): boolean {
  const pending = useSession((s) => s.isInitialCheckPending);
  return pending && hasSessionHint();
}
