import { analysePart } from './analyse-part';
import type { AnalysisRequest, OcctCompiled, OcctPrepared, PrepareOcct } from './protocol';

/**
 * The browser's analysis worker (decision 324): answers each request once; OpenCascade loads for STEP only, from
 * the module the page kept (decision 335) or compiled here and posted back for the page to keep. Asked to prepare
 * OpenCascade (decision 344), it compiles it, posts the module, reads a small part once and says it is done.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<AnalysisRequest | PrepareOcct>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};
const keep = (module: WebAssembly.Module) =>
  scope.postMessage({ type: 'occt-compiled', module } satisfies OcctCompiled, []);
const prepared = (ok: boolean) => scope.postMessage({ type: 'occt-prepared', ok } satisfies OcctPrepared, []);

scope.onmessage = (event: MessageEvent<AnalysisRequest | PrepareOcct>) => {
  if (event.data?.type === 'prepare-occt') {
    void import('./step-reader')
      .then((reader) => reader.prepareStepReader(keep))
      .then(
        () => prepared(true),
        () => prepared(false),
      );
    return;
  }
  if (event.data?.type !== 'analyse') return;
  const { occt } = event.data;
  void analysePart(event.data, () =>
    import('./step-reader').then((reader) => reader.loadStepReader(occt, keep)),
  ).then(({ answer, transfer }) => scope.postMessage(answer, transfer));
};
