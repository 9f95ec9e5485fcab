import type { SellerStatsSort } from '@maplesource/contracts/seller-stats';
import { downloadFile } from '../../../lib/download-file';

/** Every item of the period as CSV, from the server, in the screen's order and language (decision 314). */
export function downloadStatsItemsCsv(input: {
  sellerId: number;
  from: string;
  to: string;
  sort: SellerStatsSort;
  lang: 'en' | 'fr';
}): Promise<void> {
  const { sellerId, ...query } = input;
  return downloadFile({
    path: `seller/${sellerId}/stats/items.csv`,
    query,
    role: 'seller',
    fallbackName: `stats-items-${input.from}-${input.to}.csv`,
  });
}
