/** See test-timeouts.mjs: how long tests wait, in one place (decision 075). */
export declare const testTimeouts: {
  readonly conditionMs: number;
  readonly testMs: number;
  readonly hookMs: number;
  readonly e2eTestMs: number;
};
