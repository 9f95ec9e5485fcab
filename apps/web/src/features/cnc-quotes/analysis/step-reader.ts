import occtImportJs from 'occt-import-js';
import wasmUrl from 'occt-import-js/dist/occt-import-js.wasm?url';
import type { StepReader } from '@maplesource/contracts/cad/step';

let reader: Promise<StepReader> | undefined;

/**
 * OpenCascade (occt-import-js 0.0.23, LGPL-2.1) in the analysis worker: imported only when a STEP file is read,
 * its .wasm a static asset fetched then (decision 324), never part of a page's JavaScript.
 */
export function loadStepReader(): Promise<StepReader> {
  reader ??= occtImportJs({
    locateFile: () => wasmUrl,
    print: () => undefined,
    printErr: () => undefined,
  });
  return reader;
}
