import { SessionLayer } from '../../features/auth/components/session-layer';
import { usePreferredLanguageSync } from '../../features/accounts/hooks/use-preferred-language-sync';

/**
 * The login checks of docs/product.md §4 (verify-tokens at start with the logo loader, every 2 minutes and on
 * focus while logged in) and the auth modal, from the auth feature; the account's stored language kept in step
 * with the page's (decision 210), from the accounts feature.
 */
export function SessionBootstrap() {
  usePreferredLanguageSync();
  return <SessionLayer />;
}
