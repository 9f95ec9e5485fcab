import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductCard, ServiceCard } from '@maplesource/contracts/catalog';
import type { Paged } from '@maplesource/contracts/common';
import { api } from '../../../lib/http';

/** `GET like` and `GET service-like`: the logged-in user's wishlist. */
export const getLikedProducts = (page: number) =>
  api.get<Paged<ProductCard>>('like', { query: { page, pageSize: 24 } });
export const getLikedServices = (page: number) =>
  api.get<Paged<ServiceCard>>('service-like', { query: { page, pageSize: 24 } });

export const useLikedProducts = (page: number, enabled = true) =>
  useQuery({
    queryKey: ['wishlist', 'products', page],
    queryFn: () => getLikedProducts(page),
    enabled,
    placeholderData: keepPreviousData,
  });
export const useLikedServices = (page: number, enabled = true) =>
  useQuery({
    queryKey: ['wishlist', 'services', page],
    queryFn: () => getLikedServices(page),
    enabled,
    placeholderData: keepPreviousData,
  });
