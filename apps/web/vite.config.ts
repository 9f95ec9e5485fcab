import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { firstPaintStyles } from './src/build/first-paint-styles';
import { devProxy } from './src/build/dev-proxy';

const root = fileURLToPath(new URL('.', import.meta.url));
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);
const backend = process.env.MAPLESOURCE_DEV_BACKEND ?? 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  root,
  plugins: [react(), tailwindcss(), firstPaintStyles()],
  resolve: {
    // React Router's package points bundlers at its development build (dev warnings on); a production bundle
    // takes the production build, whose warnings the minifier drops (decision 125).
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: the server preloads the chunks of the page it serves (decision 041).
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger first-load chunks: the libraries every page runs, and the app shell's own small modules.
        // Browsers fetch 6 files at a time per host over HTTP/1.1, so ~30 tiny chunks cost extra round trips
        // (decision 041). Screen code stays split per route.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
              priority: 2,
            },
            // No group for the texts: each language's are two modules imported dynamically,
            // src/locales/<lang>/first.ts and more.ts, so each part is one chunk and one request (decision 175).
            {
              name: 'shell',
              test: /[\\/]apps[\\/]web[\\/]src[\\/](lib[\\/](http|create-store|session-store|toast-store|format|i18n|query-client|use-document-title|use-require-login)\.ts|components[\\/]ui[\\/]|config[\\/]|app[\\/](layouts|behaviours)[\\/])|[\\/]packages[\\/]contracts[\\/]src[\\/](limits|languages|routes|seo|province-names)\.ts/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  // The CNC analysis worker (decision 324) is a module worker: it imports OpenCascade's reader only for STEP files.
  // The CNC preview worker (decision 340) is one too, with three.js inside it.
  worker: { format: 'es' as const },
  server: {
    proxy: devProxy(backend),
  },
}));
