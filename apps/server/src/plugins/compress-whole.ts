import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/** The app's compression settings (app.ts, decision 041): from 1 KiB, brotli at quality 4, gzip at its default. */
export const COMPRESS_FROM_BYTES = 1024;
export const BROTLI_QUALITY = 4;
/**
 * Larger answers stay with @fastify/compress's streams, whose zlib work runs on libuv's thread pool: a body compressed
 * whole is compressed on the event loop (about 1 ms for 64 KiB of JSON at brotli quality 4).
 */
const WHOLE_UP_TO_BYTES = 64 * 1024;
/** JSON and HTML: the answers routes send as one string or buffer. */
const wholeTypes = /^(?:application\/(?:[\w.-]+\+)?json|text\/html)\s*(?:;|$)/i;

/**
 * The encoding @fastify/compress would choose (br, then gzip) for a plain list of encodings with no weights — what
 * browsers and fetch send ("gzip, deflate, br, zstd"; `*` and x-gzip stand for gzip); null for anything else
 * (weights, identity only, no header), which @fastify/compress negotiates as before.
 */
export function plainListEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (typeof header !== 'string' || header.includes(';')) return null;
  const offered = header
    .toLowerCase()
    .split(',')
    .map((token) => token.trim());
  if (offered.includes('br')) return 'br';
  return offered.some((token) => token === 'gzip' || token === 'x-gzip' || token === '*') ? 'gzip' : null;
}

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const values = Array.isArray(vary) ? vary : vary === undefined ? [] : [String(vary)];
  if (!values.some((value) => value.toLowerCase().includes('accept-encoding')))
    reply.header('vary', [...values, 'accept-encoding'].join(', '));
}

/**
 * A JSON or HTML answer sent as one string or buffer is compressed whole, in the request (decision 343):
 * @fastify/compress pipes every answer through a zlib stream (a readable, a peek stream and a pump per answer, then a
 * chunked reply of several writes), which cost a grouped search more than its index lookup (decision 338). Same
 * encodings and settings, sent with its length; @fastify/compress leaves an answer that has an encoding alone and
 * keeps streams, files, other types, answers over 64 KiB and weighted `accept-encoding` lists.
 */
const compressWholeAnswer: onSendHookHandler<unknown> = async (
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) => {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const length = Buffer.byteLength(payload);
  if (length < COMPRESS_FROM_BYTES || length > WHOLE_UP_TO_BYTES) return payload;
  if (request.headers['x-no-compression'] !== undefined) return payload;
  const current = reply.getHeader('content-encoding');
  if (current !== undefined && current !== 'identity') return payload;
  if (!wholeTypes.test(String(reply.getHeader('content-type') ?? 'application/json'))) return payload;
  const encoding = plainListEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  addVary(reply);
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return encoding === 'br'
    ? brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(payload);
};

/**
 * Registered just before @fastify/compress: each route's onSend gets this hook before the plugin's, and after every
 * other hook that reads the body (the instance's own onSend hooks run before a route's; idempotency puts its own
 * first).
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (routeOptions) => {
      const existing = routeOptions.onSend;
      const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
      routeOptions.onSend = [...hooks, compressWholeAnswer];
    });
  },
  { name: 'compress-whole' },
);
