import { StrictMode, type ReactNode } from 'react';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OcctPreparingWorker, PrepareOcct } from '../analysis/protocol';

import * as hook from './use-prepare-occt';

/** Preparing workers the hook creates (through prepareOcct): what each was posted, whether it was ended. */
function workers() {
  const made: (OcctPreparingWorker & {
    posted: PrepareOcct[];
    terminated: boolean;
    reply(data: unknown): void;
  })[] = [];
  const create = vi.fn(() => {
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
      async reply(data) {
        await act(async () => this.onmessage?.({ data } as MessageEvent));
      },
    };
    made.push(worker);
    return worker;
  });
  return { made, create };
}

/** requestIdleCallback under the test's control: `idle()` runs what the page asked to run when idle. */
function idleCallbacks() {
  const pending = new Map<number, () => void>();
  let next = 1;
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
    pending.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelIdleCallback', (handle: number) => pending.delete(handle));
  return {
    pending,
    idle: () =>
      act(() => {
        for (const [handle, callback] of [...pending]) {
          pending.delete(handle);
          callback();
        }
      }),
  };
}

describe('the instant quote prepares OpenCascade once the page is idle (decision 344)', () => {
  // The page keeps the compiled module for its life (decision 335): the test that prepares it comes last.
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('leaving the tab cancels the idle wait or ends the worker; StrictMode starts one preparation', () => {
    const { idle, pending } = idleCallbacks();
    const { made, create } = workers();
    const wrapper = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;
    const first = renderHook(() => hook.usePrepareOcct({ createWorker: create, enabled: () => true }), {
      wrapper,
    });
    expect(pending.size).toBe(1);
    first.unmount();
    expect(pending.size).toBe(0);
    const second = renderHook(() => hook.usePrepareOcct({ createWorker: create, enabled: () => true }), {
      wrapper,
    });
    idle();
    expect(made).toHaveLength(1);
    second.unmount();
    expect(made[0]!.terminated).toBe(true);
  });

  it('prepares nothing without a worker or WebAssembly, or when the browser is asked to save data', () => {
    const { made, create } = workers();
    const { result } = renderHook(() => hook.usePrepareOcct({ createWorker: create, enabled: () => false }));
    expect(result.current).toBe('skipped');
    expect(made).toHaveLength(0);
    vi.stubGlobal('Worker', class {});
    expect(hook.canPrepareOcct()).toBe(true);
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    expect(hook.canPrepareOcct()).toBe(false);
    vi.stubGlobal('Worker', undefined);
    vi.stubGlobal('navigator', {});
    expect(hook.canPrepareOcct()).toBe(false);
  });

  it('starts no worker before the page is idle, then prepares and says when it is ready', async () => {
    const { idle } = idleCallbacks();
    const { made, create } = workers();
    const { result } = renderHook(() => hook.usePrepareOcct({ createWorker: create, enabled: () => true }));
    expect(result.current).toBe('waiting');
    expect(made).toHaveLength(0);
    idle();
    expect(result.current).toBe('preparing');
    expect(made).toHaveLength(1);
    expect(made[0]!.posted).toEqual([{ type: 'prepare-occt' }]);
    await made[0]!.reply({
      type: 'occt-compiled',
      module: await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])),
    });
    await made[0]!.reply({ type: 'occt-prepared', ok: true });
    expect(result.current).toBe('ready');
    expect(made[0]!.terminated).toBe(true);
  });
});
