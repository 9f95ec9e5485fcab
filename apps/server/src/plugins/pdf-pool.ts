import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import Tinypool from 'tinypool';

/**
 * The PDF renderer's thread (decision 342): PDFKit lays out and compresses a document synchronously (60–70 ms an
 * invoice, 100–140 ms for the first), so documents are drawn in one worker thread and the event loop only waits for
 * the bytes. The renderers (invoice, order documents, CNC quote, seller statement) are named in `pdf-worker.ts`, the
 * thread's entry; their modules' exported functions keep their signatures and call `renderPdfInWorker`.
 *
 * One pool per process, created on the first document: the renderers are plain functions of their input, called from
 * modules without the app (a job's e-mail, a unit test). Every app registers `pdfPool`; the last one to close destroys
 * the pool once its running renders have ended, and a document asked for later starts a new one.
 */

/** One thread: the aim is a free event loop, not parallel rendering (2 cores, PostgreSQL beside the server). */
const THREADS = 1;

/**
 * How long a document may take, from the call (waiting behind other documents included; an invoice takes ~65 ms).
 * Past it the thread is terminated and the caller gets PdfRenderTimeout, never a hung request.
 */
export const PDF_RENDER_TIME_LIMIT_MS = 20_000;

/**
 * Added to the limit while no thread has answered yet, or none is running: starting one is ours, not the
 * document's, and from source (tsx transpiling the layouts, in tests and `npm run dev`) it took 7 s on a busy machine
 * (as decision 324 found for the CNC analysis worker).
 */
const THREAD_START_ALLOWANCE_MS = 60_000;

/** The names `pdf-worker.ts` answers to. */
export type PdfRendererName = 'invoice' | 'order-document' | 'cnc-quote' | 'seller-statement';

export class PdfRenderTimeout extends Error {
  constructor(renderer: string, limitMs: number) {
    super(`The ${renderer} PDF was not rendered within ${limitMs} ms`);
    this.name = 'PdfRenderTimeout';
  }
}

/** Source (tsx in tests and `npm run dev`) runs the .ts entry; the bundle (build.mjs) runs its own entry beside main.js. */
function workerEntry(): { filename: URL; execArgv: string[] } {
  return import.meta.url.endsWith('.ts')
    ? { filename: new URL('../pdf-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] }
    : { filename: new URL('./pdf-worker.js', import.meta.url), execArgv: [] };
}

interface PoolState {
  pool: Tinypool | null;
  /** Renders not yet settled: a closing app waits for them before it ends the thread. */
  running: Set<Promise<unknown>>;
  /** Apps open in this process that registered `pdfPool`. */
  apps: number;
  timeLimitMs: number;
  /** The pool's thread has answered once (its code is loaded). */
  started: boolean;
}

const state: PoolState = {
  pool: null,
  running: new Set(),
  apps: 0,
  timeLimitMs: PDF_RENDER_TIME_LIMIT_MS,
  started: false,
};

function pool(): Tinypool {
  if (!state.pool) {
    state.started = false;
    const { filename, execArgv } = workerEntry();
    state.pool = new Tinypool({
      filename: filename.href,
      execArgv,
      minThreads: 0,
      maxThreads: THREADS,
      // An idle thread is ended after a minute: a node that renders nothing keeps no thread (it is unref'd meanwhile).
      idleTimeout: 60_000,
    });
  }
  return state.pool;
}

/**
 * Renders a document in the PDF thread. `input` must be structured-cloneable (plain data: no functions, no class
 * instances; a Buffer arrives as a Uint8Array). The bytes come back transferred, not copied.
 */
export function renderPdfInWorker(renderer: PdfRendererName, input: unknown): Promise<Buffer> {
  const threads = pool();
  // No thread yet, or its idle time ended it: this render waits for a thread to start.
  const cold = !state.started || threads.threads.length === 0;
  const limitMs = state.timeLimitMs + (cold ? THREAD_START_ALLOWANCE_MS : 0);
  const signal = AbortSignal.timeout(limitMs);
  const render = threads.run({ renderer, input }, { signal }).then(
    (bytes: Uint8Array) => {
      if (state.pool === threads) state.started = true;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    (error: unknown) => {
      if (signal.aborted) {
        // The aborted render's thread was terminated: the next one starts afresh.
        if (state.pool === threads) state.started = false;
        throw new PdfRenderTimeout(renderer, limitMs);
      }
      if (state.pool === threads) state.started = true;
      throw error;
    },
  );
  state.running.add(render);
  const forget = () => state.running.delete(render);
  render.then(forget, forget);
  return render;
}

/** The threads the pool holds now (0 before the first document and after the last app closed). */
export function pdfPoolThreads(): number {
  return state.pool?.threads.length ?? 0;
}

/** Tests only: a shorter limit for the renders started after it (the previous value is returned to restore it). */
export function setPdfRenderTimeLimitForTests(limitMs: number): number {
  const previous = state.timeLimitMs;
  state.timeLimitMs = limitMs;
  return previous;
}

/** Waits for the renders under way (each ends by its time limit), then ends the thread. */
export async function closePdfPool(): Promise<void> {
  while (state.running.size > 0) await Promise.allSettled([...state.running]);
  const closing = state.pool;
  state.pool = null;
  await closing?.destroy();
}

/**
 * Ties the pool to the app's life: registered before the job queue, its close runs after the queue's (Fastify closes
 * plugins in reverse order), so an e-mail job finishing during the shutdown still gets its invoice PDF.
 */
export default fp(
  async (app: FastifyInstance) => {
    state.apps += 1;
    app.addHook('onClose', async () => {
      state.apps -= 1;
      if (state.apps === 0) await closePdfPool();
    });
  },
  { name: 'pdf-pool' },
);
