import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { cncQuoteListSchema } from '@maplesource/contracts/cnc-quotes';
import { api } from '../../../lib/http';
import { cncQuoteKeys } from './cnc-quote-keys';

export type CncQuoteList = z.infer<typeof cncQuoteListSchema>;

/** `GET cnc-quotes` (decision 322): the signed-in buyer's newest hundred quotes, newest first. */
export const listMyCncQuotes = () => api.get<CncQuoteList>('cnc-quotes');

export const useMyCncQuotes = (enabled: boolean) =>
  useQuery({ queryKey: cncQuoteKeys.mine, queryFn: listMyCncQuotes, enabled });
