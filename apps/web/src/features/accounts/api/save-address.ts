import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput } from '@maplesource/contracts/accounts';
import { api } from '../../../lib/http';
import { idempotencyHeaders, useActionKeys } from '../../../lib/idempotency';

/** POST address (add, with the action's Idempotency-Key, decision 247) or PUT address/{id} (update). */
export const addAddress = (input: AddressInput, idempotencyKey: string) =>
  api.post<{ address: Address }>('address', { body: input, headers: idempotencyHeaders(idempotencyKey) });
export const updateAddress = ({ id, ...input }: AddressInput & { id: string }) =>
  api.put<{ address: Address }>(`address/${encodeURIComponent(id)}`, { body: input });

export function useSaveAddress() {
  const queryClient = useQueryClient();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: (input: AddressInput & { id?: string }) =>
      input.id ? updateAddress({ ...input, id: input.id }) : addAddress(input, keys.keyFor(input)),
    onSuccess: () => {
      keys.done();
      return queryClient.invalidateQueries({ queryKey: ['accounts', 'addresses'] });
    },
  });
}
