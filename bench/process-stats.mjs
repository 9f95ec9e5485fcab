// Shared by the benchmarks that run servers as processes: CPU time and memory of a process or of every process of
// one command (Linux /proc), and the machine's busy share.
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

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
