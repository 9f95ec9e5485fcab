import { readdirSync } from 'node:fs';
import path from 'node:path';
import { getDocumentProxy } from 'unpdf';
import type { TestApp } from './helpers';

/** CNC quote tests' shared steps (decisions 322, 325): the options as the upload form sends them, the upload. */

/** The instant quote's options as multipart fields: aluminium 6061 as machined, 25 parts. */
export const cncQuoteFields = {
  material: 'aluminium-6061',
  finish: 'as-machined',
  tolerance: 'standard',
  leadTime: 'standard',
  quantity: '25',
};

export type CncTestFile = { name: string; bytes: Uint8Array };

/** A multipart body of text fields and, when given, the part's `file`. */
export function cncMultipart(fields: Record<string, string>, file?: CncTestFile) {
  const boundary = '----cncquote';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { 'content-type': `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(parts) };
}

/** `POST /api/v1/cnc-quotes` as the buyer whose session `cookie` is given. */
export function uploadCncQuote(
  t: TestApp,
  cookie: string,
  fields: Record<string, string>,
  file?: CncTestFile,
) {
  const { payload, ...headers } = cncMultipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/cnc-quotes',
    headers: { ...headers, role: 'buyer', cookie },
    payload,
  });
}

/** Every stored file under the app's data directory whose path holds `part` (the local-disk storage). */
export function storedFiles(t: TestApp, part: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      // The local-disk storage keeps each file's content type beside it, under .meta.
      if (entry.isDirectory()) {
        if (entry.name !== '.meta') walk(full);
      } else if (full.includes(part)) found.push(full);
    }
  };
  walk(t.config.DATA_DIR);
  return found;
}

/** "404 CNC_QUOTE_NOT_FOUND": an answer's status and error code, for one-line expectations. */
export const codeOf = (res: { statusCode: number; json: () => { error?: { code: string } } }) =>
  `${res.statusCode} ${res.json().error?.code ?? ''}`.trim();

/** The text of every page of a quote's PDF, joined by spaces. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join(' ');
}
