import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * A PDF's first page as a PNG, for review (decision 293): headless Chromium has no PDF viewer, so PDF.js (the build
 * unpdf ships, which the server's PDF tests use) draws the page on a canvas in the test's own page. The script is
 * served by the test itself on the page's origin, so the app's content security policy allows it.
 */
const pdfjsFile = path.resolve(import.meta.dirname, '../node_modules/unpdf/dist/pdfjs.mjs');

export async function pdfFirstPageImage(page: Page, pdf: Buffer): Promise<Buffer> {
  const scriptUrl = `${new URL(page.url()).origin}/__e2e__/pdfjs.mjs`;
  await page.route(scriptUrl, (route) =>
    route.fulfill({ body: readFileSync(pdfjsFile), contentType: 'text/javascript' }),
  );
  const dataUrl = await page.evaluate(
    async ({ url, base64 }) => {
      const pdfjs = (await import(/* @vite-ignore */ url)) as {
        getDocument(options: object): { promise: Promise<PdfDocument> };
      };
      interface PdfDocument {
        getPage(number: number): Promise<{
          getViewport(options: { scale: number }): { width: number; height: number };
          render(options: object): { promise: Promise<void> };
        }>;
      }
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const document_ = await pdfjs.getDocument({ data: bytes, isEvalSupported: false }).promise;
      const first = await document_.getPage(1);
      const viewport = first.getViewport({ scale: 1.5 });
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await first.render({ canvasContext: context, canvas, viewport }).promise;
      return canvas.toDataURL('image/png');
    },
    { url: scriptUrl, base64: pdf.toString('base64') },
  );
  await page.unroute(scriptUrl);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
