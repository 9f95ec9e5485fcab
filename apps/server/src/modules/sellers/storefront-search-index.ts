import { sql } from 'drizzle-orm';
import type { SellerSummary } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import type { SearchFeed } from '../catalog';
import { toSellerSummary } from './sellers.service';

interface HeldStorefront {
  id: number;
  /** popularity_score: the grouped search's order is (score DESC, id DESC). */
  score: number;
  /** `search_name`: the name and city folded by `catalog_fold`, what the directory's `LIKE` reads. */
  searchName: string;
  summary: SellerSummary;
}

type Row = Record<string, unknown>;

// What the grouped search shows of a storefront, what it matches and orders on, and when that last changed.
const columns = sql`id, slug, name, business_type, province, city, verified, claimed, logo_url, product_count,
  service_count, created_at, listed, search_name, popularity_score,
  (extract(epoch FROM search_changed_at) * 1000000)::float8 AS changed_us`;

const stripLike = (text: string) => text.replace(/[%_\\]/g, '');
/** Between the names joined for one `indexOf` (a part holding it is matched name by name instead). */
const SEPARATOR = '\u0000';

/** Three UTF-16 code units of `text` from `at` as one number (exact: 48 bits). */
const trigramAt = (text: string, at: number) =>
  text.charCodeAt(at) * 2 ** 32 + text.charCodeAt(at + 1) * 2 ** 16 + text.charCodeAt(at + 2);

async function clockUs(db: Db): Promise<number> {
  const [row] = rowsOf<{ us: string | number }>(
    await db.execute(sql`SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::float8 AS us`),
  );
  return Number(row!.us);
}

/**
 * The listed storefronts held in memory for the grouped search (decision 334): the sellers module's part of the
 * catalogue's in-process index, built with it and fed by its clock (`SearchFeed`) from this module's own table —
 * `sellers.search_changed_at` and `sellers_search_removals` (migration 1097). A search answers what the directory's
 * SQL answers (`searchSellers`): the storefronts whose `search_name` holds the folded text, or every corrected word
 * of it, in popularity order (the build's: visits do not move the feed, like the products' order), with no statement.
 */
export class StorefrontSearchIndex implements SearchFeed {
  private held = new Map<number, HeldStorefront>();
  /** The change time last applied per storefront id, held or not (a re-read or an older removal changes nothing). */
  private seen = new Map<number, number>();
  private order: {
    order: HeldStorefront[];
    text: string;
    starts: Int32Array;
    trigrams: Set<number>;
  } | null = null;
  private builtAtUs = -Infinity;
  private built = false;

  get ready(): boolean {
    return this.built;
  }

  get size(): number {
    return this.held.size;
  }

  async build(db: Db): Promise<void> {
    const startUs = await clockUs(db);
    this.load(rowsOf<Row>(await db.execute(sql`SELECT ${columns} FROM sellers WHERE listed`)), startUs);
  }

  /** Holds `rows` (the listed storefronts as `build` reads them: the card, `search_name`, `popularity_score`). */
  load(found: readonly Row[], startUs = -Infinity): void {
    const held = new Map<number, HeldStorefront>();
    const seen = new Map<number, number>();
    for (const row of found) {
      const storefront = toHeld(row);
      held.set(storefront.id, storefront);
      seen.set(storefront.id, Number(row.changed_us));
    }
    this.held = held;
    this.seen = seen;
    this.order = null;
    this.builtAtUs = startUs;
    this.built = true;
  }

  async update(db: Db, fromUs: number): Promise<void> {
    if (!this.built) return;
    const since = sql`to_timestamp(${fromUs / 1e6}::float8)`;
    const [changed, removed] = await Promise.all([
      db.execute(sql`SELECT ${columns} FROM sellers WHERE search_changed_at > ${since}`),
      db.execute(
        sql`SELECT seller_id, (extract(epoch FROM removed_at) * 1000000)::float8 AS removed_us
            FROM sellers_search_removals WHERE removed_at > ${since}`,
      ),
    ]);
    const changes: Array<{ id: number; us: number; row: Row | null }> = [];
    for (const row of rowsOf<Row>(changed))
      changes.push({ id: Number(row.id), us: Number(row.changed_us), row });
    for (const row of rowsOf<{ seller_id: string | number | null; removed_us: string | number }>(removed)) {
      if (row.seller_id === null) {
        // The table was emptied since the build: every id may be gone or taken again.
        if (Number(row.removed_us) > this.builtAtUs) return this.build(db);
        continue;
      }
      changes.push({ id: Number(row.seller_id), us: Number(row.removed_us), row: null });
    }
    // In the order they were made: a storefront's removal and the one that took its id again.
    changes.sort((a, b) => a.us - b.us);
    for (const change of changes) {
      if (change.us <= (this.seen.get(change.id) ?? -Infinity)) continue;
      this.seen.set(change.id, change.us);
      if (change.row && Boolean(change.row.listed)) this.held.set(change.id, toHeld(change.row));
      else this.held.delete(change.id);
      this.order = null;
    }
  }

