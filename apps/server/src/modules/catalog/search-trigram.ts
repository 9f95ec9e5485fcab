/**
 * pg_trgm's `similarity` in JavaScript (decision 329), for the typo vocabulary held in memory: the text is split into
 * words of letters and digits, each lowercased and padded with two spaces before and one after, and cut into its
 * three-character windows; the similarity of two texts is the number of distinct trigrams they share over the number
 * of distinct trigrams of either. `%` is `similarity ≥ pg_trgm.similarity_threshold` (0.3 by default).
 */
export const DEFAULT_SIMILARITY_THRESHOLD = 0.3;

/** What separates words for pg_trgm: anything but a letter or digit of any script (a database with a non-C ctype). */
export const UNICODE_WORD_SEPARATORS = /[^\p{L}\p{N}]+/u;
/** Under the C ctype pg_trgm's words are ASCII letters and digits only: any other character separates them. */
export const ASCII_WORD_SEPARATORS = /[^A-Za-z0-9]+/;

export function trigrams(text: string, separators: RegExp = UNICODE_WORD_SEPARATORS): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(separators)) {
    if (word === '') continue;
    const chars = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return out;
}

/** Shared trigrams over the union of both sets (0 when both are empty), as pg_trgm's `similarity`. */
export function similarityOf(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const trigram of small) if (large.has(trigram)) shared += 1;
  return similarityOfCounts(shared, a.size, b.size);
}

/** `similarityOf` from the counts: `shared` trigrams of sets of `a` and `b` distinct trigrams. */
export function similarityOfCounts(shared: number, a: number, b: number): number {
  if (a === 0 || b === 0) return 0;
  // pg_trgm computes in single precision: the same rounding keeps its ties ties.
  return Math.fround(shared / (a + b - shared));
}

/** A text's trigrams in the order they occur, each as the number of its first occurrence (`distinct[number]`). */
export interface PositionalTrigrams {
  at: Int32Array;
  distinct: readonly string[];
}

/**
 * pg_trgm's trigrams of a text in the order they occur (`generate_trgm_only`): every word padded as above, each
 * window kept even when it repeats — what `word_similarity` walks.
 */
export function positionalTrigrams(
  text: string,
  separators: RegExp = UNICODE_WORD_SEPARATORS,
): PositionalTrigrams {
  const numbers = new Map<string, number>();
  const distinct: string[] = [];
  const at: number[] = [];
  for (const word of text.toLowerCase().split(separators)) {
    if (word === '') continue;
    const chars = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 3 <= chars.length; i++) {
      const trigram = chars[i]! + chars[i + 1]! + chars[i + 2]!;
      let number = numbers.get(trigram);
      if (number === undefined) {
        number = distinct.length;
        numbers.set(trigram, number);
        distinct.push(trigram);
      }
      at.push(number);
    }
  }
  return { at: Int32Array.from(at), distinct };
}

/** pg_trgm's `word_similarity_threshold` default: `a <% b` is `word_similarity(a, b) ≥ 0.6`. */
export const DEFAULT_WORD_SIMILARITY_THRESHOLD = 0.6;

/**
 * pg_trgm's `word_similarity(query, text)` (`calc_word_similarity` and `iterate_word_similarity` of trgm_op.c, plain
 * mode): the greatest similarity between the query's trigram set and the trigrams of a run of consecutive positions
 * of the text's trigrams, the run starting and ending on a trigram the query has. `text` is given as its positional
 * trigrams (`positionalTrigrams`, computed once per text). Single precision, like pg_trgm, so ties stay ties.
 */
export function wordSimilarity(query: ReadonlySet<string>, text: PositionalTrigrams): number {
  const ulen1 = query.size;
  const at = text.at;
  const len2 = at.length;
  if (ulen1 === 0 || len2 === 0) return 0;
  // Whether the query has each distinct trigram of the text (the query's other trigrams never occur in the walk).
  const found = new Uint8Array(text.distinct.length);
  let any = false;
  text.distinct.forEach((trigram, number) => {
    if (!query.has(trigram)) return;
    found[number] = 1;
    any = true;
  });
  if (!any) return 0;
  const lastpos = new Int32Array(found.length).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < len2; i++) {
    const trigram = at[i]!;
    if (lower >= 0 || found[trigram]) {
      if (lastpos[trigram]! < 0) {
        ulen2 += 1;
        if (found[trigram]) count += 1;
      }
      lastpos[trigram] = i;
    }
    if (!found[trigram]) continue;
    const upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = similarityOfCounts(count, ulen1, ulen2);
    // Moving the run's start right may raise the similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const previousLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const candidate = similarityOfCounts(tmpCount, ulen1, tmpUlen2);
      if (candidate > current) {
        current = candidate;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const dropped = at[tmpLower]!;
      if (lastpos[dropped] === tmpLower) {
        tmpUlen2 -= 1;
        if (found[dropped]) tmpCount -= 1;
      }
    }
    best = Math.max(best, current);
    for (let tmpLower = previousLower; tmpLower < lower; tmpLower++) {
      const dropped = at[tmpLower]!;
      if (lastpos[dropped] === tmpLower) lastpos[dropped] = -1;
    }
  }
  return best;
}
