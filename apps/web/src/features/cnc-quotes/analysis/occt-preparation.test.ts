import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ProtocolModule from './protocol';
import type { AnalysisRequest, PrepareOcct } from './protocol';

/** The smallest valid WebAssembly module (magic and version only): a real compiled module for the tests. */
const EMPTY_WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

let protocol: typeof ProtocolModule;

/** Workers the code under test creates: what each was posted, whether it was ended; `reply` plays the worker. */
function workers() {
  const made: {
    posted: (AnalysisRequest | PrepareOcct)[];
    terminated: boolean;
    reply(data: unknown): void;
    onmessage: ((event: MessageEvent) => void) | null;
    onerror: ((event: ErrorEvent) => void) | null;
    onmessageerror: ((event: MessageEvent) => void) | null;
    postMessage(message: AnalysisRequest | PrepareOcct): void;
    terminate(): void;
  }[] = [];
  const create = () => {
    const worker: (typeof made)[number] = {
      posted: [],
      terminated: false,
      onmessage: null,
      onerror: null,
      onmessageerror: null,
      postMessage(message) {
        this.posted.push(message);
      },
      terminate() {
        this.terminated = true;
      },
      reply(data) {
        this.onmessage?.({ data } as MessageEvent);
      },
    };
    made.push(worker);
    return worker;
  };
  return { made, create };
}

const step = () => new File(['ISO-10303-21;'], 'part.step');
const stl = () => new File(['solid x'], 'part.stl');
const refused = (id: number) => ({ type: 'analysed', id, ok: false, code: 'CNC_FILE_NO_SOLID' });
const requestOf = (worker: { posted: unknown[] }) => worker.posted[0] as AnalysisRequest;

describe('OpenCascade prepared before the first file (decision 344)', () => {
  beforeEach(async () => {
    vi.resetModules();
    protocol = await import('./protocol');
  });
  afterEach(() => vi.useRealTimers());

  it('asks one worker to prepare, keeps the module it posts, ends it once prepared; the first STEP file gets the module', async () => {
    const { made, create } = workers();
    const prepared = protocol.prepareOcct(create);
    expect(made).toHaveLength(1);
    expect(made[0]!.posted).toEqual([{ type: 'prepare-occt' }]);
    // One preparation at a time.
    void protocol.prepareOcct(create);
    expect(made).toHaveLength(1);
    const module = await WebAssembly.compile(EMPTY_WASM);
    made[0]!.reply({ type: 'occt-compiled', module });
    expect(protocol.keptOcctModule()).toBe(module);
    expect(made[0]!.terminated).toBe(false);
    made[0]!.reply({ type: 'occt-prepared', ok: true });
    await expect(prepared).resolves.toBe(true);
    expect(made[0]!.terminated).toBe(true);

    const result = protocol.analyseInWorker(step(), create);
    expect(requestOf(made[1]!).occt).toBe(module);
    made[1]!.reply(refused(requestOf(made[1]!).id));
    await expect(result).rejects.toMatchObject({ code: 'CNC_FILE_NO_SOLID' });
    // Nothing left to prepare.
    await expect(protocol.prepareOcct(create)).resolves.toBe(true);
    expect(made).toHaveLength(2);
  });

  it('a STEP file chosen while OpenCascade compiles waits for that module, then ends the preparation', async () => {
    const { made, create } = workers();
    const prepared = protocol.prepareOcct(create);
    const result = protocol.analyseInWorker(step(), create);
    await Promise.resolve();
    expect(made).toHaveLength(1);
    const module = await WebAssembly.compile(EMPTY_WASM);
    made[0]!.reply({ type: 'occt-compiled', module });
    await expect(prepared).resolves.toBe(false);
    expect(made[0]!.terminated).toBe(true);
    expect(made).toHaveLength(2);
    expect(requestOf(made[1]!).occt).toBe(module);
    made[1]!.reply(refused(requestOf(made[1]!).id));
    await expect(result).rejects.toMatchObject({ code: 'CNC_FILE_NO_SOLID' });
  });

  it('an STL file chosen meanwhile ends the preparation at once and does not wait', async () => {
    const { made, create } = workers();
    const prepared = protocol.prepareOcct(create);
    const result = protocol.analyseInWorker(stl(), create);
    expect(made).toHaveLength(2);
    expect(made[0]!.terminated).toBe(true);
    await expect(prepared).resolves.toBe(false);
    made[1]!.reply(refused(requestOf(made[1]!).id));
    await expect(result).rejects.toMatchObject({ code: 'CNC_FILE_NO_SOLID' });
  });

  it('a failed or stuck preparation is ended; the next STEP file compiles OpenCascade itself, as before', async () => {
    vi.useFakeTimers();
    const { made, create } = workers();
    const failed = protocol.prepareOcct(create);
    made[0]!.reply({ type: 'occt-prepared', ok: false });
    await expect(failed).resolves.toBe(false);
    expect(made[0]!.terminated).toBe(true);

    const crashed = protocol.prepareOcct(create);
    made[1]!.onerror?.({ preventDefault: () => undefined } as ErrorEvent);
    await expect(crashed).resolves.toBe(false);
    expect(made[1]!.terminated).toBe(true);

    const stuck = protocol.prepareOcct(create, { timeoutMs: 1_000 });
    vi.advanceTimersByTime(999);
    expect(made[2]!.terminated).toBe(false);
    vi.advanceTimersByTime(1);
    await expect(stuck).resolves.toBe(false);
    expect(made[2]!.terminated).toBe(true);

    const result = protocol.analyseInWorker(step(), create);
    expect(made).toHaveLength(4);
    expect(requestOf(made[3]!)).not.toHaveProperty('occt');
    made[3]!.reply(refused(requestOf(made[3]!).id));
    await expect(result).rejects.toMatchObject({ code: 'CNC_FILE_NO_SOLID' });
  });

  it('a STEP file waiting for the preparation still ends at its own time limit', async () => {
    vi.useFakeTimers();
    const { made, create } = workers();
    void protocol.prepareOcct(create, { timeoutMs: 60_000 });
    const result = protocol.analyseInWorker(step(), create, { timeoutMs: 5_000 });
    vi.advanceTimersByTime(5_000);
    await expect(result).rejects.toMatchObject({ code: 'CNC_FILE_TOO_COMPLEX' });
    expect(made).toHaveLength(1);
  });

  it('stopOcctPreparation ends the worker; a module already posted stays kept', async () => {
    const { made, create } = workers();
    const prepared = protocol.prepareOcct(create);
    const module = await WebAssembly.compile(EMPTY_WASM);
    made[0]!.reply({ type: 'occt-compiled', module });
    protocol.stopOcctPreparation();
    await expect(prepared).resolves.toBe(false);
    expect(made[0]!.terminated).toBe(true);
    expect(protocol.keptOcctModule()).toBe(module);
  });
});
