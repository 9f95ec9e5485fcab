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
  // For BENCH_TIMELINE: when the event loop stalled (a 5 ms tick that came 10 ms or more late) and when GC paused,
  // as wall-clock times (ms since the epoch), so the bench can set them beside each second's slow messages.
  let stalls = [];
  let pauses = [];
  const tick = 5;
  let expected = performance.now() + tick;
  if (process.env.BENCH_TIMELINE)
    setInterval(() => {
      const now = performance.now();
      const late = now - expected;
      if (late >= 10 && stalls.length < 10_000)
        stalls.push([Math.round(performance.timeOrigin + now - late), Math.round(late)]);
      expected = now + tick;
    }, tick).unref();

  const pg = fromServer('pg');
  // BENCH_SQL_TIMES: each statement's time from the call to its answer (PostgreSQL's work, the wait for it
  // and this process's own delay in reading the answer), by statement (its first words), and the wait for a
  // pool connection.
  const timeStatements = Boolean(process.env.BENCH_SQL_TIMES);
  let statementTimes = new Map();
  const timed = (kind, started) => {
    const ms = performance.now() - started;
    let list = statementTimes.get(kind);
    if (!list) statementTimes.set(kind, (list = []));
    list.push(ms);
  };
  const kindOf = (config) =>
    String(typeof config === 'string' ? config : (config?.text ?? config?.name ?? '?'))
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 60);
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(...args) {
    counts.sql += 1;
    if (!timeStatements) return query.apply(this, args);
    const kind = kindOf(args[0]);
    const started = performance.now();
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last];
      args[last] = function timedCallback(...results) {
        timed(kind, started);
        return callback.apply(this, results);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result && typeof result.then === 'function')
      result.then(
        () => timed(kind, started),
        () => timed(kind, started),
      );
    return result;
  };
  if (timeStatements) {
    const open = pg.Client.prototype.connect;
    pg.Client.prototype.connect = function timedOpen(...args) {
      const started = performance.now();
      if (typeof args[0] === 'function') {
        const callback = args[0];
        return open.call(this, (...results) => {
          timed('(opening a new PostgreSQL connection)', started);
          return callback(...results);
        });
      }
      const result = open.apply(this, args);
      if (result && typeof result.then === 'function')
        result.then(
          () => timed('(opening a new PostgreSQL connection)', started),
          () => undefined,
        );
      return result;
    };
    const connect = pg.Pool.prototype.connect;
    pg.Pool.prototype.connect = function timedConnect(callback) {
      const started = performance.now();
      if (typeof callback === 'function')
        return connect.call(this, (...results) => {
          timed('(waiting for a pool connection)', started);
          return callback(...results);
        });
      const result = connect.call(this);
      result.then(
        () => timed('(waiting for a pool connection)', started),
        () => undefined,
      );
      return result;
    };
  }
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
      if (pauses.length < 10_000)
        pauses.push([
          Math.round(performance.timeOrigin + entry.startTime),
          Number(entry.duration.toFixed(1)),
          entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR ? 1 : 0,
        ]);
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
      stalls,
      pauses,
      statements: [...statementTimes].map(([kind, list]) => {
        const sorted = list.sort((x, y) => x - y);
        const at = (p) =>
          Number((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(1));
        const total = sorted.reduce((sum, value) => sum + value, 0);
        return {
          kind,
          count: sorted.length,
          p50: at(0.5),
          p99: at(0.99),
          max: at(1),
          totalMs: Number(total.toFixed(0)),
        };
      }),
    };
    const file = path.join(dir, `${process.pid}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(report));
    renameSync(`${file}.tmp`, file);
    loop.reset();
    counts = { sql: 0, redis: {}, frames: 0 };
    statementTimes = new Map();
    gc = emptyGc();
    stalls = [];
    pauses = [];
  });
}
