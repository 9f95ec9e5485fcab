import { useEffect, useRef, useState } from 'react';
import {
  createAnalysisWorker,
  prepareOcct,
  stopOcctPreparation,
  type OcctPreparingWorker,
} from '../analysis/protocol';

/** Where the page's preparation of OpenCascade stands (decision 344); `data-opencascade` on the instant quote. */
export type OcctPreparationState = 'waiting' | 'preparing' | 'ready' | 'stopped' | 'skipped';

/** Past this the preparation starts even if the page never goes idle. */
export const PREPARE_IDLE_TIMEOUT_MS = 2_000;

/** No preparation without a worker and WebAssembly, or when the buyer asked the browser to save data. */
export function canPrepareOcct(): boolean {
  if (typeof Worker === 'undefined' || typeof WebAssembly === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData !== true;
}

/**
 * Decision 344: once the instant quote is shown and the page is idle, OpenCascade is prepared in a worker of its
 * own (`prepareOcct`), so the buyer's first STEP file does not pay its download, compilation and first run. Ended
 * when the tab unmounts; a file chosen meanwhile ends it too (`analyseInWorker`).
 */
export function usePrepareOcct({
  createWorker = createAnalysisWorker,
  enabled = canPrepareOcct,
}: { createWorker?: () => OcctPreparingWorker; enabled?: () => boolean } = {}): OcctPreparationState {
  const [state, setState] = useState<OcctPreparationState>('waiting');
  // Read once, when the tab mounts: a new function on each render must not restart the preparation.
  const options = useRef({ createWorker, enabled });
  useEffect(() => {
    const { createWorker, enabled } = options.current;
    if (!enabled()) {
      setState('skipped');
      return;
    }
    let live = true;
    const begin = () => {
      if (!live) return;
      setState('preparing');
      void prepareOcct(createWorker).then((prepared) => {
        if (live) setState(prepared ? 'ready' : 'stopped');
      });
    };
    // Safari has no requestIdleCallback: a short timeout instead.
    const idle = typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function';
    const handle = idle
      ? requestIdleCallback(begin, { timeout: PREPARE_IDLE_TIMEOUT_MS })
      : setTimeout(begin, 1);
    return () => {
      live = false;
      if (idle) cancelIdleCallback(handle as number);
      else clearTimeout(handle);
      stopOcctPreparation();
    };
  }, []);
  return state;
}
