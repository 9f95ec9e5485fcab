import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { rfqSupplierInboxSchema } from '@maplesource/contracts/rfq';
import { api } from '../../../lib/http';

/** Under `['rfq']` as every key of the feature (`keys.ts`), which this file does not import (see there). */
const inboxKey = (sellerId: number) => ['rfq', 'inbox', sellerId] as const;

export type RfqSupplierInbox = z.infer<typeof rfqSupplierInboxSchema>;
export type RfqInboxItem = RfqSupplierInbox['rfqs'][number];

/**
 * `GET seller/:sellerId/rfqs` (decision 298): the requests sent to the seller's storefronts and how many open ones
 * wait for an answer (the seller centre's badge).
 */
export const getSupplierInbox = (sellerId: number) =>
  api.get<RfqSupplierInbox>(`seller/${sellerId}/rfqs`, { role: 'seller' });

export const useSupplierInbox = (sellerId: number | undefined) =>
  useQuery({
    queryKey: inboxKey(sellerId ?? 0),
    queryFn: () => getSupplierInbox(sellerId!),
    enabled: sellerId !== undefined,
  });

/**
 * The number of open requests not answered yet, for the seller centre's navigation badge: the inbox of the first
 * storefront (it lists the requests of every storefront of the seller). Quiet on failure: the badge is a hint.
 */
export function useRfqNewCount(sellerIds: readonly number[]): number {
  // useQuery, not useQueries: the latter would add its observer to the vendor chunk every page loads.
  const first = sellerIds[0];
  const inbox = useQuery({
    queryKey: inboxKey(first ?? 0),
    queryFn: () => getSupplierInbox(first!),
    enabled: first !== undefined,
    staleTime: 60_000,
    retry: false,
  });
  return inbox.data?.newCount ?? 0;
}
