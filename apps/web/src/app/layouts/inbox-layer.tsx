import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session-store';

// Its own chunk, outside app/layouts (whose modules and their dependencies form the first-load "shell" chunk):
// the chat code is not in any public page's initial JavaScript.
const InboxModal = lazy(() => import('../inbox/inbox-modal'));

/** Mounts the inbox modal while it is open (header inbox icon, after an inquiry, from a notification). */
export function InboxLayer() {
  const open = useSession((s) => s.isInboxModalOpen && s.isLoggedIn);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <InboxModal />
    </Suspense>
  );
}
