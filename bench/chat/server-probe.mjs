// Preloaded into the chat bench's server processes (`node --import ./bench/chat/server-probe.mjs`), never into
// production: it measures the event loop's delay (perf_hooks.monitorEventLoopDelay), garbage collection pauses,
// and counts what each message costs in writes — SQL statements (pg Client.query), Redis commands by name
// (ioredis sendCommand) and WebSocket frames (ws Sender.sendFrame). On SIGUSR2 it writes the figures since the
// last signal to `$BENCH_PROBE_DIR/<pid>.json` and starts counting again.
import { createRequire } from 'node:module';
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const dir = process.env.BENCH_PROBE_DIR;
if (dir) {
  const fromServer = createRequire(path.resolve(import.meta.dirname, '../../apps/server/package.json'));
  const fromEngine = createRequire(fromServer.resolve('engine.io'));
  let counts = { sql: 0, redis: {}, frames: 0 };
  const emptyGc = () => ({ count: 0, totalMs: 0, maxMs: 0, major: 0, majorMaxMs: 0 });
  let gc = emptyGc();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();

  const pg = fromServer('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(...args) {
    counts.sql += 1;
    return query.apply(this, args);
  };
  const { Redis } = fromServer('ioredis');
  const sendCommand = Redis.prototype.sendCommand;
  Redis.prototype.sendCommand = function countedCommand(command, ...rest) {
    const name = String(command?.name ?? '?').toUpperCase();
    counts.redis[name] = (counts.redis[name] ?? 0) + 1;
    return sendCommand.call(this, command, ...rest);
  };
  const { Sender } = fromEngine('ws');
  const sendFrame = Sender.prototype.sendFrame;
  Sender.prototype.sendFrame = function countedFrame(...args) {
    counts.frames += 1;
    return sendFrame.apply(this, args);
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      // perf_hooks.constants.NODE_PERFORMANCE_GC_MAJOR: a full mark-sweep-compact (the long pauses).
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gc.major += 1;
        gc.majorMaxMs = Math.max(gc.majorMaxMs, entry.duration);
      }
    }
  }).observe({ entryTypes: ['gc'] });

  const ms = (ns) => Number((ns / 1e6).toFixed(2));
  process.on('SIGUSR2', () => {
    const report = {
      loopDelayMs: {
        p50: ms(loop.percentile(50)),
        p99: ms(loop.percentile(99)),
        max: ms(loop.max),
      },
      gc: { ...gc, totalMs: Number(gc.totalMs.toFixed(1)), maxMs: Number(gc.maxMs.toFixed(1)) },
      counts,
    };
    const file = path.join(dir, `${process.pid}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(report));
    renameSync(`${file}.tmp`, file);
    loop.reset();
    counts = { sql: 0, redis: {}, frames: 0 };
    gc = emptyGc();
  });
}
