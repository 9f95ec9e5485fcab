import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { MAX_DELTA, PostingBuilder, type DocChange, type PostingIndex } from './search-postings';
import type { SearchWordCache, TextGroup } from './search-query';
import { SearchVocabulary } from './search-vocabulary';
import { readCategories, type CategoryIndex } from './search-categories';
import { HeldCards } from './search-cards';

/** Which engine answers the grouped search's products and services (decision 329). */
export type SearchEngine = 'memory' | 'sql';

export interface SearchIndexOptions {
  /** How often the catalogue version is read and, when it moved, the changed rows (ms; 0: before every search). */
  syncMs: number;
  /** The index is built again this often (the popularity order it holds ages; deleted rows leave). */
  rebuildMs: number;
  /** The feed reads again the rows changed this long before its cursor (transactions that commit late). */
  lookbackMs: number;
  /**
   * The product cards are held with the index (decision 345) when the active products are at most this many (the
   * embedded default's catalogue); above it a search reads its page's cards with one statement.
   */
  maxHeldCards: number;
}

export const DEFAULT_SEARCH_INDEX_OPTIONS: SearchIndexOptions = {
  syncMs: 1_000,
  rebuildMs: 30 * 60_000,
  lookbackMs: 60_000,
  maxHeldCards: 100_000,
};

export interface SearchIndexFigures {
  products: number;
  services: number;
  /** Bytes of the posting lists and per-row arrays. */
  bytes: number;
  ms: number;
}

/**
 * Another module's part of the in-process index (decision 334: the sellers module's storefronts), fed by this index's
 * clock: read whole at every build, then, each time the catalogue version moved, the rows changed since `fromUs`
 * (the cursor minus the look-back, µs since the epoch, database clock). It keeps its own tables' change times.
 */
export interface SearchFeed {
  build(db: Db): Promise<void>;
  update(db: Db, fromUs: number): Promise<void>;
  clear(): void;
}

const BUILD_BATCH = 20_000;
type Table = 'products' | 'services';

interface FeedRow {
  id: string | number;
  score: string | number;
  changed_us: string | number;
  active: boolean;
  words: string | null;
}

const toChange = (row: FeedRow): DocChange => ({
  id: Number(row.id),
  score: Number(row.score),
  changedUs: Number(row.changed_us),
  active: Boolean(row.active),
  lexemes: row.words ? row.words.split(' ') : [],
});

// The columns the index reads of a row: its order key, its change time and its lexemes (words have no spaces: they
// come from the 'simple' parser over folded text and the facet tokens).
const feedColumns = sql`p.id, p.popularity_score AS score,
  (extract(epoch FROM p.search_changed_at) * 1000000)::float8 AS changed_us, p.status = 'active' AS active,
  array_to_string(tsvector_to_array(p.search_doc), ' ') AS words`;

/** The active rows of `table`, read by id in batches into one index. */
async function buildIndex(db: Db, table: Table): Promise<PostingIndex> {
  const builder = new PostingBuilder();
  let last = 0;
  for (;;) {
    const batch = rowsOf<FeedRow>(
      await db.execute(
        sql`SELECT ${feedColumns} FROM ${sql.raw(table)} p WHERE p.status = 'active' AND p.id > ${last}
            ORDER BY p.id LIMIT ${BUILD_BATCH}`,
      ),
    );
    for (const row of batch) builder.add(toChange(row));
    if (batch.length < BUILD_BATCH) return builder.build();
    last = Number(batch[batch.length - 1]!.id);
  }
}

async function readChanged(db: Db, table: Table, sinceUs: number): Promise<DocChange[]> {
  return rowsOf<FeedRow>(
    await db.execute(
      sql`SELECT ${feedColumns} FROM ${sql.raw(table)} p
          WHERE p.search_changed_at > to_timestamp(${sinceUs / 1e6}::float8)`,
    ),
  ).map(toChange);
}

/** Rows deleted since `sinceUs` as removals of their ids; a TRUNCATE as `emptiedUs` (its time). */
async function readRemovals(db: Db, sinceUs: number) {
  const found = rowsOf<{ item_kind: string; item_id: string | number | null; removed_us: string | number }>(
    await db.execute(
      sql`SELECT item_kind, item_id, (extract(epoch FROM removed_at) * 1000000)::float8 AS removed_us
          FROM catalog_search_removals WHERE removed_at > to_timestamp(${sinceUs / 1e6}::float8)`,
    ),
  );
  const removals: Record<Table, DocChange[]> = { products: [], services: [] };
  let emptiedUs = -Infinity;
  for (const row of found) {
    const removedUs = Number(row.removed_us);
    if (row.item_id === null) emptiedUs = Math.max(emptiedUs, removedUs);
    else
      removals[row.item_kind === 'product' ? 'products' : 'services'].push({
        id: Number(row.item_id),
        score: 0,
        changedUs: removedUs,
        active: false,
        lexemes: [],
      });
  }
  return { removals, emptiedUs };
}

