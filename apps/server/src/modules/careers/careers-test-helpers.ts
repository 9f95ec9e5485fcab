import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { PDFDocument, PDFStream, StandardFonts, type PDFPage } from 'pdf-lib';
import { rowsOf } from '../../db/transaction';

/** Test material for the careers tests: form bodies as a browser's FormData sends them, and sample files. */
export function careerForm(
  fields: Record<string, unknown>,
  file?: { name: string; type: string; data: Buffer },
) {
  const boundary = `----maple${randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="application"\r\n\r\n${JSON.stringify(fields)}\r\n`,
    ),
  ];
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const applicationFields = (extra: Record<string, unknown> = {}) => ({
  fullName: 'Léa Tremblay',
  email: 'lea@example.ca',
  phoneNumber: '+14165550199',
  jobCategory: 'engineering',
  street: '200 Bay St',
  province: 'ON',
  city: 'Toronto',
  postalCode: 'M5J 2J2',
  coverLetter: 'Experienced welding engineer looking for manufacturing work.',
  ...extra,
});

/**
 * A small, complete one-page PDF written by hand (header, objects, cross-reference table, trailer, `startxref`,
 * `%%EOF`). `extraObjects` become objects 6, 7…; `catalogExtra` and `trailerExtra` are added to those
 * dictionaries, so a test can put anything inside.
 */
export function pdf(
  options: {
    text?: string;
    catalogExtra?: string;
    trailerExtra?: string;
    extraObjects?: (string | Buffer)[];
  } = {},
): Buffer {
  const content = `BT /F1 12 Tf 72 720 Td (${options.text ?? 'Welding engineer'}) Tj ET`;
  const objects: (string | Buffer)[] = [
    `<< /Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ''}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...(options.extraObjects ?? []),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const push = (part: string | Buffer) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    length += bytes.length;
  };
  objects.forEach((object, index) => {
    offsets.push(length);
    push(`${index + 1} 0 obj\n`);
    push(object);
    push('\nendobj\n');
  });
  const xref = length;
  const size = objects.length + 1;
  push(
    `xref\n0 ${size}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`,
  );
  push(`trailer\n<< /Size ${size} /Root 1 0 R ${options.trailerExtra ?? ''}>>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** A stream object's text: `dictionary` (without `/Length`) and the raw `data`. */
export function streamObject(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/**
 * An object stream (PDF 1.5+) holding `objects` (number → dictionary text), deflated as writers do, or under
 * another `filter` (chain) with its `encode`.
 */
export function objectStream(
  objects: Record<number, string>,
  filter = '/FlateDecode',
  encode: (plain: Buffer) => Buffer = deflateSync,
): Buffer {
  const entries = Object.entries(objects);
  let header = '';
  let body = '';
  for (const [number, text] of entries) {
    header += `${number} ${body.length} `;
    body += `${text}\n`;
  }
  const plain = Buffer.from(header + body, 'latin1');
  return streamObject(
    `/Type /ObjStm /N ${entries.length} /First ${header.length} /Filter ${filter}`,
    encode(plain),
  );
}

/** A one-page PDF written by pdf-lib (its dictionaries in deflated object streams), `decorate`d first. */
export async function builtPdf(
  decorate: (document: PDFDocument, page: PDFPage) => void | Promise<void> = () => undefined,
): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([612, 792]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  page.drawText('Léa Tremblay, welding engineer', { x: 72, y: 720, size: 14, font });
  await decorate(document, page);
  return Buffer.from(await document.save({ useObjectStreams: true }));
}

/**
 * Every dictionary of a PDF as pdf-lib prints it (object streams unpacked, stream data left out): what a test
 * searches for names and strings that must be gone.
 */
export async function pdfDictionaries(data: Buffer): Promise<string> {
  const document = await PDFDocument.load(data, { updateMetadata: false });
  return document.context
    .enumerateIndirectObjects()
    .map(
      ([ref, object]) => `${ref} ${object instanceof PDFStream ? object.dict.toString() : object.toString()}`,
    )
    .join('\n');
}

/** A Windows executable's first bytes ("MZ" header and PE signature). */
export function windowsExecutable(): Buffer {
  const data = Buffer.alloc(512);
  data.write('MZ', 0, 'latin1');
  data.writeUInt32LE(0x80, 0x3c);
  data.write('PE\0\0', 0x80, 'latin1');
  return data;
}

export async function resumeKeyOf(app: FastifyInstance, applicationId: string): Promise<string> {
  const [row] = rowsOf<{ resume_key: string }>(
    await app.db.execute(sql`SELECT resume_key FROM career_applications WHERE id = ${applicationId}`),
  );
  if (!row) throw new Error('no such application');
  return row.resume_key;
}
