import type { WordLookup } from './search-query';
import { DEFAULT_SIMILARITY_THRESHOLD, similarityOfCounts, trigrams } from './search-trigram';

export interface VocabularyWord {
  word: string;
  ndoc: number;
  productNdoc: number;
}

const byLengthThenWord = (a: VocabularyWord, b: VocabularyWord) =>
  a.word.length - b.word.length || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

/**
 * The typo vocabulary (`search_words`, decision 040) held whole in memory (decision 329): a few thousand words, so
 * a lookup is a map hit, a range of the sorted words (expansions) and the words sharing a trigram with it (the typo
 * correction), each answering what the SQL lookup of `search-query.ts` answers: expansions are the words that start
 * with the word and are longer, shortest first, six at most; the correction is the most similar word at or above the
 * similarity threshold, then the one in most documents, then the first in order.
 */
export class SearchVocabulary {
  private readonly byWord = new Map<string, VocabularyWord>();
  private readonly sorted: VocabularyWord[];
  /** Each word's number of distinct trigrams. */
  private readonly gramCounts: Int32Array;
  /** trigram → the (ascending) positions in `sorted` of the words that have it: only those can be similar. */
  private readonly wordsWith = new Map<string, Int32Array>();
  /** Shared trigrams per word, for one lookup at a time (zeroed again after it). */
  private readonly shared: Int32Array;
  private readonly threshold = Math.fround(DEFAULT_SIMILARITY_THRESHOLD);

  constructor(words: readonly VocabularyWord[]) {
    for (const word of words) this.byWord.set(word.word, word);
    this.sorted = [...this.byWord.values()].sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    this.gramCounts = new Int32Array(this.sorted.length);
    this.shared = new Int32Array(this.sorted.length);
    const lists = new Map<string, number[]>();
    this.sorted.forEach((word, i) => {
      const grams = trigrams(word.word);
      this.gramCounts[i] = grams.size;
      for (const gram of grams) {
        const list = lists.get(gram);
        if (list) list.push(i);
        else lists.set(gram, [i]);
      }
    });
    for (const [gram, list] of lists) this.wordsWith.set(gram, Int32Array.from(list));
  }

  get size() {
    return this.sorted.length;
  }

  /** The index of the first word not below `text` in the sorted words. */
  private lowerBound(text: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid]!.word < text) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  lookup(word: string, at: number): WordLookup {
    const hit = this.byWord.get(word);
    const longer: VocabularyWord[] = [];
    for (let i = this.lowerBound(word); i < this.sorted.length; i++) {
      const candidate = this.sorted[i]!;
      if (!candidate.word.startsWith(word)) break;
      if (candidate.word.length > word.length) longer.push(candidate);
    }
    const expansions = longer.sort(byLengthThenWord).slice(0, 6);
    let fuzzy: VocabularyWord | null = null;
    let best = -1;
    const mine = trigrams(word);
    // Only a word sharing a trigram can reach the threshold (similarity is shared over the union): count the shared
    // trigrams of those through the trigram lists, then visit them in the words' order.
    const touched: number[] = [];
    for (const gram of mine) {
      const list = this.wordsWith.get(gram);
      if (!list) continue;
      for (const i of list) {
        if (this.shared[i] === 0) touched.push(i);
        this.shared[i] = this.shared[i]! + 1;
      }
    }
    touched.sort((a, b) => a - b);
    for (const i of touched) {
      const shared = this.shared[i]!;
      this.shared[i] = 0;
      const similarity = similarityOfCounts(shared, mine.size, this.gramCounts[i]!);
      if (similarity < this.threshold) continue;
      const candidate = this.sorted[i]!;
      // The words are visited in order, so on a tie of both keys the first one stays.
      if (similarity > best || (similarity === best && candidate.ndoc > fuzzy!.ndoc)) {
        best = similarity;
        fuzzy = candidate;
      }
    }
    return {
      exact: hit !== undefined,
      ndoc: hit?.ndoc ?? 0,
      productNdoc: hit?.productNdoc ?? 0,
      expansions: expansions.map((expansion) => expansion.word),
      expansionDocs: expansions.reduce((sum, expansion) => sum + expansion.ndoc, 0),
      expansionProductDocs: expansions.reduce((sum, expansion) => sum + expansion.productNdoc, 0),
      fuzzy: fuzzy?.word ?? null,
      at,
    };
  }

  lookupAll(words: readonly string[]): Map<string, WordLookup> {
    const now = Date.now();
    return new Map(words.map((word) => [word, this.lookup(word, now)]));
  }
}
