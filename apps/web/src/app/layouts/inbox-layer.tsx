import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { sessionActions, useSession } from '../../lib/session-store';
import { withAllTexts } from '../../lib/i18n';

// Their own chunks, outside app/layouts (whose modules and their dependencies form the first-load "shell"
// chunk): neither the chat screen nor Socket.IO is in any public page's initial JavaScript.
const InboxModal = lazy(withAllTexts(() => import('../inbox/inbox-modal')));
const LiveUpdates = lazy(withAllTexts(() => import('../inbox/live-updates')));

const chatIdPattern = /^[\w-]{1,64}$/;

/**
 * Opens the conversation a link names (`?inbox=chats&chatId=…[&kind=service]`, the buyer's offline chat e-mail,
 * decision 106) once the user is logged in, then drops those parameters from the address.
 */
function useInboxLink(isLoggedIn: boolean) {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const chatId = params.get('chatId');
    if (!isLoggedIn || params.get('inbox') !== 'chats' || !chatId || !chatIdPattern.test(chatId)) return;
    sessionActions.openInbox('chats', {
      kind: params.get('kind') === 'service' ? 'service' : 'product',
      chatId,
    });
    const rest = new URLSearchParams(params);
    for (const key of ['inbox', 'chatId', 'kind']) rest.delete(key);
    setParams(rest, { replace: true });
  }, [isLoggedIn, params, setParams]);
}

/**
 * For a logged-in user: live unread counts over the shared connection, and the inbox modal while it is open
 * (header inbox icon, after an inquiry, from a notification, from an e-mail link).
 */
export function InboxLayer() {
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const open = useSession((s) => s.isInboxModalOpen);
  useInboxLink(isLoggedIn);
  if (!isLoggedIn) return null;
  return (
    <Suspense fallback={null}>
      <LiveUpdates />
      {open ? <InboxModal /> : null}
    </Suspense>
  );
}
