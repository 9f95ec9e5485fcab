import type { SellerItemKind } from '@maplesource/contracts/seller-catalogue';
import { downloadFile } from '../../../lib/download-file';
import { pluralOf } from './keys';

/**
 * The CSV routes (decision 288): template and export are downloads; import is a dry run or a durable job. A
 * download is fetched (the routes need the `role: seller` header, which a plain link cannot send), then saved from
 * a blob, as the accountants' exports are.
 */
export function downloadCsv(
  kind: SellerItemKind,
  sellerId: number,
  file: 'csv-template' | 'csv-export',
  lang: 'en' | 'fr',
): Promise<void> {
  return downloadFile({
    path: `seller/${sellerId}/${pluralOf(kind)}/${file}`,
    query: { lang },
    role: 'seller',
    fallbackName: `${file}.csv`,
  });
}
