import { act } from '@testing-library/react';
import { sessionStore } from '../lib/session-store';

/**
 * A browser with a session to check: the hint cookie the server sets beside its session cookie (decision 041), so
 * the app asks `auth/verify-tokens` at start-up; the test's API stub answers who is signed in.
 */
export function markSignedIn() {
  document.cookie = 'ms_has_session=1; path=/';
}

/** Forgets the session after a test: the hint cookie and the session store. */
export function forgetSession() {
  document.cookie = 'ms_has_session=; Max-Age=0; path=/';
  act(() => sessionStore.reset());
}
