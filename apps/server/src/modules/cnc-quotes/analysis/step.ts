import { createRequire } from 'node:module';
import type occtImportJs from 'occt-import-js';
import { checkStepBytes, readStep } from '@maplesource/contracts/cad/step';

export { STEP_TRIANGULATION } from '@maplesource/contracts/cad/step';

const require = createRequire(import.meta.url);

type Occt = Awaited<ReturnType<typeof occtImportJs>>;
let occt: Promise<Occt> | undefined;
/**
 * A compiled WebAssembly module, named by what `WebAssembly.compile` gives: Node's own type declarations do not
 * name `WebAssembly.Module`, and a project that checks this file without the DOM library must still compile it.
 */
export type CompiledWasm = Awaited<ReturnType<typeof WebAssembly.compile>>;

let compiled: CompiledWasm | undefined;

/** Where OpenCascade's WebAssembly is, for the process that compiles it once (decision 332). */
export const occtWasmPath = () => require.resolve('occt-import-js/dist/occt-import-js.wasm');

/**
 * The worker is given OpenCascade already compiled by its parent (decision 332): instantiating it takes
 * milliseconds, and the code V8 optimises while one worker reads a file serves the next workers too.
 */
export function useCompiledOcct(module: CompiledWasm | undefined): void {
  compiled = module;
}

/** OpenCascade's WebAssembly build, loaded once per thread; its parser's console chatter is dropped. */
function loadOcct(): Promise<Occt> {
  const factory = require('occt-import-js') as typeof occtImportJs;
  const module = compiled;
  occt ??= factory({
    print: () => undefined,
    printErr: () => undefined,
    ...(module && {
      instantiateWasm: (imports, receive) => {
        void WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
        return {};
      },
    }),
  });
  return occt;
}

/**
 * A STEP file's solids as triangle corners in millimetres, read by the shared reader (contracts/cad/step.ts,
 * decisions 322, 324) with OpenCascade loaded in this thread. The file is checked before OpenCascade loads.
 */
export async function parseStep(bytes: Uint8Array): Promise<Float64Array> {
  checkStepBytes(bytes);
  return readStep(bytes, await loadOcct());
}
