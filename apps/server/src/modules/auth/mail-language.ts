import type { TextLanguage } from '@maplesource/contracts';

/**
 * The text language an `Accept-Language` header prefers (decision 210): French when it ranks French above English
 * (by quality, then by order), English otherwise — also when it names neither or is missing.
 */
export function languageFromAcceptLanguage(header: string | undefined): TextLanguage {
  if (!header) return 'en';
  let best: { language: TextLanguage; quality: number } | null = null;
  for (const part of header.split(',').slice(0, 50)) {
    const [range = '', ...params] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0];
    if (primary !== 'en' && primary !== 'fr') continue;
    const q = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isFinite(quality) || quality <= 0) continue;
    if (!best || quality > best.quality) best = { language: primary, quality };
  }
  return best?.language ?? 'en';
}
