import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellerItemAction, SellerItemKind } from '@maplesource/contracts/seller-catalogue';
import { api } from '../../../lib/http';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { pluralOf, sellerItemsKey, type SellerItem } from './keys';

/** `POST seller/products|services/:id/status`: publish, unpublish or archive. */
export function useChangeSellerItemStatus(kind: SellerItemKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { id: string; action: SellerItemAction; key: string }) =>
      api.post<SellerItem>(`seller/${pluralOf(kind)}/${variables.id}/status`, {
        body: { action: variables.action },
        role: 'seller',
        headers: idempotencyHeaders(variables.key),
      }),
    onSuccess: (item) => {
      queryClient.setQueryData([...sellerItemsKey(kind), 'item', item.id], item);
      return queryClient.invalidateQueries({ queryKey: [...sellerItemsKey(kind), 'list'] });
    },
  });
}
