import { useMutation } from '@tanstack/react-query';
import type { CsvImportResponse, SellerItemKind } from '@maplesource/contracts/seller-catalogue';
import { api } from '../../../lib/http';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { pluralOf } from './keys';

/** `POST seller/:sellerId/products|services/csv-import`: a dry run (errors by line and column) or the import job. */
export function useImportCsv(kind: SellerItemKind) {
  return useMutation({
    mutationFn: (variables: { sellerId: number; file: File; dryRun: boolean; key: string }) =>
      api.post<CsvImportResponse>(`seller/${variables.sellerId}/${pluralOf(kind)}/csv-import`, {
        body: new Blob([variables.file], { type: 'text/csv' }),
        query: { dryRun: variables.dryRun, fileName: variables.file.name.slice(0, 200) },
        role: 'seller',
        headers: { ...idempotencyHeaders(variables.key), 'content-type': 'text/csv' },
      }),
  });
}
