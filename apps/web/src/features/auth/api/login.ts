import { useMutation } from '@tanstack/react-query';
import type { AuthUserResponse } from '@maplesource/contracts/auth';
import { api } from '../../../lib/http';
import { sessionActions } from '../../../lib/session-store';

export type LoginInput = { email?: string; phoneNumber?: string; password: string };

/** POST auth/login as a URL-encoded form body (docs/product.md §7 "form body"). */
export const login = (input: LoginInput) => {
  const form = new URLSearchParams();
  if (input.email) form.set('email', input.email);
  if (input.phoneNumber) form.set('phoneNumber', input.phoneNumber);
  form.set('password', input.password);
  return api.post<AuthUserResponse>('auth/login', { body: form });
};

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => sessionActions.loggedIn(user),
  });
}
