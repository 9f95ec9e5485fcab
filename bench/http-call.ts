// The one HTTP call helper of the accept-invoice bench (its setup in bench/accept-invoice.ts and the measured
// requests of its load generator, bench/accept-invoice-client.ts, decision 196): node:http with the caller's
// keep-alive agent, a JSON body, the session cookie and role header. It times the request from just before it is
// written to the end of its answer.
import http from 'node:http';

export type HttpCall = {
  method: string;
  path: string;
  cookie: string;
  role: string;
  body?: unknown;
  headers?: Record<string, string>;
};
export type HttpAnswer = { status: number; json: Record<string, unknown>; ms: number };

export function httpCall(agent: http.Agent, port: number | string, call: HttpCall): Promise<HttpAnswer> {
  const { method, path, cookie, role, body, headers } = call;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          role,
          cookie,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
            ms: performance.now() - started,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
