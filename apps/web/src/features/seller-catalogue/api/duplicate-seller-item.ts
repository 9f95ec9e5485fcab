import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellerItemKind } from '@maplesource/contracts/seller-catalogue';
import { api } from '../../../lib/http';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { pluralOf, sellerItemsKey, type SellerItem } from './keys';

/** `POST seller/products|services/:id/duplicate`: a draft copy with a free SKU. */
export function useDuplicateSellerItem(kind: SellerItemKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { id: string; key: string }) =>
      api.post<SellerItem>(`seller/${pluralOf(kind)}/${variables.id}/duplicate`, {
        role: 'seller',
        headers: idempotencyHeaders(variables.key),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...sellerItemsKey(kind), 'list'] }),
  });
}
