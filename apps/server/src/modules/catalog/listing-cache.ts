import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';

/**
 * Short-lived cache of product listing answers (decision 041). Hot listing pages (the landing page's rows,
 * `/products`, a popular search) are asked for again and again; a page a few seconds old is fine, a page
 * from before a catalogue change is not. So an entry lives at most `ttlMs` and only while the catalogue
 * version it was computed under is current. The version is one row that triggers bump on every product,
 * seller or category write that changes what a card shows or which rows a filter matches (migration 0230);
 * it is read again at most once every `versionCheckMs` (one query shared by the requests waiting on it).
 * Bounded LRU (a Map in insertion order, refreshed on hit).
 */
export interface ListingCacheOptions {
  ttlMs: number;
  max?: number;
  versionCheckMs?: number;
  /** Called when a poll finds a new catalogue version (the search cache drops the typo vocabulary's lookups). */
  onVersionChange?: () => void;
}

export class ListingCache<T> {
  private readonly entries = new Map<string, { value: T; at: number; version: string }>();
  /** Answers being computed: requests for the same key wait for the one computation (no stampede on expiry). */
  private readonly computing = new Map<string, Promise<T>>();
  private version = '';
  private checkedAt = -Infinity;
  private checking: Promise<void> | null = null;
  readonly ttlMs: number;
  private readonly max: number;
  private readonly versionCheckMs: number;
  private readonly onVersionChange: (() => void) | undefined;

  constructor(options: ListingCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.max = options.max ?? 500;
    this.versionCheckMs = options.versionCheckMs ?? 1_000;
    this.onVersionChange = options.onVersionChange;
  }

  /** How many answers are stored. */
  get size() {
    return this.entries.size;
  }

  get enabled() {
    return this.ttlMs > 0;
  }

  /**
   * Forgets everything: a catalogue write this process knows about (its catalogue instance clears its own
   * cache, CatalogState.forgetListings), so the next request reads the version again instead of at the next
   * poll (≤ `versionCheckMs`). Other processes see the trigger-bumped version within one poll.
   */
  clear() {
    this.entries.clear();
    this.checkedAt = -Infinity;
  }

  private async currentVersion(db: Db): Promise<string> {
    const now = performance.now();
    if (now - this.checkedAt >= this.versionCheckMs) {
      this.checking ??= (async () => {
        try {
          const [row] = rowsOf<{ version: string | number }>(
            await db.execute(sql`SELECT version FROM catalog_version WHERE id = 1`),
          );
          const next = String(row?.version ?? '');
          if (next !== this.version) {
            this.entries.clear();
            if (this.version !== '') this.onVersionChange?.();
          }
          this.version = next;
          this.checkedAt = performance.now();
        } finally {
          this.checking = null;
        }
      })();
      await this.checking;
    }
    return this.version;
  }

  /** The cached answer for `key`, or `compute()`'s (stored under the version read before computing). */
  async get(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.enabled) return compute();
    const version = await this.currentVersion(db);
    const now = performance.now();
    const hit = this.entries.get(key);
    if (hit && hit.version === version && now - hit.at < this.ttlMs) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const flightKey = `${version}\u0000${key}`;
    const inFlight = this.computing.get(flightKey);
    if (inFlight) return inFlight;
    const computation = compute();
    this.computing.set(flightKey, computation);
    let value: T;
    try {
      value = await computation;
    } finally {
      this.computing.delete(flightKey);
    }
    if (version === this.version) {
      this.entries.delete(key);
      this.entries.set(key, { value, at: now, version });
      while (this.entries.size > this.max) {
        const oldest = this.entries.keys().next().value;
        if (oldest === undefined) break;
        this.entries.delete(oldest);
      }
    }
    return value;
  }
}

/** A stable key for a parsed query: keys sorted, undefined dropped, arrays kept in order. */
export function listingKey(query: Record<string, unknown>, extra = ''): string {
  const keys = Object.keys(query)
    .filter((key) => query[key] !== undefined)
    .sort();
  return `${extra}|${JSON.stringify(keys.map((key) => [key, query[key]]))}`;
}
