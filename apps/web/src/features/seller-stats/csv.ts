import type { SellerStats } from '@maplesource/contracts/seller-stats';

const cell = (value: string | number) => {
  const text = String(value);
  // Quoted, and a leading formula character neutralised (spreadsheets run `=…` cells).
  return `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
};
const line = (cells: Array<string | number>) => cells.map(cell).join(',');

/**
 * The stats as CSV: the items of the page shown, a blank line, every day's item counts, a blank line, then every
 * day's storefront figures (revenue in dollars with two decimals; headers in the screen's language).
 */
export function statsCsv(
  stats: SellerStats,
  headers: {
    item: string;
    kind: string;
    day: string;
    counts: string[];
    scores: string[];
    /** Visits, inquiries, invoices, paid orders, revenue (CAD). */
    storefront: string[];
  },
  nameOf: (item: SellerStats['items']['items'][number]) => string,
  kindOf: (kind: 'product' | 'service') => string,
): string {
  const rows = [
    line([headers.item, headers.kind, ...headers.counts, ...headers.scores]),
    ...stats.items.items.map((i) =>
      line([
        nameOf(i),
        kindOf(i.kind),
        i.views,
        i.quotations,
        i.accepted,
        i.rejected,
        i.inProgress,
        i.popularityScore,
        i.bestsellerScore,
      ]),
    ),
    '',
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

/** Saves text as a file from the browser. */
export function saveCsv(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
