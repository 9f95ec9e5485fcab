import { dateInTimeZone, formatDocumentDate } from '@maplesource/contracts/document-time';
import type { Order } from '@maplesource/contracts/orders';

/**
 * The day an order was placed, in the order's own time zone and named ("Nov 20, 2026 (ET)"), as its page writes
 * its dates (decisions 248 and 265): a list read in Vancouver or at 11 p.m. shows the same day as the order page.
 */
export function orderPlacedDate(order: Pick<Order, 'placedAt' | 'timeZone'>, uiLanguage: string): string {
  const language = uiLanguage.startsWith('fr') ? 'fr' : 'en';
  return formatDocumentDate(
    dateInTimeZone(new Date(order.placedAt), order.timeZone),
    language,
    order.timeZone,
  );
}
