import occtImportJs from 'occt-import-js';
import wasmUrl from 'occt-import-js/dist/occt-import-js.wasm?url';
import type { StepReader } from '@maplesource/contracts/cad/step';
import { readStep } from '@maplesource/contracts/cad/step';
import { WARM_UP_STEP } from './warm-up-part';

let reader: Promise<StepReader> | undefined;

/** OpenCascade's 7.6 MB WebAssembly compiled here: streamed while it downloads, else from its bytes. */
async function compileOcct(): Promise<WebAssembly.Module> {
  try {
    return await WebAssembly.compileStreaming(fetch(wasmUrl, { credentials: 'same-origin' }));
  } catch {
    // A server that does not say application/wasm: compile from the bytes.
    const response = await fetch(wasmUrl, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`OpenCascade's WebAssembly: ${response.status}`);
    return WebAssembly.compile(await response.arrayBuffer());
  }
}

/**
 * OpenCascade (occt-import-js 0.0.23, LGPL-2.1) in the analysis worker: imported only when a STEP file is read,
 * its .wasm a static asset fetched then (decision 324), never part of a page's JavaScript. Decision 335: the
 * compiled `WebAssembly.Module` is kept by the page — `compiled` is the one a previous worker made, and
 * `onCompiled` hands a newly compiled one back — so the next STEP file in the same page instantiates it in
 * milliseconds instead of compiling 7.6 MB again; a worker still lives for one file only.
 */
export function loadStepReader(
  compiled?: WebAssembly.Module,
  onCompiled?: (module: WebAssembly.Module) => void,
): Promise<StepReader> {
  reader ??= new Promise<StepReader>((resolve, reject) => {
    occtImportJs({
      print: () => undefined,
      printErr: () => undefined,
      instantiateWasm: (imports, receive) => {
        const module = compiled
          ? Promise.resolve(compiled)
          : compileOcct().then((fresh) => {
              onCompiled?.(fresh);
              return fresh;
            });
        module
          .then((ready) =>
            WebAssembly.instantiate(ready, imports).then((instance) => receive(instance, ready)),
          )
          // Emscripten waits for `receive` forever: a failed download or compile fails the file instead.
          .catch(reject);
        return {};
      },
    }).then(resolve, reject);
  });
  return reader;
}

/**
 * Decision 344: OpenCascade prepared before the buyer chooses a file, in a worker of its own that the page ends
 * afterwards. It fetches and compiles the WebAssembly (handed to the page through `onCompiled`, as for a file), then
 * reads a 6 KB box once: V8 compiles WebAssembly functions lazily, on their first call, and optimises the hot ones
 * in the background, and that code belongs to the compiled module the page keeps — so the buyer's first STEP file
 * runs code already compiled instead of compiling it while the page renders the figures.
 */
export async function prepareStepReader(onCompiled: (module: WebAssembly.Module) => void): Promise<void> {
  const warmUp = await loadStepReader(undefined, onCompiled);
  readStep(new TextEncoder().encode(WARM_UP_STEP), warmUp);
}
