import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors';

/**
 * Input no route should ever see (decision 057): a NUL character anywhere a client can put text. PostgreSQL
 * refuses NUL in text ("invalid byte sequence"), so it used to surface as a 500 from wherever the value reached SQL.
 * One check at the edge covers every route: the raw URL (path and query, `%00` or a literal NUL) on request, and every
 * string and key of the parsed body (JSON, form or multipart fields) before validation. Multipart bodies without a
 * boundary are refused on request; truncated ones are mapped to 400 by the error handler (errors.ts isMalformedMultipartError).
 */
export const invalidCharacters = () =>
  new AppError(400, 'INVALID_CHARACTERS', 'The request contains characters that are not allowed');

const NUL = '\u0000';
const ENCODED_NUL = /%00/i;

/** True when any string or key inside `value` holds a NUL; iterative, so deep nesting cannot overflow the stack. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  let visited = 0;
  while (pending.length > 0) {
    const current = pending.pop();
    visited += 1;
    // Bodies are at most 1 MB, so this bound is never reached by a real one; it only stops pathological graphs.
    if (visited > 1_000_000) return false;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes(NUL)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

export const malformedMultipart = () =>
  new AppError(400, 'MALFORMED_MULTIPART', 'The multipart body is incomplete or malformed');

/** RFC 2046: a boundary is 1–70 characters of a restricted set (quoted when it holds spaces). */
const BOUNDARY =
  /;\s*boundary=(?:"([0-9A-Za-z'()+_,\-./:=? ]{1,70})"|([0-9A-Za-z'()+_,\-./:=?]{1,70}))\s*(?:;|$)/i;

/** A multipart request must name a usable boundary; the parser would otherwise fail with a 500. */
function multipartWithoutBoundary(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  if (typeof type !== 'string' || !/^\s*multipart\//i.test(type)) return false;
  return !BOUNDARY.test(type);
}

function urlHasNul(request: FastifyRequest): boolean {
  const url = request.raw.url ?? '';
  return url.includes(NUL) || ENCODED_NUL.test(url);
}

async function inputGuardPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (urlHasNul(request)) throw invalidCharacters();
    if (multipartWithoutBoundary(request)) throw malformedMultipart();
  });
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && containsNul(request.body)) throw invalidCharacters();
  });
}

export default fp(inputGuardPlugin, { name: 'input-guard', dependencies: ['errors'] });
