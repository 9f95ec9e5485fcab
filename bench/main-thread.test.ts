import { describe, expect, it } from 'vitest';
import { mainThreadLongTasks } from './main-thread.mjs';

const page = { pid: 7, tid: 7 };
const other = { pid: 9, tid: 9 };
const navigationStart = {
  ...page,
  ph: 'R',
  name: 'navigationStart',
  ts: 1_000_000,
  args: { data: { isLoadingMainFrame: true, documentLoaderURL: 'http://127.0.0.1:4300/products' } },
};
const task = (ts: number, dur: number, tdur: number, thread = page) => ({
  ...thread,
  ph: 'X',
  name: 'RunTask',
  ts,
  dur,
  tdur,
});
const commit = (ts: number, dur: number) => ({
  ...page,
  ph: 'X',
  name: 'DocumentLoader::CommitNavigation',
  ts,
  dur,
});

describe('mainThreadLongTasks', () => {
  it("sums the page's main-thread tasks of 12.5 ms or more, wall and CPU, and finds the page's commit", () => {
    const events = [
      navigationStart,
      task(960_000, 30_000, 30_000), // ended before the navigation: the previous document's
      task(1_010_000, 1_000, 900), // an initial empty document's commit
      commit(1_010_100, 800),
      task(1_030_000, 40_000, 8_000), // the page's commit: 40 ms wall, 8 ms CPU
      commit(1_030_500, 38_000),
      task(1_100_000, 12_000, 12_000), // under 12.5 ms: not long
      task(1_200_000, 14_000, 11_000),
      task(1_300_000, 18_000, 200), // descheduled
      task(1_300_000, 90_000, 90_000, other), // another process's thread
      commit(1_400_000, 300), // an SVG image's document
      task(1_399_000, 2_000, 1_000),
    ];
    expect(mainThreadLongTasks({ traceEvents: events })).toEqual({
      longTasks: 3,
      wallMs: 72,
      cpuMs: 19.2,
      commit: { wallMs: 40, cpuMs: 8 },
    });
  });

  it('is null for a trace without a page navigation', () => {
    expect(mainThreadLongTasks([task(0, 20_000, 20_000)])).toBeNull();
  });
});
