import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** `POST like/toggle` / `POST service-like/toggle`: returns whether the item is now liked. */
export const toggleLike = (kind: 'product' | 'service', id: string) =>
  kind === 'product'
    ? api.post<{ liked: boolean }>('like/toggle', { body: { productId: id } })
    : api.post<{ liked: boolean }>('service-like/toggle', { body: { serviceId: id } });

export function useToggleLike(kind: 'product' | 'service') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => toggleLike(kind, id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['wishlist'] });
      void client.invalidateQueries({ queryKey: [kind] });
    },
  });
}
