import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellerItemKind } from '@maplesource/contracts/seller-catalogue';
import { api } from '../../../lib/http';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { pluralOf, sellerItemsKey, type SellerItem, type SellerItemInput } from './keys';

/** `POST seller/:sellerId/products|services` (a new draft) or `PUT seller/products|services/:id`. */
export function useSaveSellerItem(kind: SellerItemKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { sellerId: number; id?: string; input: SellerItemInput; key: string }) =>
      variables.id
        ? api.put<SellerItem>(`seller/${pluralOf(kind)}/${variables.id}`, {
            body: variables.input,
            role: 'seller',
            headers: idempotencyHeaders(variables.key),
          })
        : api.post<SellerItem>(`seller/${variables.sellerId}/${pluralOf(kind)}`, {
            body: variables.input,
            role: 'seller',
            headers: idempotencyHeaders(variables.key),
          }),
    onSuccess: (item) => {
      queryClient.setQueryData([...sellerItemsKey(kind), 'item', item.id], item);
      return queryClient.invalidateQueries({ queryKey: [...sellerItemsKey(kind), 'list'] });
    },
  });
}
