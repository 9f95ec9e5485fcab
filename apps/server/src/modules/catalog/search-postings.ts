import type { TextGroup } from './search-query';

/** One active product or service as the index holds it: its listing order key and its `search_doc` lexemes. */
export interface IndexedDoc {
  id: number;
  /** popularity_score: the listing's order is (score DESC, id DESC). */
  score: number;
  /** When its searchable columns last changed (µs since the epoch, `search_changed_at`). */
  changedUs: number;
  lexemes: readonly string[];
}

/** A row the feed read again (or its removal): active ones replace what the index holds, others leave it. */
export interface DocChange extends IndexedDoc {
  active: boolean;
}

/** Docs changed since the build are kept aside; past this many the index asks to be rebuilt. */
export const MAX_DELTA = 5_000;

const before = (scoreA: number, idA: number, scoreB: number, idB: number) =>
  scoreA > scoreB || (scoreA === scoreB && idA > idB);

/** The first position ≥ `from` in `list[from..end)` whose rank is ≥ `rank` (galloping, then binary search). */
function seek(list: Int32Array, from: number, end: number, rank: number): number {
  let step = 1;
  while (from + step < end && list[from + step]! < rank) step *= 2;
  let lo = from;
  let hi = Math.min(from + step, end);
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < rank) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface GroupCursor {
  size: number;
  /** The smallest rank ≥ `rank` in the group, or Infinity. */
  next(rank: number): number;
}

/** A group of a few lexemes: their posting lists merged lazily (never materialized). */
function listsCursor(postings: Int32Array, ranges: Array<[number, number]>): GroupCursor {
  const at = ranges.map(([start]) => start);
  return {
    size: ranges.reduce((sum, [start, end]) => sum + end - start, 0),
    next(rank) {
      let best = Infinity;
      for (let j = 0; j < ranges.length; j++) {
        const end = ranges[j]![1];
        at[j] = seek(postings, at[j]!, end, rank);
        if (at[j]! < end && postings[at[j]!]! < best) best = postings[at[j]!]!;
      }
      return best;
    },
  };
}

/** A group of many lexemes (a short prefix): their ranks set once in a bitset, then scanned. */
function bitsetCursor(postings: Int32Array, ranges: Array<[number, number]>, docs: number): GroupCursor {
  const bits = new Uint32Array((docs >>> 5) + 1);
  let size = 0;
  for (const [start, end] of ranges) {
    size += end - start;
    for (let i = start; i < end; i++) bits[postings[i]! >>> 5]! |= 1 << (postings[i]! & 31);
  }
  return {
    size,
    next(rank) {
      let word = rank >>> 5;
      if (word >= bits.length) return Infinity;
      let set = bits[word]! & (0xffffffff << (rank & 31));
      while (set === 0) {
        word += 1;
        if (word >= bits.length) return Infinity;
        set = bits[word]!;
      }
      return (word << 5) + (31 - Math.clz32(set & -set));
    },
  };
}

const BITSET_FROM_LISTS = 16;

/** What a PostingBuilder collected: per row its id, order key, change time and lexemes (as numbers). */
interface BuilderRows {
  count: number;
  ids: Float64Array;
  scores: Float64Array;
  changed: Float64Array;
  /** Row i's lexemes are lexemeIds[lexemeStarts[i] .. lexemeStarts[i + 1]). */
  lexemeStarts: Int32Array;
  lexemeIds: Int32Array;
  lexemes: string[];
}

const grown = <T extends Float64Array | Int32Array>(array: T, needed: number, make: (n: number) => T): T => {
  if (needed <= array.length) return array;
  const bigger = make(Math.max(needed, array.length * 2));
  bigger.set(array);
  return bigger;
};

/**
 * Collects rows batch by batch into typed arrays (a lexeme becomes a number the first time it is seen), so a build of
 * a million rows holds no per-row object: ~100 MB of arrays at 1M products instead of gigabytes of strings.
 */
export class PostingBuilder {
  private rows: BuilderRows = {
    count: 0,
    ids: new Float64Array(1024),
    scores: new Float64Array(1024),
    changed: new Float64Array(1024),
    lexemeStarts: new Int32Array(1025),
    lexemeIds: new Int32Array(16_384),
    lexemes: [],
  };
  private readonly numbers = new Map<string, number>();

  add(doc: IndexedDoc): void {
    const rows = this.rows;
    const i = rows.count;
    rows.ids = grown(rows.ids, i + 1, (n) => new Float64Array(n));
    rows.scores = grown(rows.scores, i + 1, (n) => new Float64Array(n));
    rows.changed = grown(rows.changed, i + 1, (n) => new Float64Array(n));
    rows.lexemeStarts = grown(rows.lexemeStarts, i + 2, (n) => new Int32Array(n));
    rows.ids[i] = doc.id;
    rows.scores[i] = doc.score;
    rows.changed[i] = doc.changedUs;
    let at = rows.lexemeStarts[i]!;
    const distinct = new Set(doc.lexemes);
    rows.lexemeIds = grown(rows.lexemeIds, at + distinct.size, (n) => new Int32Array(n));
    for (const lexeme of distinct) {
      let number = this.numbers.get(lexeme);
      if (number === undefined) {
        number = rows.lexemes.length;
        this.numbers.set(lexeme, number);
        rows.lexemes.push(lexeme);
      }
      rows.lexemeIds[at++] = number;
    }
    rows.lexemeStarts[i + 1] = at;
    rows.count = i + 1;
  }

