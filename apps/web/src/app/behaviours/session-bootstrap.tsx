import { useEffect } from 'react';
import { sessionActions } from '../../lib/session-store';

/**
 * The first login check (spec §4: token check at start). For now there is no login, so the
 * check resolves at once; the auth feature replaces the body with its verify-tokens call,
 * calling `sessionActions.finishInitialCheck()` when it settles either way.
 */
export function SessionBootstrap() {
  useEffect(() => {
    sessionActions.finishInitialCheck();
  }, []);
  return null;
}
