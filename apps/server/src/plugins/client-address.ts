import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Fastify's `trustProxy` as app.ts builds it from TRUST_PROXY (decision 050). */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * The client's address of a raw Node request by the rule `request.ip` follows (decision 050), for what runs
 * outside Fastify's routing, such as a Socket.IO handshake: the socket peer when no proxy is trusted, otherwise
 * the nearest X-Forwarded-For entry that a trusted hop added (the same `@fastify/proxy-addr` walk Fastify does).
 */
export function clientAddressRule(trust: TrustProxy): (request: IncomingMessage) => string {
  if (trust === false) return (request) => request.socket.remoteAddress ?? 'unknown';
  const trusted = typeof trust === 'function' ? trust : proxyAddr.compile(trust);
  return (request) => proxyAddr(request, trusted);
}
