import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session-store';

// Their own chunks, outside app/layouts (whose modules and their dependencies form the first-load "shell"
// chunk): neither the chat screen nor Socket.IO is in any public page's initial JavaScript.
const InboxModal = lazy(() => import('../inbox/inbox-modal'));
const LiveUpdates = lazy(() => import('../inbox/live-updates'));

/**
 * For a logged-in user: live unread counts over the shared connection, and the inbox modal while it is open
 * (header inbox icon, after an inquiry, from a notification).
 */
export function InboxLayer() {
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const open = useSession((s) => s.isInboxModalOpen);
  if (!isLoggedIn) return null;
  return (
    <Suspense fallback={null}>
      <LiveUpdates />
      {open ? <InboxModal /> : null}
    </Suspense>
  );
}
