import { ListingCache } from './listing-cache';
import {
  DEFAULT_EXACT_ROW_LIMIT,
  DEFAULT_TEXT_WALK_WINDOW,
  type ListingSizing,
  type ListingTable,
} from './listing-engine';
import { SearchWordCache } from './search-query';
import {
  CatalogSearchIndex,
  DEFAULT_SEARCH_INDEX_OPTIONS,
  type SearchEngine,
  type SearchIndexOptions,
} from './search-index';

/** Text matching at least this many products is "frequent": the listing walks a btree instead (decision 040). */
export const DEFAULT_FREQUENT_TEXT_THRESHOLD = 2_000;

/**
 * How many global search answers a process keeps (decision 180): a few thousand distinct texts cover the head and
 * much of the tail of a search log; an answer is ~10 KB of JSON, so this bounds the cache near 20–30 MB.
 */
export const SEARCH_ANSWERS_KEPT = 2_500;

/** The catalogue plugin's options (decisions 040–042); each app instance has its own. */
export interface CatalogOptions {
  /** Listing answers are cached this long (decision 041); 0 turns the cache off. */
  listingCacheMs: number;
  /**
   * Global search answers are cached this long (decision 180), as long as the catalogue version they were computed
   * under is current; 0 turns that cache off. Defaults to the listing cache's lifetime.
   */
  searchCacheMs?: number;
  /** Totals and facets are counted exactly in a table of at most this many rows (decision 042). */
  exactRowLimit?: number;
  /** Text matching at least this many products is listed by an ordered walk instead of the GIN index. */
  frequentTextThreshold?: number;
  /** A walk for frequent text looks at this many entries before asking the GIN index (decision 128). */
  textWalkWindow?: number;
  /** Typo vocabulary lookups are kept this long (decision 040); 0 keeps none. Default 60 s. */
  searchWordsCacheMs?: number;
  /** The grouped search's engine (decision 329): the in-process index (the default, decision 339), or SQL alone. */
  searchEngine?: SearchEngine;
  /** The in-process index's feed and rebuild periods. */
  searchIndex?: Partial<SearchIndexOptions>;
}

/**
 * Everything the catalogue keeps between requests, owned by one catalogue plugin instance: two apps in one
 * process (tests, or a buyer and an admin app) share no knob and no cache.
 */
export class CatalogState implements ListingSizing {
  exactRowLimit: number;
  frequentTextThreshold: number;
  textWalkWindow: number;
  readonly tableSizes = new Map<ListingTable, { rows: number; at: number }>();
  readonly words: SearchWordCache;
  /** Visitors' listing answers as serialized JSON (catalog.routes.ts). */
  readonly listings: ListingCache<string>;
  /** Global search answers as serialized JSON (search.routes.ts): long-lived, dropped with the catalogue version. */
  readonly searchAnswers: ListingCache<string>;
  /** The in-process search index (decision 329); only started with the `memory` engine. */
  readonly searchIndex: CatalogSearchIndex;
  readonly searchEngine: SearchEngine;

  constructor(options: CatalogOptions) {
    this.exactRowLimit = options.exactRowLimit ?? DEFAULT_EXACT_ROW_LIMIT;
    this.frequentTextThreshold = options.frequentTextThreshold ?? DEFAULT_FREQUENT_TEXT_THRESHOLD;
    this.textWalkWindow = options.textWalkWindow ?? DEFAULT_TEXT_WALK_WINDOW;
    this.words = new SearchWordCache(options.searchWordsCacheMs);
    this.searchEngine = options.searchEngine ?? 'memory';
    this.searchIndex = new CatalogSearchIndex(this.words, {
      ...DEFAULT_SEARCH_INDEX_OPTIONS,
      ...options.searchIndex,
    });
    this.listings = new ListingCache<string>({ ttlMs: options.listingCacheMs });
    this.searchAnswers = new ListingCache<string>({
      ttlMs: options.searchCacheMs ?? options.listingCacheMs,
      max: SEARCH_ANSWERS_KEPT,
      // The version also moves with the typo vocabulary (migration 0291): word lookups are re-read with it, so a
      // word another process added is searchable as soon as the answers that missed it are dropped.
      onVersionChange: () => this.words.clear(),
    });
  }

  /** Tests run the same cases with both counting and both text strategies on their own app. */
  tune(knobs: { exactRowLimit?: number; frequentTextThreshold?: number; textWalkWindow?: number }): void {
    if (knobs.exactRowLimit !== undefined) this.exactRowLimit = knobs.exactRowLimit;
    if (knobs.frequentTextThreshold !== undefined) this.frequentTextThreshold = knobs.frequentTextThreshold;
    if (knobs.textWalkWindow !== undefined) this.textWalkWindow = knobs.textWalkWindow;
  }

  /** After a catalogue write committed: cached listing pages are stale. */
  forgetListings(): void {
    this.listings.clear();
    this.searchAnswers.clear();
    this.searchIndex.touch();
  }

  /** After the typo vocabulary changed: cached word lookups are stale. */
  forgetSearchWords(): void {
    this.words.clear();
    this.searchIndex.touch();
  }

  dispose(): void {
    this.searchIndex.stop();
    this.listings.clear();
    this.searchAnswers.clear();
    this.words.clear();
    this.tableSizes.clear();
  }
}
