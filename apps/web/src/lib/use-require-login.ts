import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionActions, sessionStore } from './session-store';
import { toast } from './toast-store';

/**
 * docs/product.md §6: actions that need login show "Please login first to continue" and open the auth modal.
 * `const requireLogin = useRequireLogin(); onClick={() => { if (!requireLogin()) return; like(); }}`
 */
export function useRequireLogin(): () => boolean {
  const { t } = useTranslation('errors');
  return useCallback(() => {
    if (sessionStore.getState().isLoggedIn) return true;
    toast.info(t('UNAUTHENTICATED'));
    sessionActions.openAuthModal();
    return false;
  }, [t]);
}
