import { useMutation } from '@tanstack/react-query';
import type { AuthUserResponse, SignupRequest } from '@maplesource/contracts/auth';
import { api } from '../../../lib/http';
import { sessionActions } from '../../../lib/session-store';

/** POST auth/signup as a URL-encoded form body. */
export const signup = ({ language, ...input }: SignupRequest) =>
  api.post<AuthUserResponse>('auth/signup', {
    body: new URLSearchParams({ ...input, ...(language ? { language } : {}) }),
  });

export function useSignup() {
  return useMutation({ mutationFn: signup, onSuccess: ({ user }) => sessionActions.loggedIn(user) });
}
