import { createRequire } from 'node:module';
import type occtImportJs from 'occt-import-js';
import { checkStepBytes, readStep } from '@maplesource/contracts/cad/step';

export { STEP_TRIANGULATION } from '@maplesource/contracts/cad/step';

const require = createRequire(import.meta.url);

type Occt = Awaited<ReturnType<typeof occtImportJs>>;
let occt: Promise<Occt> | undefined;

/** OpenCascade's WebAssembly build, loaded once per thread; its parser's console chatter is dropped. */
function loadOcct(): Promise<Occt> {
  const factory = require('occt-import-js') as typeof occtImportJs;
  occt ??= factory({ print: () => undefined, printErr: () => undefined });
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
