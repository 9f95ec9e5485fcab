import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@maplesource/contracts/auth';
import { api } from '../../../lib/http';

export const changePassword = (input: ChangePasswordRequest) =>
  api.post<{ ok: true }>('auth/change-password', { body: input });
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
