import type { SellerItemKind } from '@maplesource/contracts/seller-catalogue';
import { ApiError, buildUrl } from '../../../lib/http';
import { pluralOf } from './keys';

/**
 * The CSV routes (decision 288): template and export are downloads; import is a dry run or a durable job. A
 * download is fetched (the routes need the `role: seller` header, which a plain link cannot send), then saved from
 * a blob, as the accountants' exports are.
 */
export async function downloadCsv(
  kind: SellerItemKind,
  sellerId: number,
  file: 'csv-template' | 'csv-export',
  lang: 'en' | 'fr',
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(buildUrl(`seller/${sellerId}/${pluralOf(kind)}/${file}`, { lang }), {
      headers: { role: 'seller', accept: 'text/csv, application/json' },
      credentials: 'include',
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network request failed' });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string };
    } | null;
    throw new ApiError({
      status: response.status,
      code: body?.error?.code ?? `HTTP_${response.status}`,
      message: body?.error?.message ?? response.statusText,
    });
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${file}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
