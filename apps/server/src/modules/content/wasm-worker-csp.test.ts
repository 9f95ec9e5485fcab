import { describe, expect, it } from 'vitest';
import { isWasmWorkerScript, pageCsp } from './content.web';

describe("the CNC analysis worker's policy (decision 324)", () => {
  it("gives 'unsafe-eval' to the analysis worker's script only (OpenCascade's glue), never to a page", () => {
    expect(pageCsp({ webAssembly: true })).toContain("script-src 'self' 'unsafe-eval'");
    expect(pageCsp()).not.toContain('eval');
    expect(isWasmWorkerScript('/assets/analysis.worker-jiwBR9Fi.js')).toBe(true);
    expect(isWasmWorkerScript('/assets/analysis.worker-jiwBR9Fi.js?v=1')).toBe(true);
    expect(isWasmWorkerScript('/assets/index-Dwb_S6tV.js')).toBe(false);
    expect(isWasmWorkerScript('/assets/analysis.worker-x.js/../index.js')).toBe(false);
    expect(isWasmWorkerScript('/cnc-fabrication-quotes')).toBe(false);
  });
});
