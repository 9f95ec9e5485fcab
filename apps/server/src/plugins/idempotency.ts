import { createHash } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/transaction';
import { AppError, badRequest, unprocessable } from './errors';

/**
 * Idempotency-Key (decisions 067, 247). Every POST route honours it unless it opts out with
 * `config: { idempotency: false }` (the list is in decision 247); another method opts in with
 * `config: { idempotency: true }`. With the header, the first answer (status, content type, body) is stored
 * per (user, method + route, key) and replayed for 24 hours; the same key with another request (params,
 * query, body) → 422 IDEMPOTENCY_KEY_REUSED; while the first is still running → 409
 * IDEMPOTENCY_KEY_IN_PROGRESS (no waiting: the client retries). Without the header, or for a visitor,
 * the route behaves as usual. 5xx answers are not stored, so a retry runs again.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    idempotency?: boolean;
  }
  interface FastifyRequest {
    /** The request's Idempotency-Key when its route opted in and this request owns the key (for runWorkflow). */
    idempotencyKey: string | null;
  }
}

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key's answer is kept and replayed. */
export const IDEMPOTENCY_KEY_LIFETIME_HOURS = 24;
/** A key still 'running' after this long belongs to a request that died (process killed): it may be taken over. */
const ABANDONED_AFTER_SECONDS = 120;
/** Visible ASCII only: no spaces, controls or NUL. UUIDs and ULIDs fit well within. */
const validKey = /^[\x21-\x7e]{1,255}$/;

interface OwnedKey {
  userId: string;
  route: string;
  key: string;
}

interface StoredKey {
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_type: string | null;
  response_body: string | null;
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function requestHash(request: FastifyRequest): string {
  const body = Buffer.isBuffer(request.body) ? request.body.toString('base64') : request.body;
  return createHash('sha256')
    .update(canonicalJson({ params: request.params, query: request.query, body }))
    .digest('hex');
}

/** Deletes answers older than the lifetime; for the clean-up job. Returns how many went. */
export async function purgeExpiredIdempotencyKeys(db: Db): Promise<number> {
  const deleted = rowsOf(
    await db.execute(sql`
      DELETE FROM idempotency_keys
      WHERE created_at < now() - ${IDEMPOTENCY_KEY_LIFETIME_HOURS}::integer * interval '1 hour'
      RETURNING key`),
  );
  return deleted.length;
}

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

async function idempotencyPlugin(app: FastifyInstance) {
  const owned = new WeakMap<FastifyRequest, OwnedKey>();
  app.decorateRequest('idempotencyKey', null);

  /** Claims the key (new, expired or abandoned) or returns what is stored under it. */
  async function claim(owner: OwnedKey, hash: string): Promise<StoredKey | 'claimed'> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const claimed = rowsOf(
        await app.db.execute(sql`
          INSERT INTO idempotency_keys (user_id, route, key, request_hash, state)
          VALUES (${owner.userId}::uuid, ${owner.route}, ${owner.key}, ${hash}, 'running')
          ON CONFLICT (user_id, route, key) DO UPDATE
            SET request_hash = EXCLUDED.request_hash, state = 'running', response_status = NULL,
                response_type = NULL, response_body = NULL, created_at = now(), completed_at = NULL
            WHERE idempotency_keys.created_at < now() - ${IDEMPOTENCY_KEY_LIFETIME_HOURS}::integer * interval '1 hour'
               OR (idempotency_keys.state = 'running'
                   AND idempotency_keys.created_at < now() - ${ABANDONED_AFTER_SECONDS}::integer * interval '1 second')
          RETURNING key`),
      );
      if (claimed.length > 0) return 'claimed';
      const [stored] = rowsOf<StoredKey>(
        await app.db.execute(sql`
          SELECT request_hash, state, response_status, response_type, response_body FROM idempotency_keys
          WHERE user_id = ${owner.userId}::uuid AND route = ${owner.route} AND key = ${owner.key}`),
      );
      if (stored) return stored;
      // Released in between (the first answer was a 5xx): claim again.
    }
    throw new AppError(
      409,
      'IDEMPOTENCY_KEY_IN_PROGRESS',
      'A request with this Idempotency-Key is still running',
    );
  }

  /** A malformed key is refused before the body is read (decision 247), whoever sends it. */
  const checkKeyFormat: onRequestHookHandler = async function (request: FastifyRequest) {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !validKey.test(header)) {
      throw badRequest(
        'IDEMPOTENCY_KEY_INVALID',
        'The Idempotency-Key header must be one value of 1 to 255 visible ASCII characters',
      );
    }
  };

  const checkKey: preHandlerHookHandler = async function (request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (typeof header !== 'string') return;
    if (!request.user) return; // answers are stored per user; a visitor's request runs as usual
    const owner: OwnedKey = {
      userId: request.user.id,
      route: `${request.method} ${request.routeOptions.url ?? request.url}`,
      key: header,
    };
    const hash = requestHash(request);
    const stored = await claim(owner, hash);
    if (stored === 'claimed') {
      owned.set(request, owner);
      request.idempotencyKey = header;
      return;
    }
    if (stored.request_hash !== hash) {
      throw unprocessable(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different request',
      );
    }
    if (stored.state === 'running') {
      throw new AppError(
        409,
        'IDEMPOTENCY_KEY_IN_PROGRESS',
        'A request with this Idempotency-Key is still running',
        undefined,
        { 'retry-after': '1' },
      );
    }
    reply.code(stored.response_status ?? 200).header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
    if (stored.response_type) reply.header('content-type', stored.response_type);
    return reply.send(stored.response_body ?? '');
  };

  const storeAnswer: onSendHookHandler = async function (request, reply, payload) {
    const owner = owned.get(request);
    if (!owner) return payload;
    owned.delete(request);
    const where = sql`user_id = ${owner.userId}::uuid AND route = ${owner.route} AND key = ${owner.key}`;
    const type = reply.getHeader('content-type');
    const textual = typeof type === 'string' && /^(application\/json|text\/)/.test(type);
    const body =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload) && textual
          ? payload.toString('utf8')
          : null;
    try {
      if (reply.statusCode >= 500 || body === null) {
        // Not an answer to keep (a server failure, a stream, binary): release the key so a retry runs again.
        await app.db.execute(sql`DELETE FROM idempotency_keys WHERE ${where}`);
      } else {
        await app.db.execute(sql`
          UPDATE idempotency_keys
          SET state = 'done', response_status = ${reply.statusCode},
              response_type = ${typeof type === 'string' ? type : null}, response_body = ${body}, completed_at = now()
          WHERE ${where}`);
      }
    } catch (error) {
      // The answer still goes out; the key stays 'running' and is taken over once abandoned.
      request.log.error({ err: error }, 'could not store the idempotent answer');
    }
    return payload;
  };

  app.addHook('onRoute', (routeOptions) => {
    const methods = asArray(routeOptions.method);
    const enabled = routeOptions.config?.idempotency ?? methods.includes('POST');
    if (!enabled) return;
    routeOptions.config = { ...routeOptions.config, idempotency: true };
    // After the route's own onRequest hooks (the role check of decision 246).
    routeOptions.onRequest = [...asArray(routeOptions.onRequest), checkKeyFormat];
    // After the route's own preHandlers (requireUser); before any other onSend (compression) sees the body.
    routeOptions.preHandler = [...asArray(routeOptions.preHandler), checkKey];
    routeOptions.onSend = [storeAnswer, ...asArray(routeOptions.onSend)];
  });
}

export default fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['context', 'auth'] });
