import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { productCardOwnColumns, sellerCardColumns } from './catalog.queries';

type Row = Record<string, unknown>;

/** Transaction ids as the `xmin` system column holds them: 32 bits (`age()` compares them across a wrap). */
const XID_SPAN = 2n ** 32n;

/**
 * The oldest transaction still running as this statement starts (its snapshot's xmin), as a 32-bit xid: every row
 * version a later read may find that this read could not see was written by a transaction at or after it.
 */
async function snapshotXmin(db: Db): Promise<string> {
  const [row] = rowsOf<{ xmin: string | number }>(
    await db.execute(sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`),
  );
  return String(BigInt(String(row!.xmin)) % XID_SPAN);
}

/** Rows (alias `alias`) written by a transaction at or after `sinceXid`; every row when null. */
const writtenSince = (alias: string, sinceXid: string | null): SQL =>
  sinceXid === null ? sql`true` : sql`age(${sql.raw(alias)}.xmin) <= age(${sinceXid}::text::xid)`;

async function readProducts(db: Db, sinceXid: string | null): Promise<Row[]> {
  const active = sinceXid === null ? sql`p.status = 'active'` : sql`true`;
  return rowsOf<Row>(
    await db.execute(
      sql`SELECT ${productCardOwnColumns} FROM products p WHERE ${active} AND ${writtenSince('p', sinceXid)}`,
    ),
  );
}

async function readSellers(db: Db, sinceXid: string | null): Promise<Row[]> {
  return rowsOf<Row>(
    await db.execute(
      sql`SELECT ${sellerCardColumns} FROM catalog_seller_cards s WHERE ${writtenSince('s', sinceXid)}`,
    ),
  );
}

async function countSellers(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`SELECT count(*) AS n FROM catalog_seller_cards`),
  );
  return Number(row!.n);
}

/**
 * The cards of every active product, held by the in-process index (decision 345) so that a grouped search answers
 * its products without a statement: each product's own columns (`productCardOwnColumns`) and each seller's card
 * (`catalog_seller_cards`), joined at answer time with the categories' slugs the index holds — what `cardRows` reads
 * with `productCardColumns` and `productCardJoins`.
 *
 * Fed without a change column: whenever the catalogue version moved (every card column moves it: migrations 0230,
 * 0290, 0790), the rows written by a transaction at or after the oldest one running at the previous read (their
 * `xmin`, compared by `age()` across the 32-bit wrap) are read again. A transaction still running then, or begun
 * after, has an xid at or after that mark, so a row version the previous read could not see is always in the next.
 * Deleted products leave through the index's removals; deleted seller cards are noticed by their count.
 */
export class HeldCards {
  private constructor(
    private readonly products: Map<number, Row>,
    private sellers: Map<string, Row>,
    private sinceXid: string,
  ) {}

  get size(): number {
    return this.products.size;
  }

  static async read(db: Db): Promise<HeldCards> {
    const sinceXid = await snapshotXmin(db);
    const [products, sellers] = await Promise.all([readProducts(db, null), readSellers(db, null)]);
    return new HeldCards(
      new Map(products.map((row) => [Number(row.id), row])),
      new Map(sellers.map((row) => [String(row.seller_id), row])),
      sinceXid,
    );
  }

  /**
   * Reads the cards written since the last read; the returned function applies them (the index applies every part of
   * one feed read together, after checking it still holds the index the read began with).
   */
  async readChanges(db: Db): Promise<() => void> {
    const nextXid = await snapshotXmin(db);
    const [products, changedSellers, sellerCount] = await Promise.all([
      readProducts(db, this.sinceXid),
      readSellers(db, this.sinceXid),
      countSellers(db),
    ]);
    const known = new Set(this.sellers.keys());
    for (const row of changedSellers) known.add(String(row.seller_id));
    // A seller card deleted since (rare: a storefront removed): read them all again.
    const allSellers = known.size !== sellerCount ? await readSellers(db, null) : null;
    return () => {
      for (const row of products) {
        if (row.active) this.products.set(Number(row.id), row);
        else this.products.delete(Number(row.id));
      }
      if (allSellers) this.sellers = new Map(allSellers.map((row) => [String(row.seller_id), row]));
      else for (const row of changedSellers) this.sellers.set(String(row.seller_id), row);
      this.sinceXid = nextXid;
    };
  }

  /** Drops deleted products (the index's removals). */
  remove(ids: Iterable<number>): void {
    for (const id of ids) this.products.delete(id);
  }

  /**
   * The card rows of `ids` as `cardRows` reads them with `productCardColumns` (extra columns aside), in the order
   * given; null when one is not held whole (its product, seller card or a category missing): the caller reads the
   * page with the statement instead.
   */
  rows(ids: readonly number[], categorySlug: (id: number) => string | undefined): Row[] | null {
    const out: Row[] = [];
    for (const id of ids) {
      const own = this.products.get(id);
      if (!own) return null;
      const seller = this.sellers.get(String(own.seller_id));
      const category = categorySlug(Number(own.category_id));
      const subcategory = categorySlug(Number(own.subcategory_id));
      if (!seller || category === undefined || subcategory === undefined) return null;
      out.push({ ...own, category_slug: category, subcategory_slug: subcategory, ...seller });
    }
    return out;
  }
}
