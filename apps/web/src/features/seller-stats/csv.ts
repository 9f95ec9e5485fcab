import { saveBlob } from '../../lib/download-file';
import type { SellerStats } from '@maplesource/contracts/seller-stats';

const cell = (value: string | number) => {
  const text = String(value);
  // Quoted, and a leading formula character neutralised (spreadsheets run `=…` cells).
  return `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
};
const line = (cells: Array<string | number>) => cells.map(cell).join(',');

/**
 * The period's days as CSV: every day's item counts, a blank line, then every day's storefront figures (revenue in
 * dollars with two decimals; headers in the screen's language). Every item of the period comes from the server
 * (`download-stats-items-csv.ts`, decision 314).
 */
export function statsCsv(
  stats: SellerStats,
  headers: {
    day: string;
    counts: string[];
    /** Visits, inquiries, invoices, paid orders, revenue (CAD). */
    storefront: string[];
  },
): string {
  const rows = [
    line([headers.day, ...headers.counts]),
    ...stats.days.map((d) => line([d.day, d.views, d.quotations, d.accepted, d.rejected, d.inProgress])),
    '',
    line([headers.day, ...headers.storefront]),
    ...stats.storefront.days.map((d) =>
      line([d.day, d.visits, d.inquiries, d.invoices, d.paidOrders, (d.revenueCents / 100).toFixed(2)]),
    ),
  ];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

/** Saves text as a CSV file from the browser. */
export function saveCsv(name: string, text: string) {
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
}
