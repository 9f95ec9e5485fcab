import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { sessionActions } from '../../../lib/session-store';
import { queryKeyRoots } from '../../../lib/query-keys';

export const logout = () => api.delete<{ ok: true }>('auth/logout');

/** Logout resets login and user info (docs/product.md §4) even when the call fails, and drops cached user data. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      sessionActions.loggedOut();
      queryClient.removeQueries({ queryKey: queryKeyRoots.accounts });
    },
  });
}
