import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '@maplesource/contracts';
import { api } from '../../../lib/http';
import { sessionActions } from '../../../lib/session-store';
import { queryKeyRoots } from '../../../lib/query-keys';

/** DELETE /profile (decision 076): deletes the caller's account after confirming the current password. */
export const deleteAccount = (body: DeleteAccountRequest) => api.delete<{ ok: true }>('profile', { body });

/** On success the user is logged out (the server ended every session) and their cached data is dropped. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      sessionActions.loggedOut();
      queryClient.removeQueries({ queryKey: queryKeyRoots.accounts });
    },
  });
}
