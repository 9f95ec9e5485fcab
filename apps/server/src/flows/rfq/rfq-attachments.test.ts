import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RFQ_ATTACHMENT_LIMITS } from '@maplesource/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { as, makeUser, type Party } from '../../../test/orders-helpers';
import {
  codeOf,
  makeRfqBuyer,
  makeRfqCategory,
  makeRfqSupplier,
  rfqBody,
  sendRfq,
  supplierView,
  type RfqSupplier,
} from '../../../test/rfq-helpers';
import { rowsOf } from '../../db/transaction';
import { attachmentTypeOf } from './attachment-type';

/**
 * A request's attachments (decision 317): at most 5 of at most 10 MB, type checked by content, stored privately and
 * downloaded only by the buyer and the matched suppliers (anyone else 404).
 */
let t: TestApp;
let categoryId: number;
let matched: RfqSupplier;
let outsider: RfqSupplier;
beforeAll(async () => {
  t = await createTestApp();
  categoryId = await makeRfqCategory(t);
  matched = await makeRfqSupplier(t, categoryId, ['QC'], 'Mia Matched');
  outsider = await makeRfqSupplier(t, categoryId, ['BC'], 'Otto Outside');
});
afterAll(async () => t?.close());

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const step = Buffer.from(
  "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('bracket'),'2;1');\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n",
);
function binaryStl(triangles: number) {
  const data = Buffer.alloc(84 + triangles * 50);
  data.write('binary bracket', 0, 'latin1');
  data.writeUInt32LE(triangles, 80);
  return data;
}
const asciiStl = Buffer.from(
  'solid part\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n   vertex 0 1 0\n  endloop\n endfacet\nendsolid part\n',
);
const dxf = Buffer.from('  0\nSECTION\n  2\nENTITIES\n  0\nENDSEC\n  0\nEOF\n');
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);

function multipart(file: Buffer, filename: string, type = 'application/octet-stream') {
  const boundary = `----rfq${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
const upload = (buyer: Party, rfqId: string, file: Buffer, filename: string, type?: string) => {
  const body = multipart(file, filename, type);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/rfqs/${rfqId}/attachments`,
    headers: { ...as(buyer), 'content-type': body.contentType },
    payload: body.payload,
  });
};

describe('the attachment type check', () => {
  it('goes by the bytes: PDF, PNG, STEP, binary and ASCII STL and DXF pass; an executable and text do not', async () => {
    expect(await attachmentTypeOf(pdf)).toBe('application/pdf');
    expect(await attachmentTypeOf(png)).toBe('image/png');
    expect(await attachmentTypeOf(step)).toBe('model/step');
    expect(await attachmentTypeOf(binaryStl(3))).toBe('model/stl');
    expect(await attachmentTypeOf(asciiStl)).toBe('model/stl');
    expect(await attachmentTypeOf(dxf)).toBe('image/vnd.dxf');
    expect(await attachmentTypeOf(exe)).toBeNull();
    expect(await attachmentTypeOf(Buffer.from('just some notes'))).toBeNull();
    // A binary STL whose triangle count does not match its size is not one.
    expect(await attachmentTypeOf(binaryStl(3).subarray(0, 150))).toBeNull();
  });
});

