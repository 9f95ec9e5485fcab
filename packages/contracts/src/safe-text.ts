import { z } from 'zod';

/**
 * Shared rules for text people type into names, titles and addresses, and for URLs stored and shown to others
 * (decision 057). Messages are i18n keys (`errors:<CODE>`), like every contracts message.
 */

/** C0/C1 control characters (NUL, ESC, DEL…) and the bidi embedding/override/isolate controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this expression
const CONTROL_OR_BIDI = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** The same, but tab, line feed and carriage return are allowed (multi-line text such as a review comment). */
const CONTROL_OR_BIDI_MULTILINE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point of this expression
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** Characters that show nothing on their own (besides white space): zero-width spaces and joiners, marks, fillers. */
const INVISIBLE_CODE_POINTS = new Set<number>([
  0x00ad, 0x034f, 0x061c, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180e, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f,
  0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x3164, 0xfeff, 0xffa0,
]);

export const TEXT_INVALID_CHARACTERS = 'errors:TEXT_INVALID_CHARACTERS';

/** True when the text has something visible once invisible characters are removed. */
export const hasVisibleCharacters = (value: string): boolean =>
  Array.from(value).some((char) => !/\s/u.test(char) && !INVISIBLE_CODE_POINTS.has(char.codePointAt(0) ?? 0));

export const hasNoControlOrBidi = (value: string): boolean => !CONTROL_OR_BIDI.test(value);

/**
 * A single-line name or title (person, business, city, street, category, blog title…): trimmed, `min`–`max`
 * characters, no control characters, no bidi overrides, and not made only of invisible characters.
 */
export function nameTextSchema(options: { min?: number; max: number; requiredMessage?: string }) {
  const min = options.min ?? 1;
  return z
    .string()
    .trim()
    .min(min, options.requiredMessage)
    .max(options.max)
    .refine(hasNoControlOrBidi, TEXT_INVALID_CHARACTERS)
    .refine((value) => value.length === 0 || hasVisibleCharacters(value), TEXT_INVALID_CHARACTERS);
}

/** Multi-line text (comments, excerpts): like `nameTextSchema` but tabs and line breaks are allowed. */
export function multilineTextSchema(options: { min?: number; max: number; requiredMessage?: string }) {
  const min = options.min ?? 0;
  return z
    .string()
    .trim()
    .min(min, options.requiredMessage)
    .max(options.max)
    .refine((value) => !CONTROL_OR_BIDI_MULTILINE.test(value), TEXT_INVALID_CHARACTERS)
    .refine((value) => value.length === 0 || hasVisibleCharacters(value), TEXT_INVALID_CHARACTERS);
}

export const URL_NOT_ALLOWED = 'errors:URL_NOT_ALLOWED';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether `value` is a URL we may store and show: `https:` anywhere; `http:` only to a loopback host (a development
 * server); or a path on our own site (`/uploads/…`, `/api/v1/media/…`, never `//host`). Everything else —
 * `javascript:`, `data:`, `vbscript:`, `http:` to another host, protocol-relative `//evil.example` — is refused.
 */
export function isAllowedUrl(value: string): boolean {
  if (!hasNoControlOrBidi(value) || /\s/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return url.hostname.length > 0;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** The one schema for URL fields people submit (images, covers, links). */
export function safeUrlSchema(max = 1000) {
  return z.string().trim().min(1).max(max).refine(isAllowedUrl, URL_NOT_ALLOWED);
}
