import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export const deleteAddress = (id: string) => api.delete<{ ok: true }>(`address/${encodeURIComponent(id)}`);

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts', 'addresses'] }),
  });
}
