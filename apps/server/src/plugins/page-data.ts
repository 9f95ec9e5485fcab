import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_DATA_ELEMENT_ID, pageDataKey } from '@maplesource/contracts/page-data';

/** Request headers an API answer may depend on: who asks (session cookie) and in which language. */
const forwardedHeaders = ['cookie', 'accept-language', 'user-agent'] as const;

/** Markup to put before the data (e.g. preloads of images an answer names), from the successful answers. */
export type PageDataLinks = (answerOf: (pathAndQuery: string) => unknown) => string;

/** The requests a page makes once its first answers are in (`answerOf`: a successful first answer, parsed). */
export type PageDataFollowUps = (answerOf: (pathAndQuery: string) => unknown) => string[];

/**
 * How long a page waits for its API answers. A cached answer takes a millisecond; one that takes longer is left
 * out (the app requests it, and finds it cached by then): the page is never held up longer than this.
 */
export const PAGE_DATA_WAIT_MS = 250;

/**
 * The answers to a page's first API requests (decision 044) as `<script type="application/json">`, each made
 * through the app's own routes (`inject`: the same validation, session, authorization and serialization as the
 * browser's request would get) as the visitor asking for the page, plus the `<head>` links they call for.
 * `followUps` names the requests the first answers call for (decision 205); they are made once those are in, within
 * the same `waitMs`. Answers and refusals (2xx, 4xx) ready within `waitMs` are included; server errors and late answers are not:
 * the app requests anything missing itself. Empty strings when there is nothing to include.
 */
export async function pageData(
  app: FastifyInstance,
  request: FastifyRequest,
  apiRequests: readonly string[],
  links?: PageDataLinks,
  waitMs = PAGE_DATA_WAIT_MS,
  followUps?: PageDataFollowUps,
): Promise<{ links: string; element: string }> {
  if (apiRequests.length === 0) return { links: '', element: '' };
  const headers: Record<string, string> = { accept: 'application/json', role: 'buyer' };
  for (const name of forwardedHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  const bodies = new Map<string, string>();
  const answer = async (pathAndQuery: string): Promise<string | null> => {
    try {
      const response = await app.inject({ method: 'GET', url: `/api/v1/${pathAndQuery}`, headers });
      const key = JSON.stringify(pageDataKey(pathAndQuery));
      const { statusCode } = response;
      if (statusCode === 204) return `${key}:[204]`;
      const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
      // Answers and refusals (2xx, 4xx) are the asker's; a server error is left to the app, which may retry.
      if (statusCode < 200 || statusCode >= 500 || (statusCode >= 300 && statusCode < 400)) return null;
      if (!json || !response.payload) return null;
      if (statusCode === 200) bodies.set(pageDataKey(pathAndQuery), response.payload);
      return `${key}:[${statusCode},${response.payload}]`;
    } catch (error) {
      request.log.warn({ err: error, pathAndQuery }, 'page data request failed');
      return null;
    }
  };
  const answerOf = (pathAndQuery: string): unknown => {
    const body = bodies.get(pageDataKey(pathAndQuery));
    return body === undefined ? undefined : JSON.parse(body);
  };
  let timedOut = false;
  void deadline.then(() => (timedOut = true));
  const answerAll = (requests: readonly string[]) =>
    Promise.all(requests.map((pathAndQuery) => Promise.race([answer(pathAndQuery), deadline])));
  const answers = await answerAll(apiRequests);
  // Requests named by the first answers (a seller's id, a post's category; decision 205), within the same wait.
  const asked = new Set(apiRequests.map(pageDataKey));
  const next = timedOut
    ? []
    : (followUps?.(answerOf) ?? []).filter((pathAndQuery) => !asked.has(pageDataKey(pathAndQuery)));
  if (next.length > 0) answers.push(...(await answerAll(next)));
  clearTimeout(timer);
  const entries = answers.filter((entry): entry is string => entry !== null);
  if (entries.length === 0) return { links: '', element: '' };
  // `<` escaped so no answer can close the element ("</script>") or open a comment; JSON.parse reads it back.
  const json = `{${entries.join(',')}}`.replace(/</g, '\\u003c');
  return {
    links: links?.(answerOf) ?? '',
    element: `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`,
  };
}
