import { lazy, Suspense } from 'react';
import { useSession } from '../../../lib/session-store';
import { useSessionCheck } from '../hooks/use-session-check';

const AuthModal = lazy(() => import('./auth-modal'));

/** Runs the login checks and mounts the auth modal (loaded on first open) for the whole app. */
export function SessionLayer() {
  useSessionCheck();
  const open = useSession((s) => s.isAuthModalOpen);
  return open ? (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  ) : null;
}
