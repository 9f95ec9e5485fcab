import { badRequest } from '../../plugins/errors';

/**
 * The drawn signature of an invoice acceptance (shared12 interface): a small SVG of paths only. Rather than
 * filtering the given markup, it is parsed into its paths and written again from them, so what is stored can hold
 * nothing but `<svg>` with a viewBox and `<path>` elements with `d`, `stroke`, `stroke-width` and `fill="none"`.
 */
export const signatureSvgMaxBytes = 64 * 1024;

const invalid = () =>
  badRequest('INVOICE_SIGNATURE_INVALID', 'The signature must be a drawn signature (SVG paths)');

const SVG_OPEN = /^\s*(?:<\?xml[^>]{0,200}\?>\s*)?<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/;
const PATH = /<path\b([^<>]*?)\/?>(?:\s*<\/path>)?/g;
const ATTRIBUTE = /([a-zA-Z:-]+)\s*=\s*"([^"]*)"/g;
const PATH_DATA = /^[MmLlHhVvCcSsQqTtAaZz0-9eE.,\s+-]{1,20000}$/;
const COLOUR = /^(?:#[0-9a-fA-F]{3,8}|[a-z]{3,20})$/;
const NUMBER = /^\d{1,4}(?:\.\d{1,4})?$/;
const VIEW_BOX = /^-?\d{1,5}(?:\.\d+)? -?\d{1,5}(?:\.\d+)? \d{1,5}(?:\.\d+)? \d{1,5}(?:\.\d+)?$/;

function attributesOf(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) found.set(match[1]!.toLowerCase(), match[2]!);
  return found;
}

/** The clean SVG, or INVOICE_SIGNATURE_INVALID (400) when it is not a signature of paths. */
export function sanitizeSignatureSvg(svg: string): string {
  if (Buffer.byteLength(svg, 'utf8') > signatureSvgMaxBytes) throw invalid();
  const outer = SVG_OPEN.exec(svg);
  if (!outer) throw invalid();
  const rootAttributes = attributesOf(outer[1]!);
  const viewBox =
    rootAttributes
      .get('viewbox')
      ?.trim()
      .replace(/[\s,]+/g, ' ') ?? '0 0 600 200';
  if (!VIEW_BOX.test(viewBox)) throw invalid();
  const body = outer[2]!;
  const paths: string[] = [];
  for (const match of body.matchAll(PATH)) {
    const attributes = attributesOf(match[1]!);
    const d = attributes.get('d')?.trim() ?? '';
    if (!PATH_DATA.test(d)) throw invalid();
    const stroke = attributes.get('stroke') ?? '#000';
    const width = attributes.get('stroke-width') ?? '2';
    if (!COLOUR.test(stroke) || !NUMBER.test(width)) throw invalid();
    paths.push(`<path d="${d}" stroke="${stroke}" stroke-width="${width}" fill="none"/>`);
  }
  // Anything besides the paths and white space (scripts, images, foreign objects, text) refuses the signature.
  if (body.replace(PATH, '').trim() !== '' || paths.length === 0) throw invalid();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${paths.join('')}</svg>`;
}
