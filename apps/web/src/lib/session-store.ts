import { createStore, useStore } from './create-store';

/**
 * docs/product.md §3 "User session". The accounts/auth features fill it (token check at start,
 * re-check every 2 minutes, logout). For now nothing logs in.
 */
export type InboxTab = 'inbox' | 'notifications' | 'chats';
/** The conversation the inbox opens on (after an inquiry, or from a notification). */
export type InboxChat = { kind: 'product' | 'service'; chatId: string };

export type SessionUserInfo = {
  id: string;
  fullName: string;
  email?: string;
  phoneNumber?: string;
  avatar?: string | null;
  [key: string]: unknown;
};

export type SessionState = {
  isLoggedIn: boolean;
  isAuthModalOpen: boolean;
  userInfo: SessionUserInfo | null;
  preferredState: string | null;
  isInboxModalOpen: boolean;
  inboxInitialTab: InboxTab;
  inboxChat: InboxChat | null;
  /** True while the first login check runs: the full-screen logo loader is shown. */
  isInitialCheckPending: boolean;
};

export const initialSessionState: SessionState = {
  isLoggedIn: false,
  isAuthModalOpen: false,
  userInfo: null,
  preferredState: null,
  isInboxModalOpen: false,
  inboxInitialTab: 'inbox',
  inboxChat: null,
  isInitialCheckPending: true,
};

export const sessionStore = createStore<SessionState>(initialSessionState);

export const sessionActions = {
  openAuthModal: () => sessionStore.setState({ isAuthModalOpen: true }),
  closeAuthModal: () => sessionStore.setState({ isAuthModalOpen: false }),
  openInbox: (tab: InboxTab = 'inbox', chat: InboxChat | null = null) =>
    sessionStore.setState({ isInboxModalOpen: true, inboxInitialTab: chat ? 'chats' : tab, inboxChat: chat }),
  closeInbox: () =>
    sessionStore.setState({ isInboxModalOpen: false, inboxInitialTab: 'inbox', inboxChat: null }),
  setPreferredState: (preferredState: string | null) => sessionStore.setState({ preferredState }),
  /** Success of a login check or of a login. */
  loggedIn: (userInfo: SessionUserInfo | null) =>
    sessionStore.setState({ isLoggedIn: true, userInfo, isAuthModalOpen: false }),
  /** Failed login check or logout: resets login and user info (docs/product.md §4). */
  loggedOut: () =>
    sessionStore.setState({ isLoggedIn: false, userInfo: null, isInboxModalOpen: false, inboxChat: null }),
  /** Called by the session layer when the first login check begins and when it ends (either way). */
  startInitialCheck: () => sessionStore.setState({ isInitialCheckPending: true }),
  finishInitialCheck: () => sessionStore.setState({ isInitialCheckPending: false }),
};

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

/** Whether the logged-in account is a seller (its profile's roles): the header's seller centre link shows. */
export const useIsSeller = () =>
  useSession((s) => Array.isArray(s.userInfo?.roles) && (s.userInfo.roles as unknown[]).includes('seller'));
