import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CareerApplication, CareerApplicationResponse } from '@maplesource/contracts/careers';
import { api, isApiError } from '../../../lib/http';

/** The own application, or null when there is none (the server's 404). */
export async function getMyApplication(signal?: AbortSignal): Promise<CareerApplication | null> {
  try {
    return (await api.get<CareerApplicationResponse>('career', signal ? { signal } : {})).application;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
export const myApplicationQuery = () =>
  queryOptions({ queryKey: ['careers', 'mine'], queryFn: ({ signal }) => getMyApplication(signal) });
export const useMyApplication = () => useQuery(myApplicationQuery());
