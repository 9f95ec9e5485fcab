import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  SellerItemKind,
  SellerItemList,
  SellerItemStatus,
} from '@maplesource/contracts/seller-catalogue';
import { api } from '../../../lib/http';
import { pluralOf, sellerItemsKey } from './keys';

/** `GET seller/:sellerId/products|services`: the storefront's items, by status, 20 a page. */
export const listSellerItems = (
  kind: SellerItemKind,
  sellerId: number,
  query: { status?: SellerItemStatus | undefined; page: number },
) =>
  api.get<SellerItemList>(`seller/${sellerId}/${pluralOf(kind)}`, {
    query: { status: query.status, page: query.page, pageSize: 20 },
    role: 'seller',
  });

export const useSellerItems = (
  kind: SellerItemKind,
  sellerId: number | undefined,
  query: { status?: SellerItemStatus | undefined; page: number },
) =>
  useQuery({
    queryKey: [...sellerItemsKey(kind), 'list', sellerId, query],
    queryFn: () => listSellerItems(kind, sellerId!, query),
    enabled: sellerId !== undefined,
    placeholderData: keepPreviousData,
  });
