import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ServiceCard } from '@maplesource/contracts/catalog';
import type { Paged } from '@maplesource/contracts/common';
import { api } from '../../../lib/http';

export interface ServiceListParams {
  q?: string | undefined;
  category?: string | undefined;
  subcategories?: string[] | undefined;
  state?: string | undefined;
  isVerified?: 'true' | 'false' | undefined;
  sellerId?: string | undefined;
  sort?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/** `GET service` (spec §7). */
export const getServices = (params: ServiceListParams) =>
  api.get<Paged<ServiceCard> & { correctedQuery: string | null }>('service', {
    query: {
      ...params,
      subcategories: params.subcategories?.length ? params.subcategories.join(',') : undefined,
    },
  });

export const useServices = (params: ServiceListParams) =>
  useQuery({
    queryKey: ['services', params],
    queryFn: () => getServices(params),
    placeholderData: keepPreviousData,
  });
