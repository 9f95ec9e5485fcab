import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CareerPrefill } from '@maplesource/contracts/careers';
import { api } from '../../../lib/http';

export const getCareerPrefill = (signal?: AbortSignal) =>
  api.get<CareerPrefill>('career/prefill', signal ? { signal } : {});
export const careerPrefillQuery = () =>
  queryOptions({ queryKey: ['careers', 'prefill'], queryFn: ({ signal }) => getCareerPrefill(signal) });
export const useCareerPrefill = (enabled: boolean) => useQuery({ ...careerPrefillQuery(), enabled });
