import type { SessionCheck } from '../../../plugins/auth';
import { sessionCheckOf } from '../sessions.sql';

/** A check that matches no session, to prepare the statements that carry one with (decision 215). */
export function warmUpSessionCheck(): SessionCheck {
  const nobody = '00000000-0000-0000-0000-000000000000';
  return sessionCheckOf(
    { sessionTokenHash: '', sessionUserId: nobody, sessionRole: 'buyer' },
    () => undefined,
  );
}