/** Changes in the order they were made: a row's removal and the row that took its id again. */
const inOrder = (a: DocChange[], b: DocChange[]) => [...a, ...b].sort((x, y) => x.changedUs - y.changedUs);

async function readVocabulary(db: Db): Promise<SearchVocabulary> {
  const found = rowsOf<{ word: string; ndoc: number | string; product_ndoc: number | string }>(
    await db.execute(sql`SELECT word, ndoc, product_ndoc FROM search_words`),
  );
  return new SearchVocabulary(
    found.map((row) => ({ word: row.word, ndoc: Number(row.ndoc), productNdoc: Number(row.product_ndoc) })),
  );
}

async function readVersion(db: Db): Promise<string> {
  const [row] = rowsOf<{ version: string | number }>(
    await db.execute(sql`SELECT version FROM catalog_version WHERE id = 1`),
  );
  return String(row?.version ?? '');
}

async function clockUs(db: Db): Promise<number> {
  const [row] = rowsOf<{ us: string | number }>(
    await db.execute(sql`SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::float8 AS us`),
  );
  return Number(row!.us);
}

interface Built {
  products: PostingIndex;
  services: PostingIndex;
  /** Every category (a few hundred rows), read whole again whenever the version moved. */
  categories: CategoryIndex;
  /** Every active product's card, fed by the same reads (decision 345); null above `maxHeldCards`. */
  cards: HeldCards | null;
  /** The database clock before the build read its first row. */
  startUs: number;
  /** The feed's cursor: the database clock before its last read. */
  sinceUs: number;
  version: string;
  buildMs: number;
}

/**
 * The in-process search index of one catalogue instance (decision 329): the active products and services as posting
 * lists in the listing's popularity order, and the typo vocabulary. It is built in the background (the search goes
 * through SQL until it is ready), fed by a cursor over `search_changed_at` (migration 1094) whenever the catalogue
 * version moved — polled every `syncMs` by a timer and before a search that finds the last poll too old — and built
 * again every `rebuildMs` or when too many rows changed since its build.
 */
export class CatalogSearchIndex {
  private built: Built | null = null;
  private building: Promise<void> | null = null;
  /** The sync in flight, when it started reading and whether it reads the changes even if the version did not move. */
  private syncing: { done: Promise<void>; startedAt: number; force: boolean } | null = null;
  /** When the last completed sync started reading (`performance.now()`). */
  private syncedAt = -Infinity;
  /** When this process last wrote the catalogue: a sync that started before it cannot show that write. */
  private touchedAt = -Infinity;
  private timers: NodeJS.Timeout[] = [];
  private closed = false;
  private readonly feeds: SearchFeed[] = [];
  /** Figures of the last build, for the benches and the decision's record. */
  lastBuild: SearchIndexFigures | null = null;

  constructor(
    private readonly words: SearchWordCache,
    readonly options: SearchIndexOptions,
  ) {
    words.syncVocabulary = (db) => this.sync(db);
  }

  get ready(): boolean {
    return this.built !== null;
  }

  /** Another module's part of the index: built and updated with this one (before its first build). */
  addFeed(feed: SearchFeed): void {
    this.feeds.push(feed);
  }

  /** Starts the build without waiting for it, then keeps the index fresh (timers unref'd; `stop` ends them). */
  start(db: Db, onError: (error: unknown) => void, onBuilt?: (figures: SearchIndexFigures) => void): void {
    void this.rebuild(db)
      .then(() => this.lastBuild && onBuilt?.(this.lastBuild))
      .catch(onError);
    if (this.options.syncMs > 0)
      this.timers.push(setInterval(() => void this.sync(db).catch(onError), this.options.syncMs).unref());
    this.timers.push(setInterval(() => void this.rebuild(db).catch(onError), this.options.rebuildMs).unref());
  }

  stop(): void {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.discard();
  }

  private discard(): void {
    this.built = null;
    this.words.vocabulary = null;
    for (const feed of this.feeds) feed.clear();
  }

