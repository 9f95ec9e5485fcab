// The page's main thread in a Lighthouse trace: how much of its long tasks' wall time it spent on the CPU.
// Lighthouse's simulated throttling multiplies each observed task's *wall* duration by the CPU slowdown (4 on
// mobile), so a task whose thread was descheduled (another process on the CPU: a 2-core machine shared with the
// server, Chromium's other processes or other work) counts as long in total blocking time although it did little.
// Decision 229: the "first task attributed to no script" of the low runs was the navigation commit, 6–16 ms of
// thread time for 9–52 ms of wall time.

/** Tasks that Lighthouse sees as long (≥ 50 ms once simulated at 4×) are those of ≥ 12.5 ms observed. */
const LONG_TASK_US = 12_500;

/**
 * @param {{ traceEvents?: any[] } | any[]} trace Chromium trace (Lighthouse `--save-assets` `*-0.trace.json`)
 * @returns {{ longTasks: number, wallMs: number, cpuMs: number, commit: { wallMs: number, cpuMs: number } | null } | null}
 *   the renderer main thread's tasks of ≥ 12.5 ms wall from the page's navigation on, their wall and thread
 *   (CPU) time, and the navigation commit's task; null when the trace has no page navigation.
 */
export function mainThreadLongTasks(trace) {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      /^https?:/.test(e.args?.data?.documentLoaderURL ?? ''),
  );
  if (!navigation) return null;
  // The page's renderer main thread: the thread of its navigationStart.
  const onMain = (e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === 'X';
  const mainEvents = events.filter((e) => onMain(e) && e.ts + (e.dur ?? 0) >= navigation.ts);
  const tasks = mainEvents.filter((e) => e.name === 'RunTask');
  const long = tasks.filter((e) => e.dur >= LONG_TASK_US && typeof e.tdur === 'number');
  // The page's own commit: the longest one (an initial empty document and every SVG image commit one too, in
  // well under a millisecond).
  const commit = mainEvents
    .filter((e) => e.name === 'DocumentLoader::CommitNavigation' && typeof e.dur === 'number')
    .reduce((longest, e) => (!longest || e.dur > longest.dur ? e : longest), undefined);
  const commitTask = commit && tasks.find((t) => t.ts <= commit.ts && t.ts + t.dur >= commit.ts + commit.dur);
  const ms = (us) => us / 1000;
  return {
    longTasks: long.length,
    wallMs: ms(long.reduce((sum, e) => sum + e.dur, 0)),
    cpuMs: ms(long.reduce((sum, e) => sum + e.tdur, 0)),
    commit: commitTask ? { wallMs: ms(commitTask.dur), cpuMs: ms(commitTask.tdur ?? 0) } : null,
  };
}
