import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contracts from '@maplesource/contracts';

/**
 * Issue 5 "server messages (by error code) in English and French": every error code the server can
 * answer must have an `errors:<CODE>` text in both web locales, so the client never shows a raw
 * English server message. Codes are collected from the source (AppError and its helpers,
 * sendError, Fastify's mapped errors) and from every `*ErrorCodes` list in contracts.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.resolve(here, '..', 'src');
const contractsSrc = path.resolve(here, '..', '..', '..', 'packages', 'contracts', 'src');
const locales = path.resolve(here, '..', '..', 'web', 'src', 'locales');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) sourceFiles(file, out);
    else if (file.endsWith('.ts') && !file.endsWith('.test.ts')) out.push(file);
  }
  return out;
}

const CODE = `'([A-Z][A-Z0-9_]*[A-Z0-9])'`;
const patterns = [
  new RegExp(`new AppError\\(\\s*\\d{3},\\s*${CODE}`, 'g'),
  new RegExp(
    `\\b(?:badRequest|forbidden|notFound|conflict|unprocessable|tooManyRequests)\\(\\s*${CODE}`,
    'g',
  ),
  new RegExp(`sendError\\(\\s*\\w+,\\s*\\d{3},\\s*${CODE}`, 'g'),
  // Fastify errors mapped in plugins/errors.ts and similar tables: `code: 'X'` next to a status.
  new RegExp(`status:\\s*\\d{3},\\s*code:\\s*${CODE}`, 'g'),
];

function serverErrorCodes(): Map<string, string> {
  const found = new Map<string, string>(); // code → first file using it
  // The helpers' default codes (plugins/errors.ts).
  for (const code of ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'INTERNAL_ERROR'])
    found.set(code, 'plugins/errors.ts');
  for (const file of sourceFiles(serverSrc)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns)
      for (const match of text.matchAll(pattern))
        if (!found.has(match[1]!)) found.set(match[1]!, path.relative(serverSrc, file));
  }
  // Field messages given as i18n keys in contracts schemas (`'errors:PASSWORD_TOO_SHORT'`).
  for (const file of sourceFiles(contractsSrc)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/'errors:([A-Z][A-Z0-9_]*)'/g))
      if (!found.has(match[1]!)) found.set(match[1]!, `contracts ${path.basename(file)}`);
  }
  for (const [name, value] of Object.entries(contracts))
    if (/ErrorCodes$/.test(name) && Array.isArray(value))
      for (const code of value as string[]) if (!found.has(code)) found.set(code, `contracts ${name}`);
  return found;
}

/** A language's error texts: `errors.json` and, for the seller centre's, the admin's and the quote screens' (RFQ, CNC) codes, `sellerErrors.json`
 * (found through i18next's fallback namespace, loaded with those screens). */
const errorsJson = (language: string) =>
  Object.assign(
    {},
    ...['errors.json', 'sellerErrors.json'].map(
      (file) =>
        JSON.parse(readFileSync(path.join(locales, language, file), 'utf8')) as Record<string, unknown>,
    ),
  ) as Record<string, unknown>;

describe('error codes have English and French texts', () => {
  const codes = serverErrorCodes();

  it('finds the codes (sanity)', () => {
    expect(codes.size).toBeGreaterThan(40);
    expect(codes.has('UNSUPPORTED_MEDIA_TYPE')).toBe(true);
    expect(codes.has('VALIDATION_FAILED')).toBe(true);
  });

  it.each(['en', 'fr'])('locales/%s/errors.json has every code', (language) => {
    const texts = errorsJson(language);
    const missing = [...codes]
      .filter(([code]) => typeof texts[code] !== 'string' || (texts[code] as string).trim() === '')
      .map(([code, where]) => `${code} (${where})`);
    expect(missing).toEqual([]);
  });
});
