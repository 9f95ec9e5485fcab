import { ApiError, buildUrl, type QueryParams } from './http';

/** Saves a blob as a file named `name`, from the browser's download. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Released once the click's download has taken the blob (revoking at once can cancel it in some browsers).
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a file an API route answers (CSV exports and templates, decisions 251 and 288): fetched, since a
 * party's routes need the `role` header that a plain link cannot send, then saved under the name the server proposes
 * (content-disposition) or `fallbackName`. A refused request throws the server's ApiError.
 */
export async function downloadFile(input: {
  path: string;
  query: QueryParams;
  role: 'buyer' | 'seller';
  fallbackName: string;
  /** What the route answers when it succeeds (its refusals are JSON). */
  accept?: string;
}): Promise<void> {
  let response: Response;
  try {
    response = await fetch(buildUrl(input.path, input.query), {
      headers: { role: input.role, accept: `${input.accept ?? 'text/csv'}, application/json` },
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
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  saveBlob(await response.blob(), name ?? input.fallbackName);
}
