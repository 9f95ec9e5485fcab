import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Preferences } from '@maplesource/contracts/auth';
import type { UpdatePreferencesRequest } from '@maplesource/contracts/accounts';
import { api } from '../../../lib/http';

export const updatePreferences = (input: UpdatePreferencesRequest) =>
  api.put<{ preferences: Preferences }>('profile/preferences', { body: input });

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts', 'profile'] }),
  });
}