describe('attachments over HTTP', () => {
  it('stores up to 5 files privately and lets only the buyer and matched suppliers download them', async () => {
    const bea = await makeRfqBuyer(t, 'Bea Files');
    const { rfq } = await sendRfq(t, bea, rfqBody(categoryId));
    const first = await upload(bea, rfq.id, pdf, 'drawing.pdf', 'application/pdf');
    expect(first.statusCode).toBe(201);
    const attachment = first.json().attachment;
    expect(attachment).toMatchObject({
      filename: 'drawing.pdf',
      contentType: 'application/pdf',
      bytes: pdf.length,
    });
    expect((await upload(bea, rfq.id, step, '../../bracket.step')).json().attachment).toMatchObject({
      filename: 'bracket.step',
      contentType: 'model/step',
    });
    // Named like a PDF, an executable is refused; so is a file over 10 MB and a request without a file.
    expect(codeOf(await upload(bea, rfq.id, exe, 'invoice.pdf', 'application/pdf'))).toBe(
      '415 RFQ_ATTACHMENT_TYPE',
    );
    const big = Buffer.concat([pdf, Buffer.alloc(RFQ_ATTACHMENT_LIMITS.maxBytes)]);
    expect(codeOf(await upload(bea, rfq.id, big, 'big.pdf'))).toBe('413 RFQ_ATTACHMENT_TOO_LARGE');
    expect(codeOf(await upload(bea, rfq.id, Buffer.alloc(0), 'empty.pdf'))).toBe(
      '400 RFQ_ATTACHMENT_REQUIRED',
    );

    // The buyer downloads it as an attachment, byte for byte.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/rfqs/${rfq.id}/attachments/${attachment.id}`,
      headers: as(bea),
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toContain('attachment; filename="drawing.pdf"');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.equals(pdf)).toBe(true);
    // So does a matched supplier, through its storefront; the supplier's view lists the files.
    const supplierUrl = (s: RfqSupplier) =>
      `/api/v1/seller/${s.sellerId}/rfqs/${rfq.id}/attachments/${attachment.id}`;
    const bySupplier = await t.app.inject({
      method: 'GET',
      url: supplierUrl(matched),
      headers: as(matched.party, 'seller'),
    });
    expect(bySupplier.statusCode).toBe(200);
    expect(bySupplier.rawPayload.equals(pdf)).toBe(true);
    expect((await supplierView(t, matched, rfq.id)).json().attachments).toHaveLength(2);
    const compared = await t.app.inject({ method: 'GET', url: `/api/v1/rfqs/${rfq.id}`, headers: as(bea) });
    expect(compared.json().attachments.map((a: { filename: string }) => a.filename)).toEqual([
      'drawing.pdf',
      'bracket.step',
    ]);
    // Nobody else: a supplier not matched, another buyer, a storefront not the user's.
    const notMatched = await t.app.inject({
      method: 'GET',
      url: supplierUrl(outsider),
      headers: as(outsider.party, 'seller'),
    });
    expect(codeOf(notMatched)).toBe('404 RFQ_NOT_FOUND');
    const other = await makeUser(t, ['buyer'], 'Olga Other');
    const byOther = await t.app.inject({
      method: 'GET',
      url: `/api/v1/rfqs/${rfq.id}/attachments/${attachment.id}`,
      headers: as(other),
    });
    expect(codeOf(byOther)).toBe('404 RFQ_NOT_FOUND');
    expect(codeOf(await upload(other, rfq.id, pdf, 'x.pdf'))).toBe('404 RFQ_NOT_FOUND');
    const borrowed = await t.app.inject({
      method: 'GET',
      url: supplierUrl(matched),
      headers: as(outsider.party, 'seller'),
    });
    expect(codeOf(borrowed)).toBe('404 SELLER_NOT_FOUND');

    // Up to five: three more pass, the sixth is refused.
    for (const [file, name] of [
      [png, 'photo.png'],
      [binaryStl(2), 'part.stl'],
      [dxf, 'plan.dxf'],
    ] as const)
      expect((await upload(bea, rfq.id, file, name)).statusCode).toBe(201);
    expect(codeOf(await upload(bea, rfq.id, pdf, 'sixth.pdf'))).toBe('409 RFQ_ATTACHMENT_LIMIT');
  });

  it("stores a photo without its metadata (a private request's photo must not name its buyer)", async () => {
    const bea = await makeRfqBuyer(t, 'Bea Photo');
    const { rfq } = await sendRfq(t, bea, rfqBody(categoryId, { private: true }));
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Bea Secret-Name' } })
      .toBuffer();
    expect(photo.includes('Bea Secret-Name')).toBe(true);
    const uploaded = await upload(bea, rfq.id, photo, 'part.jpg', 'image/jpeg');
    expect(uploaded.json().attachment.contentType).toBe('image/jpeg');
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/${matched.sellerId}/rfqs/${rfq.id}/attachments/${uploaded.json().attachment.id}`,
      headers: as(matched.party, 'seller'),
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.includes('Bea Secret-Name')).toBe(false);
    expect((await sharp(stored.rawPayload).metadata()).width).toBe(8);
  });

  it('keeps five of six concurrent uploads, and none once the request has ended', async () => {
    const bea = await makeRfqBuyer(t, 'Bea Race');
    const { rfq } = await sendRfq(t, bea, rfqBody(categoryId));
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, n) => upload(bea, rfq.id, pdf, `d${n}.pdf`)),
    );
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(5);
    expect(results.filter((res) => codeOf(res) === '409 RFQ_ATTACHMENT_LIMIT')).toHaveLength(1);
    const [row] = rowsOf<{ files: number | string; counted: number | string }>(
      await t.database.db.execute(
        sql`SELECT (SELECT count(*) FROM rfq_attachments WHERE rfq_id = ${rfq.id}) AS files,
                   (SELECT attachment_count FROM rfqs WHERE id = ${rfq.id}) AS counted`,
      ),
    );
    expect([Number(row!.files), Number(row!.counted)]).toEqual([5, 5]);

    const other = (await sendRfq(t, bea, rfqBody(categoryId))).rfq;
    await t.app.inject({ method: 'POST', url: `/api/v1/rfqs/${other.id}/close`, headers: as(bea) });
    expect(codeOf(await upload(bea, other.id, pdf, 'late.pdf'))).toBe('409 RFQ_NOT_OPEN');
  });
});
