import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '@maplesource/contracts/accounts';
import { api } from '../../../lib/http';

export const getAddresses = (signal?: AbortSignal) =>
  api.get<{ items: Address[] }>('address', signal ? { signal } : {});
export const addressesQuery = () =>
  queryOptions({ queryKey: ['accounts', 'addresses'], queryFn: ({ signal }) => getAddresses(signal) });
export const useAddresses = () => useQuery(addressesQuery());