  build(): PostingIndex {
    return new PostingIndex(this.rows);
  }
}

/**
 * The inverted index of one listing table (decision 329): every lexeme's posting list is a run of ranks (positions in
 * the listing's order at the build) in one shared `Int32Array`, the lexemes sorted so that a prefix is a range. Rows
 * changed since the build are struck out of it (`removed`) and kept aside in `delta`, matched one by one and merged
 * into the answer by their order key; past MAX_DELTA of them the owner rebuilds the index.
 */
export class PostingIndex {
  private readonly ids: Float64Array;
  private readonly scores: Float64Array;
  private readonly changed: Float64Array;
  private readonly removed: Uint8Array;
  private readonly lexemes: string[];
  private readonly starts: Int32Array;
  private readonly postings: Int32Array;
  /** Ids sorted, and the rank of each: an id's rank by binary search. */
  private readonly sortedIds: Float64Array;
  private readonly sortedRanks: Int32Array;
  /** Rows changed since the build, as last read (a removed or inactive one too, so an older read never wins). */
  private readonly delta = new Map<
    number,
    { active: boolean; score: number; changedUs: number; lexemes: Set<string> }
  >();

  /** The index of `docs` (tests, small catalogues); a large build streams its rows into a PostingBuilder. */
  static of(docs: readonly IndexedDoc[]): PostingIndex {
    const builder = new PostingBuilder();
    for (const doc of docs) builder.add(doc);
    return builder.build();
  }

