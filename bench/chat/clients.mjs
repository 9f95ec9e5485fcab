// A socket-holding client process for chat-realtime.mjs: opens one authenticated Socket.IO connection per
// cookie in the JSON file it is given (argv: url, cookies file), a few hundred at a time, reports
// `{ connected, failed }` over IPC and holds them until the parent says `close`.
import { readFileSync } from 'node:fs';
import { io as connect } from 'socket.io-client';

const [url, cookiesFile] = process.argv.slice(2);
const cookies = JSON.parse(readFileSync(cookiesFile, 'utf8'));
const concurrency = Number(process.env.BENCH_CONNECT_CONCURRENCY ?? 100);
const sockets = [];
let failed = 0;
let firstError = null;

function open(cookie) {
  const socket = connect(url, {
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
    timeout: 60_000,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      sockets.push(socket);
      resolve();
    });
    socket.once('connect_error', (error) => {
      failed += 1;
      firstError ??= error.message;
      socket.close();
      resolve();
    });
  });
}

let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < cookies.length) await open(cookies[next++]);
  }),
);
process.send({ connected: sockets.length, failed, firstError });
process.on('message', (message) => {
  if (message !== 'close') return;
  for (const socket of sockets) socket.close();
  process.exit(0);
});
