import { sql } from 'drizzle-orm';
import { centsToDollarsText, shortRef, type ExportFormat, type InvoiceTaxLine } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { keysetBatches, spreadsheetTextCell, type CsvCell } from '../../plugins/csv-export';
import { shownStatus, type InvoiceRow } from './invoices.rows';

/**
 * The accountants' invoice exports (decision 251): a buyer's or a seller user's invoices issued in a period, as plain
 * CSV (every invoice, one line per tax component) or as the import layouts of QuickBooks Online and Xero (accepted
 * invoices only: sales invoices for the seller, bills for the buyer; the net amount, the shipping and each of
 * GST/HST/QST/PST/RST on its own line, so the lines add up to the invoice's total).
 */

/** Whose invoices: the buyer's (bills to them) or the seller user's (their sales). */
export type InvoiceExportParty = 'buyer' | 'seller';

export interface InvoiceExportRequest {
  party: InvoiceExportParty;
  userId: string;
  /** Calendar days of `issued_on`, both included. */
  from: string;
  to: string;
  format: ExportFormat;
  now: Date;
}

/** An exported row and its keyset key (`created_at` as text keeps PostgreSQL's microseconds). */
type ExportRow = InvoiceRow & { created_key: string };

/** Default account codes of Xero's Canadian chart of accounts; the accountant maps them on import. */
export const xeroAccounts = { sales: '200', purchases: '300', salesTax: '820' } as const;
/** Default QuickBooks Online account and product names for the same purpose. */
export const quickBooksNames = {
  sales: 'Sales',
  shipping: 'Shipping',
  purchases: 'Cost of Goods Sold',
  salesTax: 'GST/HST Payable',
  tax: 'Sales Tax',
} as const;

export const invoiceCsvHeader = [
  'invoice_id',
  'invoice_number',
  'issued_on',
  'status',
  'kind',
  'order_id',
  'seller',
  'seller_legal_name',
  'seller_gst_hst_number',
  'seller_qst_number',
  'buyer',
  'item',
  'category',
  'quantity',
  'unit',
  'delivery_province',
  'subtotal',
  'shipping',
  'tax_code',
  'tax_rate_percent',
  'tax_amount',
  'invoice_tax',
  'invoice_total',
  'currency',
] as const;

export const quickBooksInvoiceHeader = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Terms',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
  'ItemTaxCode',
  'ItemTaxAmount',
  'Currency',
] as const;

export const quickBooksBillHeader = [
  'BillNo',
  'Supplier',
  'BillDate',
  'DueDate',
  'Terms',
  'Memo',
  'Account',
  'LineDescription',
  'LineAmount',
  'LineTaxCode',
  'LineTaxAmount',
  'Currency',
] as const;

/** Xero's sales invoice and bill templates share these columns (starred ones are required by Xero). */
export const xeroHeader = [
  '*ContactName',
  '*InvoiceNumber',
  '*InvoiceDate',
  '*DueDate',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'Currency',
] as const;

export function invoiceExportHeader(format: ExportFormat, party: InvoiceExportParty): readonly string[] {
  if (format === 'csv') return invoiceCsvHeader;
  if (format === 'xero') return xeroHeader;
  return party === 'seller' ? quickBooksInvoiceHeader : quickBooksBillHeader;
}

const isoDate = (value: Date | string) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
const dollars = (cents: number | string) => centsToDollarsText(Number(cents));
const taxLinesOf = (row: InvoiceRow): InvoiceTaxLine[] =>
  typeof row.tax_lines === 'string' ? (JSON.parse(row.tax_lines) as InvoiceTaxLine[]) : row.tax_lines;
