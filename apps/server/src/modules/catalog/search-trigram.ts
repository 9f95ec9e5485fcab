/**
 * pg_trgm's `similarity` in JavaScript (decision 329), for the typo vocabulary held in memory: the text is split into
 * words of letters and digits, each lowercased and padded with two spaces before and one after, and cut into its
 * three-character windows; the similarity of two texts is the number of distinct trigrams they share over the number
 * of distinct trigrams of either. `%` is `similarity ≥ pg_trgm.similarity_threshold` (0.3 by default).
 */
export const DEFAULT_SIMILARITY_THRESHOLD = 0.3;

export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word === '') continue;
    const chars = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return out;
}

/** Shared trigrams over the union of both sets (0 when both are empty), as pg_trgm's `similarity`. */
export function similarityOf(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const trigram of small) if (large.has(trigram)) shared += 1;
  // pg_trgm computes in single precision: the same rounding keeps its ties ties.
  return Math.fround(shared / (a.size + b.size - shared));
}
