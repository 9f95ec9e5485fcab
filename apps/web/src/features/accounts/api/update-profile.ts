import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest, UpdateProfileResponse } from '@maplesource/contracts/accounts';
import { api } from '../../../lib/http';
import { sessionStore } from '../../../lib/session-store';

export const updateProfile = (input: UpdateProfileRequest) =>
  api.put<UpdateProfileResponse>('profile', { body: input });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      queryClient.setQueryData(['accounts', 'profile'], { user: data.user });
      sessionStore.setState({ userInfo: data.user });
    },
  });
}
