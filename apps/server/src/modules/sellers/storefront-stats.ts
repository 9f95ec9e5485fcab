import { sql } from 'drizzle-orm';
import type { SellerStorefrontStats } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { notFound } from '../../plugins/errors';

type Row = Record<string, unknown>;

/**
 * Counts a visit of a storefront's page (its id or slug) on today's row in Toronto time (decision 290): one upsert,
 * as a product view is one update. An unknown storefront answers 404; an unlisted one counts nothing.
 */
export async function recordStorefrontVisit(db: Db, idOrSlug: string): Promise<void> {
  const by = /^\d{1,15}$/.test(idOrSlug) ? sql`s.id = ${Number(idOrSlug)}` : sql`s.slug = ${idOrSlug}`;
  const recorded = rowsOf(
    await db.execute(sql`
      WITH target AS (SELECT s.id, s.listed FROM sellers s WHERE ${by}),
      counted AS (
        INSERT INTO seller_storefront_days AS d (seller_id, day, visits)
        SELECT t.id, (now() AT TIME ZONE 'America/Toronto')::date, 1 FROM target t WHERE t.listed
        ON CONFLICT (seller_id, day) DO UPDATE SET visits = d.visits + 1
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM target) AS found`),
  ) as Row[];
  if (Number(recorded[0]?.found ?? 0) === 0) throw notFound('SELLER_NOT_FOUND', 'Seller not found');
}

/** Every calendar day from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/**
 * One storefront's figures over a period (decision 290): its day rows in the key range `(seller_id, day)`, every day
 * of the period with zeros, the totals and the conversions. The caller has checked the storefront is the user's.
 */
export async function storefrontStats(
  db: Db,
  sellerId: number,
  period: { from: string; to: string },
): Promise<SellerStorefrontStats> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.visits, d.inquiries, d.invoices, d.paid_orders, d.revenue_cents
      FROM seller_storefront_days d
      WHERE d.seller_id = ${sellerId} AND d.day BETWEEN ${period.from}::date AND ${period.to}::date`),
  ) as Row[];
  const byDay = new Map(rows.map((row) => [String(row.day), row]));
  const totals = { visits: 0, inquiries: 0, invoices: 0, paidOrders: 0, revenueCents: 0 };
  const days = daysOf(period.from, period.to).map((day) => {
    const row = byDay.get(day);
    const counts = {
      visits: Number(row?.visits ?? 0),
      inquiries: Number(row?.inquiries ?? 0),
      invoices: Number(row?.invoices ?? 0),
      paidOrders: Number(row?.paid_orders ?? 0),
      revenueCents: Number(row?.revenue_cents ?? 0),
    };
    for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += counts[key];
    return { day, ...counts };
  });
  return {
    days,
    totals: {
      ...totals,
      invoiceConversion: ratio(totals.invoices, totals.inquiries),
      orderConversion: ratio(totals.paidOrders, totals.inquiries),
    },
  };
}
