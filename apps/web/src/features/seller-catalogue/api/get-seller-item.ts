import { useQuery } from '@tanstack/react-query';
import type { SellerItemKind } from '@maplesource/contracts/seller-catalogue';
import { api } from '../../../lib/http';
import { pluralOf, sellerItemsKey, type SellerItem } from './keys';

/** `GET seller/products|services/:id`: one of the seller's items with its form fields. */
export const getSellerItem = (kind: SellerItemKind, id: string) =>
  api.get<SellerItem>(`seller/${pluralOf(kind)}/${id}`, { role: 'seller' });

export const useSellerItem = (kind: SellerItemKind, id: string | undefined) =>
  useQuery({
    queryKey: [...sellerItemsKey(kind), 'item', id],
    queryFn: () => getSellerItem(kind, id!),
    enabled: id !== undefined,
  });
