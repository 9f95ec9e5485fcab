import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
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

/** A small, harmless PDF; `body` lets a test put an object inside. */
export function pdf(body = '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj'): Buffer {
  return Buffer.from(`%PDF-1.7\n${body}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

/** A PDF whose dictionaries sit in a deflated object stream (PDF 1.5+), as many writers produce them. */
export function pdfWithCompressedObjects(objects: string): Buffer {
  const compressed = deflateSync(Buffer.from(objects, 'latin1'));
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n5 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${compressed.length} >>\nstream\n`,
      'latin1',
    ),
    compressed,
    Buffer.from('\nendstream\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]);
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
