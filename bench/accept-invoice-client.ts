// The accept-invoice bench's load generator (decision 196): a process of its own, forked by
// bench/accept-invoice.ts, so its HTTP client's CPU is not counted as the server's and does not queue in the
// server's event loop — as with real buyers, whose browsers run elsewhere. It makes the same requests the bench
// made in-process before: node:http with a keep-alive agent of one socket per buyer (a buyer's browser holds its
// own connection), JSON bodies, the buyer's session cookie and role header (bench/http-call.ts, shared with the
// setup). It times each request from just before it is written to its whole answer. Before a burst, each buyer
// opens its invoice (`invoice/details`, untimed), as a buyer does on the invoice page before accepting (decision
// 226): the burst then starts on open connections, as it does for real buyers.
import http from 'node:http';
import { httpCall, type HttpAnswer, type HttpCall } from './http-call';

export type ClientRequest = HttpCall;
export type ClientAnswer = HttpAnswer;
/** One buyer's pair: accept the invoice, then create its order's intent. */
export type PairJob = { cookie: string; accept: unknown };
/** One buyer opening its invoice before accepting it. */
export type ViewJob = { cookie: string; token: string };
export type PairResult = { accept: ClientAnswer; intent: ClientAnswer | null; ms: number };

export type ToClient =
  | { type: 'request'; id: number; request: ClientRequest }
  | { type: 'burst'; id: number; jobs: PairJob[] }
  | { type: 'view'; id: number; jobs: ViewJob[] }
  | { type: 'end' };
export type FromClient =
  | { type: 'ready' }
  | { type: 'answer'; id: number; answer: ClientAnswer }
  | { type: 'burst'; id: number; results: PairResult[]; cpuMs: number }
  | { type: 'viewed'; id: number; statuses: number[] };

const port = Number(process.env.BENCH_SERVER_PORT);
// One connection per buyer, kept alive between its requests (keyed by its session cookie).
const agents = new Map<string, http.Agent>();
function agentOf(cookie: string) {
  let agent = agents.get(cookie);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.set(cookie, agent);
  }
  return agent;
}
const send = (message: FromClient) => process.send!(message);

const call = (request: ClientRequest) => httpCall(agentOf(request.cookie), port, request);

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
    for (const agent of agents.values()) agent.destroy();
    process.disconnect();
    return;
  }
  if (message.type === 'request') {
    void call(message.request).then((answer) => send({ type: 'answer', id: message.id, answer }));
    return;
  }
  if (message.type === 'view') {
    const views = message.jobs.map((job) =>
      call({
        method: 'GET',
        path: `/api/v1/invoice/details?invoiceToken=${encodeURIComponent(job.token)}`,
        cookie: job.cookie,
        role: 'buyer',
      }),
    );
    void Promise.all(views).then((answers) =>
      send({ type: 'viewed', id: message.id, statuses: answers.map((answer) => answer.status) }),
    );
    return;
  }
  const cpu = process.cpuUsage();
  void Promise.all(message.jobs.map(pair)).then((results) => {
    const used = process.cpuUsage(cpu);
    send({ type: 'burst', id: message.id, results, cpuMs: (used.user + used.system) / 1000 });
  });
});
send({ type: 'ready' });
