import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { rfqSupplierViewSchema } from '@maplesource/contracts/rfq';
import { api, isApiError } from '../../../lib/http';
import { rfqKeys } from './keys';

export type RfqSupplierView = z.infer<typeof rfqSupplierViewSchema>;
export type SupplierRfq = { sellerId: number; view: RfqSupplierView };

/** `GET seller/:sellerId/rfqs/:id` (decisions 298, 317): the request as one matched storefront sees it. */
export const getSupplierRfq = (sellerId: number, rfqId: string) =>
  api.get<RfqSupplierView>(`seller/${sellerId}/rfqs/${encodeURIComponent(rfqId)}`, { role: 'seller' });

/**
 * The request as the seller's storefront it was sent to sees it. The inbox lists the requests of all the seller's
 * storefronts without saying which one each went to: each storefront is asked in turn until one was matched (a 404
 * is "not this one"); none → the last 404, `RFQ_NOT_FOUND`.
 */
export async function findSupplierRfq(sellerIds: readonly number[], rfqId: string): Promise<SupplierRfq> {
  let notFound: unknown = null;
  for (const sellerId of sellerIds) {
    try {
      return { sellerId, view: await getSupplierRfq(sellerId, rfqId) };
    } catch (error) {
      if (!(isApiError(error) && error.status === 404)) throw error;
      notFound = error;
    }
  }
  throw notFound ?? new Error('no storefront');
}

export const useSupplierRfq = (sellerIds: readonly number[], rfqId: string) =>
  useQuery({
    queryKey: [...rfqKeys.supplierOne(rfqId), sellerIds],
    queryFn: () => findSupplierRfq(sellerIds, rfqId),
    enabled: sellerIds.length > 0,
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
