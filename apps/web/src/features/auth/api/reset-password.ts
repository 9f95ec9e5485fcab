import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { sessionActions } from '../../../lib/session-store';

/** POST auth/reset-password: every session of the account ends, so this browser is logged out too. */
export const resetPassword = (input: { token: string; password: string }) =>
  api.post<{ ok: true }>('auth/reset-password', { body: input });
export const useResetPassword = () =>
  useMutation({ mutationFn: resetPassword, onSuccess: () => sessionActions.loggedOut() });
