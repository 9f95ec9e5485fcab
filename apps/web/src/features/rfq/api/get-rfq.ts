import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { rfqBuyerViewSchema } from '@maplesource/contracts/rfq';
import { api, isApiError } from '../../../lib/http';
import { rfqKeys } from './keys';

export type RfqBuyerView = z.infer<typeof rfqBuyerViewSchema>;

/**
 * `GET rfqs/:id` (decisions 298, 317): one of the buyer's requests with every matched supplier's latest quote priced
 * for the quantity and the delivery province (the screen sorts them itself), and the attachments. Another buyer's
 * request is 404 `RFQ_NOT_FOUND`, which is not retried.
 */
export const getRfq = (rfqId: string) => api.get<RfqBuyerView>(`rfqs/${encodeURIComponent(rfqId)}`);

export const useRfq = (rfqId: string) =>
  useQuery({
    queryKey: rfqKeys.one(rfqId),
    queryFn: () => getRfq(rfqId),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
