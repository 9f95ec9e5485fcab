import { useQuery } from '@tanstack/react-query';
import type { SellerBalance } from '@maplesource/contracts/ledger';
import type { PayoutHistory } from '@maplesource/contracts/payouts';
import { downloadFile } from '../../../lib/download-file';
import { api } from '../../../lib/http';
import { useCursorList } from '../../../lib/use-cursor-list';

/** `GET seller/:id/balance` (decision 296): pending, available, paid out and the paid orders with their fees. */
export const useSellerBalance = (sellerId: number | undefined) =>
  useQuery({
    queryKey: ['seller-balance', sellerId] as const,
    queryFn: () => api.get<SellerBalance>(`seller/${sellerId}/balance`, { role: 'seller' }),
    enabled: sellerId !== undefined,
  });

/** `GET seller/:id/payouts` (decision 297): the payout history, newest first, a page at a time. */
export const useSellerPayouts = (sellerId: number) =>
  useCursorList(['seller-payouts', sellerId], (cursor) =>
    api.get<PayoutHistory>(`seller/${sellerId}/payouts`, {
      role: 'seller',
      query: { cursor, limit: 20 },
    }),
  );

/** The monthly statement (decision 300) of `month` (`YYYY-MM`) as CSV or PDF, in the screen's language. */
export const downloadStatement = (input: {
  sellerId: number;
  month: string;
  format: 'csv' | 'pdf';
  lang: 'en' | 'fr';
}) =>
  downloadFile({
    path: `seller/${input.sellerId}/statements/${input.month}.${input.format}`,
    query: { lang: input.lang },
    role: 'seller',
    fallbackName: `statement-${input.month}.${input.format}`,
    accept: input.format === 'pdf' ? 'application/pdf' : 'text/csv',
  });
