import type { ExportFormat } from '@maplesource/contracts/exports';
import { downloadFile } from '../../../lib/download-file';

/** What an accountant's export holds and whose side it is for (decision 251). */
export type ExportSide = 'buyer' | 'seller';
export type ExportDocument = 'invoices' | 'orders';

export type ExportRequest = {
  side: ExportSide;
  document: ExportDocument;
  format: ExportFormat;
  from: string;
  to: string;
};

/** The route of an export: `invoices/export`, `orders/export` or their `seller/` twins. */
export function exportPath({ side, document }: Pick<ExportRequest, 'side' | 'document'>): string {
  return `${side === 'seller' ? 'seller/' : ''}${document}/export`;
}

/**
 * Downloads the export (the server's file name, or one made from the request). A refused request throws the
 * server's ApiError.
 */
export function downloadExport(request: ExportRequest): Promise<void> {
  return downloadFile({
    path: exportPath(request),
    query: {
      from: request.from,
      to: request.to,
      ...(request.document === 'invoices' ? { format: request.format } : {}),
    },
    role: request.side,
    fallbackName: `maplesource-${request.document}-${request.from}-${request.to}.csv`,
  });
}
