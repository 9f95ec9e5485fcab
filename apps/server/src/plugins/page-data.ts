import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_DATA_ELEMENT_ID, pageDataKey } from '@maplesource/contracts/page-data';

/** Request headers an API answer may depend on: who asks (session cookie) and in which language. */
const forwardedHeaders = ['cookie', 'accept-language', 'user-agent'] as const;

/**
 * `<script type="application/json">` with the answers to a page's first API requests (decision 044), each made
 * through the app's own routes (`inject`: the same validation, session, authorization and serialization as the
 * browser's request would get) as the visitor asking for the page. Answers and refusals (2xx, 4xx) are included,
 * server errors are not: the app requests anything missing itself. Empty string when there is nothing to include.
 */
export async function pageDataElement(
  app: FastifyInstance,
  request: FastifyRequest,
  apiRequests: readonly string[],
): Promise<string> {
  if (apiRequests.length === 0) return '';
  const headers: Record<string, string> = { accept: 'application/json', role: 'buyer' };
  for (const name of forwardedHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answers = await Promise.all(
    apiRequests.map(async (pathAndQuery) => {
      try {
        const response = await app.inject({ method: 'GET', url: `/api/v1/${pathAndQuery}`, headers });
        const key = JSON.stringify(pageDataKey(pathAndQuery));
        const { statusCode } = response;
        if (statusCode === 204) return `${key}:[204]`;
        const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
        // Answers and refusals (2xx, 4xx) are the asker's; a server error is left to the app, which may retry.
        if (statusCode < 200 || statusCode >= 500 || (statusCode >= 300 && statusCode < 400)) return null;
        if (!json || !response.payload) return null;
        return `${key}:[${statusCode},${response.payload}]`;
      } catch (error) {
        request.log.warn({ err: error, pathAndQuery }, 'page data request failed');
        return null;
      }
    }),
  );
  const entries = answers.filter((entry): entry is string => entry !== null);
  if (entries.length === 0) return '';
  // `<` escaped so no answer can close the element ("</script>") or open a comment; JSON.parse reads it back.
  const json = `{${entries.join(',')}}`.replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`;
}