  constructor(rows: BuilderRows) {
    const { count: n, ids, scores, changed, lexemeIds, lexemeStarts, lexemes } = rows;
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) =>
      before(scores[a]!, ids[a]!, scores[b]!, ids[b]!)
        ? -1
        : before(scores[b]!, ids[b]!, scores[a]!, ids[a]!)
          ? 1
          : 0,
    );
    this.ids = new Float64Array(n);
    this.scores = new Float64Array(n);
    this.changed = new Float64Array(n);
    this.removed = new Uint8Array(n);
    // The lexemes sorted (a prefix is a range); each one's postings a run of `postings`, in rank order.
    const sortedLexemes = Int32Array.from(lexemes.keys()).sort((a, b) =>
      lexemes[a]! < lexemes[b]! ? -1 : lexemes[a]! > lexemes[b]! ? 1 : 0,
    );
    this.lexemes = Array.from(sortedLexemes, (i) => lexemes[i]!);
    const counts = new Int32Array(lexemes.length);
    for (let i = 0; i < lexemeStarts[n]!; i++) counts[lexemeIds[i]!]! += 1;
    this.starts = new Int32Array(lexemes.length + 1);
    const slot = new Int32Array(lexemes.length);
    let total = 0;
    sortedLexemes.forEach((lexeme, i) => {
      this.starts[i] = total;
      slot[lexeme] = total;
      total += counts[lexeme]!;
    });
    this.starts[lexemes.length] = total;
    this.postings = new Int32Array(total);
    for (let rank = 0; rank < n; rank++) {
      const row = order[rank]!;
      this.ids[rank] = ids[row]!;
      this.scores[rank] = scores[row]!;
      this.changed[rank] = changed[row]!;
      for (let i = lexemeStarts[row]!; i < lexemeStarts[row + 1]!; i++) {
        const lexeme = lexemeIds[i]!;
        this.postings[slot[lexeme]!] = rank;
        slot[lexeme]! += 1;
      }
    }
    const byId = Int32Array.from(this.ids.keys()).sort((a, b) => this.ids[a]! - this.ids[b]!);
    this.sortedIds = Float64Array.from(byId, (rank) => this.ids[rank]!);
    this.sortedRanks = byId;
  }

  /** Active rows held (the build's not struck out, plus the changed ones). */
  get size(): number {
    let removed = 0;
    for (const flag of this.removed) removed += flag;
    let active = 0;
    for (const doc of this.delta.values()) if (doc.active) active += 1;
    return this.ids.length - removed + active;
  }

  get deltaSize(): number {
    return this.delta.size;
  }

  /** Bytes of the typed arrays (what grows with the catalogue; the lexeme strings are a few thousand). */
  get bytes(): number {
    return [this.ids, this.scores, this.changed, this.removed, this.starts, this.postings, this.sortedIds]
      .concat([this.sortedRanks])
      .reduce((sum, array) => sum + array.byteLength, 0);
  }

  private rankOf(id: number): number {
    let lo = 0;
    let hi = this.sortedIds.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sortedIds[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.sortedIds.length && this.sortedIds[lo] === id ? this.sortedRanks[lo]! : -1;
  }

  /**
   * Applies rows read again by the feed: an active row replaces what the index holds for its id, another one leaves
   * it. A row already held as it is (the same change time: the feed reads a look-back window again) is left alone.
   */
  apply(changes: readonly DocChange[]): number {
    let applied = 0;
    for (const change of changes) {
      const rank = this.rankOf(change.id);
      const held = this.delta.get(change.id);
      const heldUs = held !== undefined ? held.changedUs : rank >= 0 ? this.changed[rank]! : null;
      // Only a newer version replaces what is held: the feed reads a look-back window again, and a deleted row's
      // removal may be read after the row that took its id.
      if (heldUs !== null && change.changedUs <= heldUs) continue;
      if (rank >= 0) this.removed[rank] = 1;
      this.delta.set(change.id, {
        active: change.active,
        score: change.score,
        changedUs: change.changedUs,
        lexemes: new Set(change.lexemes),
      });
      applied += 1;
    }
    return applied;
  }

  /** The lexemes of one group as ranges of `postings`. */
  private ranges(group: TextGroup): Array<[number, number]> {
    const found: Array<[number, number]> = [];
    const add = (i: number) => {
      if (this.starts[i + 1]! > this.starts[i]!) found.push([this.starts[i]!, this.starts[i + 1]!]);
    };
    if ('prefix' in group) {
      for (let i = this.lowerBound(group.prefix); i < this.lexemes.length; i++) {
        if (!this.lexemes[i]!.startsWith(group.prefix)) break;
        add(i);
      }
    } else {
      for (const lexeme of new Set(group.lexemes)) {
        const i = this.lowerBound(lexeme);
        if (this.lexemes[i] === lexeme) add(i);
      }
    }
    return found;
  }

  private lowerBound(text: string): number {
    let lo = 0;
    let hi = this.lexemes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.lexemes[mid]! < text) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Ranks of the build matching every group, not struck out, in order: the first `k` (all when k is Infinity). */
  private baseMatches(groups: readonly TextGroup[], k: number): number[] {
    const out: number[] = [];
    if (groups.length === 0 || this.ids.length === 0) return out;
    const cursors: GroupCursor[] = [];
    for (const group of groups) {
      const ranges = this.ranges(group);
      if (ranges.length === 0) return out;
      cursors.push(
        ranges.length > BITSET_FROM_LISTS
          ? bitsetCursor(this.postings, ranges, this.ids.length)
          : listsCursor(this.postings, ranges),
      );
    }
    cursors.sort((a, b) => a.size - b.size);
    let candidate = 0;
    while (out.length < k) {
      let agreed = true;
      for (const cursor of cursors) {
        const next = cursor.next(candidate);
        if (next === Infinity) return out;
        if (next !== candidate) {
          candidate = next;
          agreed = false;
          break;
        }
      }
      if (agreed) {
        if (!this.removed[candidate]) out.push(candidate);
        candidate += 1;
      }
    }
    return out;
  }

  private deltaMatches(groups: readonly TextGroup[]): Array<{ id: number; score: number }> {
    const out: Array<{ id: number; score: number }> = [];
    if (groups.length === 0) return out;
    for (const [id, doc] of this.delta) {
      if (!doc.active) continue;
      const matches = groups.every((group) =>
        'prefix' in group
          ? [...doc.lexemes].some((lexeme) => lexeme.startsWith(group.prefix))
          : group.lexemes.some((lexeme) => doc.lexemes.has(lexeme)),
      );
      if (matches) out.push({ id, score: doc.score });
    }
    return out.sort((a, b) => (before(a.score, a.id, b.score, b.id) ? -1 : 1));
  }

  /**
   * The first `k` ids matching every group in the listing's order (score DESC, id DESC) and, when asked, how many
   * match in all (exact: the whole intersection is walked).
   */
  search(
    groups: readonly TextGroup[],
    k: number,
    withTotal = false,
  ): { ids: number[]; total: number | null } {
    const changed = this.deltaMatches(groups);
    const base = this.baseMatches(groups, withTotal ? Infinity : k);
    const ids: number[] = [];
    let i = 0;
    let j = 0;
    while (ids.length < k && (i < base.length || j < changed.length)) {
      const rank = base[i];
      const other = changed[j];
      if (
        rank !== undefined &&
        (other === undefined || before(this.scores[rank]!, this.ids[rank]!, other.score, other.id))
      ) {
        ids.push(this.ids[rank]!);
        i += 1;
      } else {
        ids.push(other!.id);
        j += 1;
      }
    }
    return { ids, total: withTotal ? base.length + changed.length : null };
  }
}
