import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput } from '@maplesource/contracts/accounts';
import { api } from '../../../lib/http';

/** POST address (add) or PUT address/{id} (update). */
export const addAddress = (input: AddressInput) => api.post<{ address: Address }>('address', { body: input });
export const updateAddress = ({ id, ...input }: AddressInput & { id: string }) =>
  api.put<{ address: Address }>(`address/${encodeURIComponent(id)}`, { body: input });

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddressInput & { id?: string }) =>
      input.id ? updateAddress({ ...input, id: input.id }) : addAddress(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts', 'addresses'] }),
  });
}
