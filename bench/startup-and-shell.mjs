// Foundation figures: time from start to ready on an empty DATA_DIR (migrations + seed included),
// then requests/s for /healthz and for the app shell.
import { load, printLoad, startServer } from './lib.mjs';

export async function run() {
  console.info('\n# startup and shell');
  const server = await startServer();
  console.info(
    `start → ready on an empty DATA_DIR (PGlite, migrate + seed): ${Math.round(server.readyMs)} ms`,
  );
  try {
    printLoad('GET /healthz', await load(`${server.url}/healthz`));
    printLoad('GET / (app shell)', await load(`${server.url}/`, { headers: { 'accept-encoding': 'br' } }));
    printLoad(
      'GET /products (app shell)',
      await load(`${server.url}/products`, { headers: { 'accept-encoding': 'br' } }),
    );
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