/** The number printed on the invoice's PDF, without its '#' (QuickBooks allows 21 characters). */
const invoiceNumber = (row: InvoiceRow) => shortRef(String(row.id)).replace(/^#/, '');

/** One accounting line: what it is, its amount in cents and its tax label. */
interface AccountingLine {
  kind: 'item' | 'shipping' | 'tax';
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

/**
 * The invoice as accounting lines that add up to its total: the goods or service (quantity × unit price when the
 * negotiated price divides exactly, else one unit at the whole price, so no line is rounded), the shipping when there
 * is some, and each tax component.
 */
export function accountingLines(row: InvoiceRow): AccountingLine[] {
  const price = Number(row.negotiated_price_cents);
  const quantity = Number(row.quantity);
  const divides = price % quantity === 0;
  const lines: AccountingLine[] = [
    {
      kind: 'item',
      description: `${row.subject_name} (${quantity}${row.unit ? ` ${row.unit}` : ''})`,
      quantity: divides ? quantity : 1,
      unitCents: divides ? price / quantity : price,
      amountCents: price,
    },
  ];
  const shipping = Number(row.shipping_cents);
  if (shipping > 0) {
    lines.push({
      kind: 'shipping',
      description: 'Shipping',
      quantity: 1,
      unitCents: shipping,
      amountCents: shipping,
    });
  }
  for (const tax of taxLinesOf(row)) {
    const amount = Number(tax.amountCents);
    lines.push({
      kind: 'tax',
      description: `${tax.code} ${tax.ratePercent}%`,
      quantity: 1,
      unitCents: amount,
      amountCents: amount,
    });
  }
  return lines;
}

function csvRecords(row: InvoiceRow, now: Date): CsvCell[][] {
  const common = (tax: InvoiceTaxLine | null): CsvCell[] => [
    String(row.id),
    invoiceNumber(row),
    isoDate(row.issued_on),
    shownStatus(row, now),
    row.kind,
    row.order_id,
    spreadsheetTextCell(row.seller_name),
    spreadsheetTextCell(row.seller_legal_name),
    row.seller_gst_hst_number,
    row.seller_qst_number,
    spreadsheetTextCell(row.buyer_name),
    spreadsheetTextCell(row.subject_name),
    spreadsheetTextCell(row.subject_category),
    String(row.quantity),
    spreadsheetTextCell(row.unit),
    row.delivery_province,
    dollars(row.negotiated_price_cents),
    dollars(row.shipping_cents),
    tax?.code ?? null,
    tax?.ratePercent ?? null,
    dollars(tax?.amountCents ?? 0),
    dollars(row.tax_cents),
    dollars(row.total_cents),
    'CAD',
  ];
  const taxes = taxLinesOf(row);
  // An invoice without tax (exempt) still gets its one line.
  return taxes.length === 0 ? [common(null)] : taxes.map(common);
}

function quickBooksRecords(row: InvoiceRow, party: InvoiceExportParty): CsvCell[][] {
  const date = isoDate(row.issued_on);
  const memo = `MapleSource ${invoiceNumber(row)}`;
  return accountingLines(row).map((line) => {
    // Taxes are lines of their own, so no line carries a tax code QuickBooks would compute tax from again.
    const taxCode = line.kind === 'tax' ? 'Out of Scope' : 'Exempt';
    if (party === 'seller') {
      const item =
        line.kind === 'item'
          ? quickBooksNames.sales
          : line.kind === 'shipping'
            ? quickBooksNames.shipping
            : quickBooksNames.tax;
      return [
        invoiceNumber(row),
        row.buyer_name,
        date,
        date,
        'Due on receipt',
        memo,
        item,
        line.description,
        String(line.quantity),
        dollars(line.unitCents),
        dollars(line.amountCents),
        taxCode,
        '0.00',
        'CAD',
      ];
    }
    return [
      invoiceNumber(row),
      row.seller_legal_name,
      date,
      date,
      'Due on receipt',
      memo,
      line.kind === 'tax' ? quickBooksNames.salesTax : quickBooksNames.purchases,
      line.description,
      dollars(line.amountCents),
      taxCode,
      '0.00',
      'CAD',
    ];
  });
}

function xeroRecords(row: InvoiceRow, party: InvoiceExportParty): CsvCell[][] {
  const date = isoDate(row.issued_on);
  return accountingLines(row).map((line) => [
    party === 'seller' ? row.buyer_name : row.seller_legal_name,
    invoiceNumber(row),
    date,
    date,
    line.description,
    String(line.quantity),
    dollars(line.unitCents),
    line.kind === 'tax'
      ? xeroAccounts.salesTax
      : party === 'seller'
        ? xeroAccounts.sales
        : xeroAccounts.purchases,
    'Tax Exempt',
    '0.00',
    'CAD',
  ]);
}

/** Reads the party's invoices of the period in keyset batches, ordered by (created_at, id). */
function exportRows(db: Db, request: InvoiceExportRequest): AsyncGenerator<ExportRow> {
  const owner = request.party === 'buyer' ? sql`buyer_id` : sql`seller_user_id`;
  const acceptedOnly = request.format === 'csv' ? sql`` : sql`AND status = 'accepted'`;
  return keysetBatches<ExportRow>(async (after, limit) =>
    rowsOf<ExportRow>(
      await db.execute(sql`
        SELECT *, created_at::text AS created_key FROM invoices
        WHERE ${owner} = ${request.userId}
          AND issued_on BETWEEN ${request.from}::date AND ${request.to}::date
          ${acceptedOnly}
          ${after ? sql`AND (created_at, id) > (${after.created_key}::timestamptz, ${String(after.id)}::uuid)` : sql``}
        ORDER BY created_at, id
        LIMIT ${limit}`),
    ),
  );
}

/** The export's CSV records (after the header), read and written batch by batch. */
export async function* invoiceExportRecords(
  db: Db,
  request: InvoiceExportRequest,
): AsyncGenerator<CsvCell[]> {
  for await (const row of exportRows(db, request)) {
    if (request.format === 'csv') yield* csvRecords(row, request.now);
    else if (request.format === 'quickbooks') yield* quickBooksRecords(row, request.party);
    else yield* xeroRecords(row, request.party);
  }
}
