import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyseInWorker, keptOcctModule, type AnalysisRequest, type AnalysisWorker } from './protocol';

/** The smallest valid WebAssembly module (magic and version only): a real compiled module for the tests. */
const EMPTY_WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

function fakeWorker() {
  const posted: AnalysisRequest[] = [];
  const worker: AnalysisWorker = {
    onmessage: null,
    onerror: null,
    onmessageerror: null,
    postMessage: (message) => posted.push(message),
    terminate: () => undefined,
  };
  const reply = (data: unknown) => worker.onmessage?.({ data } as MessageEvent);
  return { worker, posted, reply };
}

const step = new File(['ISO-10303-21;'], 'part.step');
const refused = (id: number) => ({ type: 'analysed', id, ok: false, code: 'CNC_FILE_NO_SOLID' });

describe("the page keeps OpenCascade's compiled module for the next worker (decision 335)", () => {
  it('gives the next worker the module a previous worker compiled, and ignores a message that only claims one', async () => {
    expect(keptOcctModule()).toBeUndefined();
    const first = fakeWorker();
    const firstResult = analyseInWorker(step, () => first.worker);
    expect(first.posted[0]).not.toHaveProperty('occt');
    first.reply({ type: 'occt-compiled', module: { not: 'a module' } });
    expect(keptOcctModule()).toBeUndefined();
    const module = await WebAssembly.compile(EMPTY_WASM);
    first.reply({ type: 'occt-compiled', module });
    first.reply(refused(first.posted[0]!.id));
    await expect(firstResult).rejects.toMatchObject({ code: 'CNC_FILE_NO_SOLID' });
    expect(keptOcctModule()).toBe(module);

    const second = fakeWorker();
    const secondResult = analyseInWorker(step, () => second.worker);
    expect(second.posted[0]!.occt).toBe(module);
    second.reply(refused(second.posted[0]!.id));
    await expect(secondResult).rejects.toMatchObject({ code: 'CNC_FILE_NO_SOLID' });
  });
});

describe('a browser that cannot take the compiled module across (decision 335)', () => {
  afterEach(() => vi.resetModules());

  it('lets one unreadable message pass for a STEP file read without a kept module, not for an STL file', async () => {
    vi.resetModules();
    const fresh = await import('./protocol');
    const stepWorker = fakeWorker();
    const stepResult = fresh.analyseInWorker(step, () => stepWorker.worker);
    stepWorker.worker.onmessageerror?.({} as MessageEvent);
    stepWorker.reply(refused(stepWorker.posted[0]!.id));
    await expect(stepResult).rejects.toMatchObject({ code: 'CNC_FILE_NO_SOLID' });
    // A second unreadable message is the answer's: too complex, as before.
    const twice = fakeWorker();
    const twiceResult = fresh.analyseInWorker(step, () => twice.worker);
    twice.worker.onmessageerror?.({} as MessageEvent);
    twice.worker.onmessageerror?.({} as MessageEvent);
    await expect(twiceResult).rejects.toMatchObject({ code: 'CNC_FILE_TOO_COMPLEX' });
    const stlWorker = fakeWorker();
    const stlResult = fresh.analyseInWorker(new File(['solid x'], 'part.stl'), () => stlWorker.worker);
    stlWorker.worker.onmessageerror?.({} as MessageEvent);
    await expect(stlResult).rejects.toMatchObject({ code: 'CNC_FILE_TOO_COMPLEX' });
  });
});

describe("the worker's STEP reader (decision 335)", () => {
  afterEach(() => {
    vi.doUnmock('occt-import-js');
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** occt-import-js replaced by a factory that instantiates through the hook, as emscripten does. */
  function mockOcct() {
    const received: WebAssembly.Module[] = [];
    vi.doMock('occt-import-js', () => ({
      default: (options: {
        instantiateWasm: (
          imports: WebAssembly.Imports,
          receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
        ) => object;
      }) =>
        new Promise((resolve) => {
          options.instantiateWasm({}, (_instance, module) => {
            received.push(module);
            resolve({ ReadStepFile: () => ({ success: false }) });
          });
        }),
    }));
    return received;
  }

  it('instantiates the module it is given without fetching anything', async () => {
    const received = mockOcct();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const module = await WebAssembly.compile(EMPTY_WASM);
    const onCompiled = vi.fn();
    const { loadStepReader } = await import('./step-reader');
    await loadStepReader(module, onCompiled);
    expect(received).toHaveLength(1);
    expect(received[0]).toBe(module);
    expect(fetch).not.toHaveBeenCalled();
    expect(onCompiled).not.toHaveBeenCalled();
  });

  it('compiles the fetched WebAssembly once and hands the module back for the page to keep', async () => {
    const received = mockOcct();
    const fetch = vi.fn(
      async () => new Response(EMPTY_WASM, { headers: { 'content-type': 'application/wasm' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const onCompiled = vi.fn();
    const { loadStepReader } = await import('./step-reader');
    await loadStepReader(undefined, onCompiled);
    expect(onCompiled).toHaveBeenCalledTimes(1);
    expect(onCompiled.mock.calls[0]![0]).toBeInstanceOf(WebAssembly.Module);
    expect(received).toHaveLength(1);
    expect(received[0]).toBe(onCompiled.mock.calls[0]![0]);
  });

  it('fails the read, instead of waiting for ever, when the WebAssembly cannot be fetched', async () => {
    mockOcct();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('missing', { status: 404 })),
    );
    const { loadStepReader } = await import('./step-reader');
    await expect(loadStepReader()).rejects.toThrow();
  });
});
