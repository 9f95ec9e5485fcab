import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

/**
 * Guard for the logged-in-only routes of spec §2. Used as a layout route (renders the
 * matched child) or as a wrapper (renders `children`).
 * TODO(accounts issue): when `useSession((s) => s.isLoggedIn)` is false, render the landing
 * page instead (spec: "A logged-out visitor on these sees the landing page instead").
 */
export function LoggedInOnly({ children }: { children?: ReactNode }) {
  return <>{children ?? <Outlet />}</>;
}

export default LoggedInOnly;
