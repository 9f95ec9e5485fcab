import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthUserResponse } from '@maplesource/contracts/auth';
import { api } from '../../../lib/http';

export const getProfile = (signal?: AbortSignal) =>
  api.get<AuthUserResponse>('profile', signal ? { signal } : {});
export const profileQuery = () =>
  queryOptions({ queryKey: ['accounts', 'profile'], queryFn: ({ signal }) => getProfile(signal) });
export const useProfile = () => useQuery(profileQuery());