  clear(): void {
    this.built = false;
    this.held = new Map();
    this.seen = new Map();
    this.order = null;
  }

  /**
   * The first `limit` listed storefronts whose folded name and city hold `phrase` (folded by the caller) or every one
   * of `words`, by popularity then id, both descending.
   */
  search(phrase: string, words: readonly string[], limit: number): SellerSummary[] {
    const needle = stripLike(phrase);
    // The longest word first: it finds the fewest storefronts to check the others on.
    const needles = words
      .filter(Boolean)
      .map(stripLike)
      .sort((a, b) => b.length - a.length);
    const { order, text, starts, trigrams } = this.ordered();
    // A part with three code units in a row that no name holds is in no name: no scan of the names (decision 345;
    // a product's name searched for, with its model code, is the usual case).
    const absent = (part: string) => {
      for (let at = 0; at + 3 <= part.length; at += 1) if (!trigrams.has(trigramAt(part, at))) return true;
      return false;
    };
    if ([needle, ...needles].some((part) => part.includes(SEPARATOR)))
      return order
        .filter(
          (held) =>
            held.searchName.includes(needle) ||
            (needles.length > 0 && needles.every((word) => held.searchName.includes(word))),
        )
        .slice(0, limit)
        .map((held) => held.summary);
    // The storefront (its position in the order) at or after `from` whose name holds `part`, or -1: one `indexOf`
    // over every name in order, instead of a test per storefront.
    const nextHolding = (part: string, from: number) => {
      if (from >= order.length) return -1;
      const at = text.indexOf(part, starts[from]!);
      if (at < 0) return -1;
      let lo = from;
      let hi = order.length;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (starts[mid]! <= at) lo = mid;
        else hi = mid;
      }
      return lo;
    };
    const nextWithWords = (from: number) => {
      for (let at = nextHolding(needles[0]!, from); at >= 0; at = nextHolding(needles[0]!, at + 1))
        if (needles.every((word) => order[at]!.searchName.includes(word))) return at;
      return -1;
    };
    const out: SellerSummary[] = [];
    let byPhrase = absent(needle) ? -1 : nextHolding(needle, 0);
    // A word no name holds (a product's model code, say) leaves no storefront with every word: one scan of the names
    // says so, instead of checking each storefront that holds the longest word.
    let byWords =
      needles.length > 0 && needles.every((word) => !absent(word) && text.includes(word))
        ? nextWithWords(0)
        : -1;
    while (out.length < limit && (byPhrase >= 0 || byWords >= 0)) {
      const next = byPhrase < 0 ? byWords : byWords < 0 ? byPhrase : Math.min(byPhrase, byWords);
      out.push(order[next]!.summary);
      if (byPhrase === next) byPhrase = nextHolding(needle, next + 1);
      if (byWords === next) byWords = nextWithWords(next + 1);
    }
    return out;
  }

  /**
   * The storefronts in the search's order, their names joined in that order (each starting at `starts[i]`), and every
   * three code units in a row of the joined names.
   */
  private ordered() {
    if (!this.order) {
      const order = [...this.held.values()].sort((a, b) => b.score - a.score || b.id - a.id);
      const starts = new Int32Array(order.length);
      let offset = 0;
      order.forEach((held, i) => {
        starts[i] = offset;
        offset += held.searchName.length + SEPARATOR.length;
      });
      const text = order.map((held) => held.searchName + SEPARATOR).join('');
      const trigrams = new Set<number>();
      for (let at = 0; at + 3 <= text.length; at += 1) trigrams.add(trigramAt(text, at));
      this.order = { order, text, starts, trigrams };
    }
    return this.order;
  }
}

function toHeld(row: Row): HeldStorefront {
  return {
    id: Number(row.id),
    score: Number(row.popularity_score),
    searchName: String(row.search_name),
    summary: toSellerSummary(row),
  };
}
