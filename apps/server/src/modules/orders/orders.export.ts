import { sql } from 'drizzle-orm';
import { centsToDollarsText, shortRef, type InvoiceTaxLine } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { keysetBatches, spreadsheetTextCell, type CsvCell } from '../../plugins/csv-export';

/**
 * The accountants' order export (decisions 251 and 256): a buyer's or a seller user's orders placed in a period
 * (calendar days in Toronto time, both included), plain CSV, one line per tax component of the order (its own copy
 * of its invoice's, made at acceptance). The order's figures repeat on each of its lines; `tax_amount` adds up to
 * `order_tax` over them. An order without components (untaxed) has one line with an empty tax code carrying its
 * whole tax.
 */
export type OrderExportParty = 'buyer' | 'seller';

export interface OrderExportRequest {
  party: OrderExportParty;
  userId: string;
  from: string;
  to: string;
}

interface OrderExportRow {
  id: string;
  kind: string;
  invoice_id: string;
  buyer_name: string;
  seller_name: string;
  subject_name: string;
  subject_category: string;
  quantity: number | string;
  unit: string | null;
  negotiated_price_cents: number | string;
  shipping_cents: number | string;
  tax_cents: number | string;
  tax_lines: InvoiceTaxLine[] | string;
  total_cents: number | string;
  status: string;
  placed_at: Date | string;
  delivered_at: Date | string | null;
  cancelled_at: Date | string | null;
  payment_status: string | null;
  refunded_cents: number | string | null;
  /** `placed_at` as text, the keyset key (keeps PostgreSQL's microseconds). */
  placed_key: string;
}

export const orderCsvHeader = [
  'order_id',
  'order_number',
  'placed_at',
  'status',
  'kind',
  'invoice_id',
  'seller',
  'buyer',
  'item',
  'category',
  'quantity',
  'unit',
  'subtotal',
  'shipping',
  'tax_code',
  'tax_rate_percent',
  'tax_amount',
  'order_tax',
  'order_total',
  'payment_status',
  'refunded',
  'delivered_at',
  'cancelled_at',
  'currency',
] as const;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const dollars = (cents: number | string) => centsToDollarsText(Number(cents));

const taxLinesOf = (row: OrderExportRow): InvoiceTaxLine[] =>
  typeof row.tax_lines === 'string' ? (JSON.parse(row.tax_lines) as InvoiceTaxLine[]) : row.tax_lines;

function record(row: OrderExportRow, tax: InvoiceTaxLine | null): CsvCell[] {
  return [
    String(row.id),
    shortRef(String(row.id)).replace(/^#/, ''),
    iso(row.placed_at),
    row.status,
    row.kind,
    row.invoice_id,
    spreadsheetTextCell(row.seller_name),
    spreadsheetTextCell(row.buyer_name),
    spreadsheetTextCell(row.subject_name),
    spreadsheetTextCell(row.subject_category),
    String(row.quantity),
    spreadsheetTextCell(row.unit),
    dollars(row.negotiated_price_cents),
    dollars(row.shipping_cents),
    tax?.code ?? null,
    tax?.ratePercent ?? null,
    dollars(tax ? tax.amountCents : row.tax_cents),
    dollars(row.tax_cents),
    dollars(row.total_cents),
    row.payment_status,
    dollars(row.refunded_cents ?? 0),
    iso(row.delivered_at),
    iso(row.cancelled_at),
    'CAD',
  ];
}

/** The party's orders of the period as CSV records, read in keyset batches ordered by (placed_at, id). */
export async function* orderExportRecords(db: Db, request: OrderExportRequest): AsyncGenerator<CsvCell[]> {
  const owner = request.party === 'buyer' ? sql`o.buyer_user_id` : sql`o.seller_user_id`;
  // Toronto calendar days: from the start of `from` to the start of the day after `to`.
  const start = sql`(${request.from}::date)::timestamp AT TIME ZONE 'America/Toronto'`;
  const end = sql`((${request.to}::date) + 1)::timestamp AT TIME ZONE 'America/Toronto'`;
  const rows = keysetBatches<OrderExportRow>(async (after, limit) =>
    rowsOf<OrderExportRow>(
      await db.execute(sql`
        SELECT o.id, o.kind, o.invoice_id, o.buyer_name, o.seller_name, o.subject_name, o.subject_category,
               o.quantity, o.unit, o.negotiated_price_cents, o.shipping_cents, o.tax_cents, o.tax_lines, o.total_cents,
               o.status,
               o.placed_at, o.delivered_at, o.cancelled_at, p.status AS payment_status,
               p.refunded_cents AS refunded_cents, o.placed_at::text AS placed_key
        FROM orders o LEFT JOIN order_payments p ON p.order_id = o.id
        WHERE ${owner} = ${request.userId} AND o.placed_at >= ${start} AND o.placed_at < ${end}
          ${after ? sql`AND (o.placed_at, o.id) > (${after.placed_key}::timestamptz, ${String(after.id)}::uuid)` : sql``}
        ORDER BY o.placed_at, o.id
        LIMIT ${limit}`),
    ),
  );
  for await (const row of rows) {
    const taxes = taxLinesOf(row);
    if (taxes.length === 0) yield record(row, null);
    for (const tax of taxes) yield record(row, tax);
  }
}
