import { lazy, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useInitialCheckPending } from '../../features/auth/hooks/use-session-check';
import { useSession } from '../../lib/session-store';

const LandingPage = lazy(() => import('./landing'));

/**
 * Guard for the logged-in-only routes of docs/product.md §2. Used as a layout route (renders the
 * matched child) or as a wrapper (renders `children`). A logged-out visitor sees the landing
 * page instead, on the same URL; nothing renders while the first login check runs (the logo
 * loader covers the screen).
 */
export function LoggedInOnly({ children }: { children?: ReactNode }) {
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const checking = useInitialCheckPending();
  if (checking) return null;
  if (!isLoggedIn) {
    return (
      <div data-testid="logged-out-landing">
        <LandingPage />
      </div>
    );
  }
  return <>{children ?? <Outlet />}</>;
}

export default LoggedInOnly;
