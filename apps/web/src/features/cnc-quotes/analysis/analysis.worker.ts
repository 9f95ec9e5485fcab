import { analysePart } from './analyse-part';
import type { AnalysisRequest, OcctCompiled } from './protocol';

/**
 * The browser's analysis worker (decision 324): answers each request once; OpenCascade loads for STEP only, from
 * the module the page kept (decision 335) or compiled here and posted back for the page to keep.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<AnalysisRequest>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};
scope.onmessage = (event: MessageEvent<AnalysisRequest>) => {
  if (event.data?.type !== 'analyse') return;
  const { occt } = event.data;
  const keep = (module: WebAssembly.Module) =>
    scope.postMessage({ type: 'occt-compiled', module } satisfies OcctCompiled, []);
  void analysePart(event.data, () =>
    import('./step-reader').then((reader) => reader.loadStepReader(occt, keep)),
  ).then(({ answer, transfer }) => scope.postMessage(answer, transfer));
};
