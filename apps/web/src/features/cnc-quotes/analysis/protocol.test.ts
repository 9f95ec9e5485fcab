import { describe, expect, it, vi } from 'vitest';
import {
  analyseInWorker,
  BrowserAnalysisFailed,
  isAnswerTo,
  type AnalysisRequest,
  type AnalysisWorker,
} from './protocol';

/** A worker double: records what the page posts and lets the test answer, fail or stay silent. */
function fakeWorker() {
  const posted: AnalysisRequest[] = [];
  const worker: AnalysisWorker & { terminated: boolean } = {
    terminated: false,
    onmessage: null,
    onerror: null,
    onmessageerror: null,
    postMessage: (message) => posted.push(message),
    terminate() {
      this.terminated = true;
    },
  };
  const reply = (data: unknown) => worker.onmessage?.({ data } as MessageEvent);
  return { worker, posted, reply };
}

const file = new File(['solid x\nendsolid x\n'], 'part.stl');
const geometry = {
  volume: 1000,
  surfaceArea: 600,
  boundingBox: [10, 10, 10] as [number, number, number],
  closed: true,
  triangles: 12,
};

describe('the analysis worker protocol (decision 324)', () => {
  it('posts the file once and resolves with the answer to its own id, ignoring other messages, then ends the worker', async () => {
    const { worker, posted, reply } = fakeWorker();
    const result = analyseInWorker(file, () => worker);
    expect(posted).toHaveLength(1);
    const { id } = posted[0]!;
    expect(posted[0]).toMatchObject({ type: 'analyse', file });
    reply({ type: 'analysed', id: id + 1000, ok: false, code: 'CNC_FILE_EMPTY' });
    reply('noise');
    expect(worker.terminated).toBe(false);
    const positions = new Float32Array(9);
    reply({
      type: 'analysed',
      id,
      ok: true,
      kind: 'stl',
      geometry,
      positions,
      normals: new Float32Array(9),
      previewSimplified: false,
      unitsFromFile: null,
      analysisMs: 3,
    });
    await expect(result).resolves.toMatchObject({ kind: 'stl', geometry, analysisMs: 3 });
    expect(worker.terminated).toBe(true);
  });

  it("rejects with the file's own refusal code", async () => {
    const { worker, posted, reply } = fakeWorker();
    const result = analyseInWorker(file, () => worker);
    reply({ type: 'analysed', id: posted[0]!.id, ok: false, code: 'CNC_FILE_TRUNCATED' });
    await expect(result).rejects.toEqual(new BrowserAnalysisFailed('CNC_FILE_TRUNCATED'));
    expect(worker.terminated).toBe(true);
  });

  it('terminates a worker that runs past the time limit and reports the part too complex', async () => {
    vi.useFakeTimers();
    try {
      const { worker } = fakeWorker();
      const result = analyseInWorker(file, () => worker, { timeoutMs: 20_000 });
      const caught = result.catch((error: unknown) => error);
      vi.advanceTimersByTime(19_999);
      expect(worker.terminated).toBe(false);
      vi.advanceTimersByTime(1);
      expect(worker.terminated).toBe(true);
      expect(await caught).toMatchObject({ code: 'CNC_FILE_TOO_COMPLEX' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a worker that crashes, or whose answer cannot be read, as too complex', async () => {
    const crashing = fakeWorker();
    const crashed = analyseInWorker(file, () => crashing.worker);
    crashing.worker.onerror?.({ preventDefault: () => undefined } as ErrorEvent);
    await expect(crashed).rejects.toMatchObject({ code: 'CNC_FILE_TOO_COMPLEX' });
    expect(crashing.worker.terminated).toBe(true);

    const garbled = fakeWorker();
    const unreadable = analyseInWorker(file, () => garbled.worker);
    garbled.worker.onmessageerror?.({} as MessageEvent);
    await expect(unreadable).rejects.toMatchObject({ code: 'CNC_FILE_TOO_COMPLEX' });
  });

  it('ends the worker when the page stops waiting', async () => {
    const { worker } = fakeWorker();
    const controller = new AbortController();
    const result = analyseInWorker(file, () => worker, { signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker.terminated).toBe(true);
  });

  it('takes only well-formed answers to the id asked', () => {
    expect(isAnswerTo({ type: 'analysed', id: 4, ok: true }, 4)).toBe(true);
    expect(isAnswerTo({ type: 'analysed', id: 4 }, 4)).toBe(false);
    expect(isAnswerTo({ type: 'other', id: 4, ok: true }, 4)).toBe(false);
    expect(isAnswerTo(null, 4)).toBe(false);
  });
});
