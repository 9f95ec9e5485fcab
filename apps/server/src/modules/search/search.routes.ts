import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResponseSchema } from '@maplesource/contracts';
import { searchEverything } from './search.service';

/** The app's compression threshold (app.ts): shorter answers go as they are. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * The encoding the app's compression would choose (app.ts: br, then gzip) for a plain list of encodings with no
 * weights — what browsers and fetch send ("gzip, deflate, br, zstd"; `*` and x-gzip stand for gzip); null for
 * anything else (weights, identity only, no header), which the app's compression negotiates as before.
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

/**
 * Compressed in the request, not streamed (decision 338): the app's compression pipes every answer through a zlib
 * stream (a readable, a peek stream and a pump per answer, then a chunked reply of several writes), which cost a
 * grouped search more than its index lookup. The same encodings and settings (brotli at quality 4, gzip at its
 * default level), sent whole with its length; the compression plugin leaves an answer that has an encoding alone.
 */
function compressed(reply: FastifyReply, encoding: 'br' | 'gzip', json: string): Buffer {
  const vary = reply.getHeader('vary');
  const values = Array.isArray(vary) ? vary : vary === undefined ? [] : [String(vary)];
  if (!values.some((value) => value.includes('accept-encoding')))
    reply.header('vary', [...values, 'accept-encoding'].join(', '));
  reply.header('content-encoding', encoding);
  return encoding === 'br'
    ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipSync(json);
}

/**
 * docs/product.md §7 `search`: one answer across the catalogue (products, services, categories), the seller directory and
 * the blog. It reads three modules through their doors, so it sits above all of them (the search module has no
 * tables). The answer does not depend on who asks: it is checked against the schema, serialized once and cached
 * with the catalogue's listings (CATALOG_LISTING_CACHE_MS, dropped when the catalogue version changes).
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    { schema: { tags: ['search'], querystring: searchQuerySchema, response: { 200: searchResponseSchema } } },
    async (request, reply) => {
      const { q, type, limit } = request.query;
      const key = `search|${JSON.stringify([q, type, limit])}`;
      const json = await app.catalog.cachedAnswer(app.db, key, async () =>
        JSON.stringify(searchResponseSchema.encode(await searchEverything(app, app.db, { q, type, limit }))),
      );
      // Sent as the stored JSON (already checked against the schema), like the cached listings. The header says
      // whether the in-process index answered (decision 329): the benches wait for it before measuring.
      const raw: FastifyReply = reply;
      raw.header('x-search-index', app.catalog.searchIndexState()).type('application/json; charset=utf-8');
      const encoding =
        Buffer.byteLength(json) >= COMPRESS_FROM_BYTES && request.headers['x-no-compression'] === undefined
          ? plainListEncoding(request.headers['accept-encoding'])
          : null;
      return raw.send(encoding ? compressed(raw, encoding, json) : json);
    },
  );
};
