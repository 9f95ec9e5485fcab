import { SessionLayer } from '../../features/auth/components/session-layer';

/**
 * The login checks of spec §4 (verify-tokens at start with the logo loader, every 2 minutes and on
 * focus while logged in) and the auth modal, from the auth feature.
 */
export function SessionBootstrap() {
  return <SessionLayer />;
}
