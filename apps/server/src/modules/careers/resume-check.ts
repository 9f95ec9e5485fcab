import { inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { resumeAcceptedTypes, resumeMaxBytes } from '@maplesource/contracts';
import { AppError } from '../../plugins/errors';

export type ResumeContentType = (typeof resumeAcceptedTypes)[number];

const extensionOf: Record<ResumeContentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** Bytes of inflated stream content examined per PDF at most (a compression bomb stops there). */
const maxInflatedBytes = 20 * 1024 * 1024;

/**
 * PDF names may hide letters as `#xx` hex escapes (`/J#61vaScript` is `/JavaScript`): decode them before
 * looking, so an escaped name is seen like a plain one.
 */
function decodeNameEscapes(text: string): string {
  return text.replace(/\/[^\s/<>[\]()%{}]*/g, (name) =>
    name.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

/** Active content and attachments a résumé never needs (decision 091). */
const forbiddenPdfNames = [
  /\/JavaScript(?![A-Za-z0-9])/,
  /\/JS(?![A-Za-z0-9])/,
  /\/EmbeddedFiles?(?![A-Za-z0-9])/,
  /\/Launch(?![A-Za-z0-9])/,
  /\/RichMedia(?![A-Za-z0-9])/,
  /\/XFA(?![A-Za-z0-9])/,
];

function hasForbiddenName(text: string): boolean {
  const decoded = decodeNameEscapes(text);
  return forbiddenPdfNames.some((pattern) => pattern.test(decoded));
}

/**
 * The PDF's objects as text: the file itself, plus every `stream … endstream` that inflates (object streams
 * of PDF 1.5+ hide dictionaries, and so `/JS` or `/EmbeddedFile`, inside compressed streams).
 */
function* pdfTexts(data: Buffer): Generator<string> {
  const raw = data.toString('latin1');
  yield raw;
  let inflatedTotal = 0;
  const streamPattern = /stream\r?\n/g;
  for (let match = streamPattern.exec(raw); match; match = streamPattern.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const budget = maxInflatedBytes - inflatedTotal;
    if (budget <= 0) throw new AppError(415, 'RESUME_PDF_UNSAFE', 'The PDF is too complex to check');
    try {
      const inflated = inflateSync(data.subarray(start, end), { maxOutputLength: budget });
      inflatedTotal += inflated.length;
      yield inflated.toString('latin1');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        throw new AppError(415, 'RESUME_PDF_UNSAFE', 'The PDF is too complex to check');
      // Not a deflated stream (an image, plain content): the raw bytes were already examined. An object stream
      // holds dictionaries, so one we cannot read (another filter chain) cannot be checked: refused.
      const dictionary = raw.slice(Math.max(0, raw.lastIndexOf('obj', match.index)), match.index);
      if (/\/ObjStm(?![A-Za-z0-9])/.test(decodeNameEscapes(dictionary)))
        throw new AppError(415, 'RESUME_PDF_UNSAFE', 'The PDF cannot be checked');
    }
    streamPattern.lastIndex = end;
  }
}

/**
 * A résumé is accepted by what its bytes are, never by its name or declared type: PDF, JPEG or PNG, at most
 * 5MB; a PDF with JavaScript, launch actions or embedded files is refused. Returns the type and an extension.
 */
export async function checkResume(
  data: Buffer,
): Promise<{ contentType: ResumeContentType; extension: string }> {
  if (data.length === 0) throw new AppError(400, 'RESUME_REQUIRED', 'Attach your résumé');
  if (data.length > resumeMaxBytes)
    throw new AppError(413, 'RESUME_TOO_LARGE', 'The résumé must be 5MB or smaller');
  const detected = await fileTypeFromBuffer(data);
  const contentType = (resumeAcceptedTypes as readonly string[]).includes(detected?.mime ?? '')
    ? (detected!.mime as ResumeContentType)
    : null;
  if (!contentType)
    throw new AppError(415, 'RESUME_TYPE_NOT_ALLOWED', 'The résumé must be a PDF, JPG, JPEG or PNG file');
  if (contentType === 'application/pdf') {
    for (const text of pdfTexts(data)) {
      if (hasForbiddenName(text))
        throw new AppError(415, 'RESUME_PDF_UNSAFE', 'PDFs with scripts or attached files are not accepted');
    }
  }
  return { contentType, extension: extensionOf[contentType] };
}
