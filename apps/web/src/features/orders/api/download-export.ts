import type { ExportFormat } from '@maplesource/contracts/exports';
import { ApiError, buildUrl } from '../../../lib/http';

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

/** The file name the server proposes (content-disposition), or one made from the request. */
function fileNameOf(response: Response, request: ExportRequest): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? `maplesource-${request.document}-${request.from}-${request.to}.csv`;
}

/**
 * Downloads the export: fetch (the seller's routes need the `role: seller` header, which a plain link cannot send),
 * then the file is saved from a blob. A refused request throws the server's ApiError.
 */
export async function downloadExport(request: ExportRequest): Promise<void> {
  const query = {
    from: request.from,
    to: request.to,
    ...(request.document === 'invoices' ? { format: request.format } : {}),
  };
  let response: Response;
  try {
    response = await fetch(buildUrl(exportPath(request), query), {
      headers: { role: request.side, accept: 'text/csv, application/json' },
      credentials: 'include',
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network request failed' });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string; fields?: Record<string, string> };
    } | null;
    throw new ApiError({
      status: response.status,
      code: body?.error?.code ?? `HTTP_${response.status}`,
      message: body?.error?.message ?? response.statusText,
      ...(body?.error?.fields ? { fields: body.error.fields } : {}),
    });
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, request);
  document.body.append(link);
  link.click();
  link.remove();
  // Released once the click's download has taken the blob (revoking at once can cancel it in some browsers).
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
