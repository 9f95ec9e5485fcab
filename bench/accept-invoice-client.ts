// The accept-invoice bench's load generator (decision 196): a process of its own, forked by
// bench/accept-invoice.ts, so its HTTP client's CPU is not counted as the server's and does not queue in the
// server's event loop — as with real buyers, whose browsers run elsewhere. It makes the same requests the bench
// made in-process before: node:http with a keep-alive agent (one socket per buyer), JSON bodies, the buyer's
// session cookie and role header (bench/http-call.ts, shared with the setup). It times each request from just
// before it is written to its whole answer.
import http from 'node:http';
import { httpCall, type HttpAnswer, type HttpCall } from './http-call';

export type ClientRequest = HttpCall;
export type ClientAnswer = HttpAnswer;
/** One buyer's pair: accept the invoice, then create its order's intent. */
export type PairJob = { cookie: string; accept: unknown };
export type PairResult = { accept: ClientAnswer; intent: ClientAnswer | null; ms: number };

export type ToClient =
  | { type: 'request'; id: number; request: ClientRequest }
  | { type: 'burst'; id: number; jobs: PairJob[] }
  | { type: 'end' };
export type FromClient =
  | { type: 'ready' }
  | { type: 'answer'; id: number; answer: ClientAnswer }
  | { type: 'burst'; id: number; results: PairResult[]; cpuMs: number };

const port = Number(process.env.BENCH_SERVER_PORT);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const send = (message: FromClient) => process.send!(message);

const call = (request: ClientRequest) => httpCall(agent, port, request);

async function pair(job: PairJob): Promise<PairResult> {
  const started = performance.now();
  const accept = await call({
    method: 'POST',
    path: '/api/v1/invoice/accept',
    cookie: job.cookie,
    role: 'buyer',
    body: job.accept,
  });
  const orderId = accept.json.orderId;
  const intent =
    accept.status === 201 && typeof orderId === 'string'
      ? await call({
          method: 'POST',
          path: '/api/v1/payment/create-order-intent',
          cookie: job.cookie,
          role: 'buyer',
          body: { orderId },
        })
      : null;
  return { accept, intent, ms: performance.now() - started };
}

process.on('message', (message: ToClient) => {
  if (message.type === 'end') {
    agent.destroy();
    process.disconnect();
    return;
  }
  if (message.type === 'request') {
    void call(message.request).then((answer) => send({ type: 'answer', id: message.id, answer }));
    return;
  }
  const cpu = process.cpuUsage();
  void Promise.all(message.jobs.map(pair)).then((results) => {
    const used = process.cpuUsage(cpu);
    send({ type: 'burst', id: message.id, results, cpuMs: (used.user + used.system) / 1000 });
  });
});
send({ type: 'ready' });
