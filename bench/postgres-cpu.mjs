// Shared by the in-process PostgreSQL benchmarks: the CPU the database's backends spent, and latency percentiles.
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/** CPU milliseconds (user + system) of the PostgreSQL backends serving `dbName` (Linux /proc). */
export function backendsCpuMs(dbName) {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name)))
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!command.startsWith('postgres:') || !command.includes(` ${dbName} `)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended meanwhile
    }
  return (ticks / ticksPerSecond) * 1000;
}

/** The `p`th percentile of ascending `sorted` (nearest rank). */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
