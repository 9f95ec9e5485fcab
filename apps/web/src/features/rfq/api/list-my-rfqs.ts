import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { rfqListResponseSchema } from '@maplesource/contracts/rfq';
import { api } from '../../../lib/http';
import { rfqKeys } from './keys';

export type RfqList = z.infer<typeof rfqListResponseSchema>;
export const MY_RFQS_PAGE_SIZE = 10;

/** `GET rfqs` (decision 298): the buyer's requests, newest first, a page at a time. */
export const listMyRfqs = (page: number) =>
  api.get<RfqList>('rfqs', {
    query: { limit: MY_RFQS_PAGE_SIZE, offset: (page - 1) * MY_RFQS_PAGE_SIZE },
  });

export const useMyRfqs = (page: number) =>
  useQuery({
    queryKey: rfqKeys.mine(page),
    queryFn: () => listMyRfqs(page),
    placeholderData: keepPreviousData,
  });
