/**
 * The server sets `ms_has_session=1` beside its HttpOnly session cookie (decision 041). Without it this browser
 * has no session, so the start-up login check is skipped: a visitor's page then makes no request that answers
 * 401 (Chromium logs that as a console error). It grants nothing; the server's session cookie decides.
 */
export const SESSION_HINT_COOKIE = 'ms_has_session';

export function hasSessionHint(): boolean {
  return typeof document !== 'undefined' && /(?:^|;\s*)ms_has_session=1(?:;|$)/.test(document.cookie);
}

/** Forgets the hint (the session check answered 401); the server clears it too. */
export function clearSessionHint() {
  if (typeof document !== 'undefined') document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; path=/`;
}
