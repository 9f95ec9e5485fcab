import { analysePart } from './analyse-part';
import type { AnalysisRequest } from './protocol';

/** The browser's analysis worker (decision 324): answers each request once; OpenCascade loads for STEP only. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<AnalysisRequest>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};
scope.onmessage = (event: MessageEvent<AnalysisRequest>) => {
  if (event.data?.type !== 'analyse') return;
  void analysePart(event.data, () => import('./step-reader').then((module) => module.loadStepReader())).then(
    ({ answer, transfer }) => scope.postMessage(answer, transfer),
  );
};
