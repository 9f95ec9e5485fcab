/**
 * The password reset in progress in this tab: the phone a code was sent to, until when that code is good and
 * when a new one may be asked for. Reopening "Forgot password" while it is good goes back to the code step
 * (asking again within the cooldown is refused, and the buyer already has the code). Memory only: the phone
 * number is not written to storage.
 */
export interface PendingReset {
  phone: string;
  expiresAt: number;
  resendAt: number;
}

let pending: PendingReset | null = null;

export function rememberPendingReset(phone: string, expiresInSeconds: number, resendInSeconds: number) {
  const now = Date.now();
  pending = { phone, expiresAt: now + expiresInSeconds * 1000, resendAt: now + resendInSeconds * 1000 };
}

export function currentPendingReset(): PendingReset | null {
  if (pending && pending.expiresAt <= Date.now()) pending = null;
  return pending;
}

export function forgetPendingReset() {
  pending = null;
}

/** Seconds before a new code may be asked for the pending reset (0 when none). */
export function secondsBeforeResend(reset: PendingReset | null): number {
  return reset ? Math.max(0, Math.ceil((reset.resendAt - Date.now()) / 1000)) : 0;
}