  /** Builds the index again from the database (one build at a time), then catches up with what changed meanwhile. */
  rebuild(db: Db): Promise<void> {
    this.building ??= (async () => {
      try {
        const started = performance.now();
        const version = await readVersion(db);
        const sinceUs = await clockUs(db);
        await db.execute(
          sql`DELETE FROM catalog_search_removals WHERE removed_at < now() - interval '1 day'`,
        );
        const vocabulary = await readVocabulary(db);
        const products = await buildIndex(db, 'products');
        const services = await buildIndex(db, 'services');
        const categories = await readCategories(db);
        const cards = products.size <= this.options.maxHeldCards ? await HeldCards.read(db) : null;
        for (const feed of this.feeds) await feed.build(db);
        if (this.closed) return;
        const buildMs = performance.now() - started;
        this.built = { products, services, categories, cards, startUs: sinceUs, sinceUs, version, buildMs };
        this.words.vocabulary = vocabulary;
        this.lastBuild = {
          products: products.size,
          services: services.size,
          bytes: products.bytes + services.bytes,
          ms: buildMs,
        };
        // Rows changed while the build read: the feed reads them again from before it started (after a sync of the
        // previous index that may still be running).
        await this.sync(db, { force: true });
      } finally {
        this.building = null;
      }
    })();
    return this.building;
  }

  /** Marks the index due for a sync: a write this process made is seen by its next search. */
  touch(): void {
    this.touchedAt = performance.now();
  }

  /**
   * Reads the catalogue version (at most every `syncMs`, and always after this process wrote) and, when it moved, the
   * rows changed since the cursor minus the look-back, and the vocabulary. A caller shares a sync in flight only if it
   * started late enough to show what the caller must see (one that read the version before the caller's own write
   * cannot); otherwise it waits for it and starts the next.
   */
  async sync(db: Db, { force = false } = {}): Promise<void> {
    const askedAt = performance.now();
    const notBefore = force ? askedAt : Math.max(askedAt - this.options.syncMs, this.touchedAt);
    for (;;) {
      if (!this.built) return;
      const inFlight = this.syncing;
      if (inFlight) {
        await inFlight.done;
        if (inFlight.startedAt >= notBefore && (inFlight.force || !force)) return;
        continue;
      }
      if (!force && this.syncedAt >= notBefore && this.syncedAt > this.touchedAt) return;
      const startedAt = performance.now();
      const done = this.readChanges(db, force, startedAt).finally(() => {
        if (this.syncing?.done === done) this.syncing = null;
      });
      this.syncing = { done, startedAt, force };
      return done;
    }
  }

  private async readChanges(db: Db, force: boolean, checkedAt: number): Promise<void> {
    const built = this.built;
    if (!built) return;
    const version = await readVersion(db);
    if (!force && version === built.version) {
      this.syncedAt = checkedAt;
      return;
    }
    const sinceUs = await clockUs(db);
    const from = built.sinceUs - this.options.lookbackMs * 1_000;
    const [products, services, gone, vocabulary, categories, applyCards] = await Promise.all([
      readChanged(db, 'products', from),
      readChanged(db, 'services', from),
      readRemovals(db, from),
      readVocabulary(db),
      readCategories(db),
      built.cards?.readChanges(db),
      ...this.feeds.map((feed) => feed.update(db, from)),
    ]);
    if (this.built !== built) return;
    if (gone.emptiedUs > built.startUs) {
      // A table was emptied since the build: every id may be gone or taken again. SQL answers until it is rebuilt.
      this.discard();
      void this.rebuild(db);
      return;
    }
    built.products.apply(inOrder(products, gone.removals.products));
    built.services.apply(inOrder(services, gone.removals.services));
    applyCards?.();
    built.cards?.remove(gone.removals.products.map((removal) => removal.id));
    this.words.vocabulary = vocabulary;
    built.categories = categories;
    built.sinceUs = sinceUs;
    built.version = version;
    this.syncedAt = checkedAt;
    if (built.products.deltaSize + built.services.deltaSize > MAX_DELTA) void this.rebuild(db);
  }

  /**
   * The first `limit` active ids of `table` matching every group in the listing's popularity order, after a sync if
   * one is due; null while the index is not built (the caller asks SQL).
   */
  async search(
    db: Db,
    table: Table,
    groups: readonly TextGroup[],
    limit: number,
    withTotal = false,
  ): Promise<{ ids: number[]; total: number | null } | null> {
    if (!this.built) return null;
    await this.sync(db);
    const built = this.built;
    if (!built) return null;
    return built[table].search(groups, limit, withTotal);
  }

  /**
   * The card rows of products `ids` from the cards held (decision 345), as `cardRows` reads them; null when they are
   * not held (a catalogue above `maxHeldCards`, the index not built, or one of them not held whole). Call it right
   * after `search`, whose sync it relies on.
   */
  heldCards(ids: readonly number[]): Record<string, unknown>[] | null {
    const built = this.built;
    if (!built?.cards) return null;
    const categories = built.categories;
    return built.cards.rows(ids, (id) => categories.slugOf(id));
  }

  /** The categories held (after a sync if one is due); null while the index is not built. */
  async categories(db: Db): Promise<CategoryIndex | null> {
    if (!this.built) return null;
    await this.sync(db);
    return this.built?.categories ?? null;
  }
}
