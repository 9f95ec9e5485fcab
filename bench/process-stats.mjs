// Shared by the benchmarks that run servers as processes: CPU time and memory of a process or of every process of
// one command (Linux /proc), and the machine's busy share.
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

const CLOCK_TICKS = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/** Resident memory of a process, in bytes. */
export const rssOf = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** CPU time (user + system) a process has used so far, in ms. */
export const cpuMsOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
};

/** CPU time (ms) used so far by every process named `comm` and its ended children (e.g. all PostgreSQL backends). */
export const cpuMsOfCommand = (comm) => {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== comm) continue;
      // utime + stime + cutime + cstime: the postmaster's children that ended (short-lived backends) count too.
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      total +=
        ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) /
        CLOCK_TICKS;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
};

/** The whole machine's busy and total CPU time so far (ms, all CPUs), from /proc/stat. */
export const machineCpu = () => {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = fields[3] + fields[4];
  return { busy: ((total - idle) * 1000) / CLOCK_TICKS, total: (total * 1000) / CLOCK_TICKS };
};

const loadLine = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')} on ${cpus().length} CPUs`;

/**
 * Waits (at most `waitSeconds`) for the 1-minute load average to fall below `quietLoad`, so that runs start their
 * measured phases on a comparably quiet machine (decision 227): the 1-minute figure still carries up to a minute of
 * earlier work (another engineer's tests, the bench's own set-up). Returns what to print.
 */
export async function waitForQuiet(quietLoad, waitSeconds) {
  const started = performance.now();
  const before = loadavg()[0];
  if (!(quietLoad > 0) || waitSeconds === 0)
    return `no wait for a quiet machine (BENCH_QUIET_LOAD=${quietLoad}); ${loadLine()}`;
  while (loadavg()[0] >= quietLoad && performance.now() - started < waitSeconds * 1000)
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  const waited = ((performance.now() - started) / 1000).toFixed(0);
  const after = loadavg()[0];
  return after < quietLoad
    ? `1-minute load average ${before.toFixed(2)} → ${after.toFixed(2)}, below ${quietLoad} after ${waited} s; ${loadLine()}`
    : `NOT QUIET: 1-minute load average ${before.toFixed(2)} → ${after.toFixed(2)}, still ≥ ${quietLoad} after ` +
        `${waited} s (the bound); measured anyway; ${loadLine()}`;
}
