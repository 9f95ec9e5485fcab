import { lazy, Suspense, useEffect } from 'react';
import { sessionActions, sessionStore, useSession } from '../../../lib/session-store';
import { useSessionCheck } from '../hooks/use-session-check';
import { withAllTexts } from '../../../lib/i18n';

const AuthModal = lazy(withAllTexts(() => import('./auth-modal')));

/**
 * Runs the login checks, mounts the auth modal (loaded on first open) for the whole app, and
 * fills the session's `preferredState` from the account's province when none was chosen yet.
 */
export function SessionLayer() {
  useSessionCheck();
  const open = useSession((s) => s.isAuthModalOpen);
  const province = useSession((s) => {
    const state = s.userInfo?.['state'];
    return typeof state === 'string' ? state : null;
  });
  useEffect(() => {
    if (province && !sessionStore.getState().preferredState) sessionActions.setPreferredState(province);
  }, [province]);
  return open ? (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  ) : null;
}
