import { z } from 'zod';
import { calendarDaysInclusive } from './calendar';

/**
 * Accountants' exports (decision 251): a buyer's or seller user's invoices and orders for a period, as plain CSV or
 * as the CSV import layouts of QuickBooks Online and Xero. Dates are calendar days in Toronto time (the invoice's
 * `issuedOn` is written that way), both ends included.
 */
export const exportFormats = ['csv', 'quickbooks', 'xero'] as const;
export const exportFormatSchema = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** Longest period one export covers, in days (both ends included): a fiscal year, leap day included. */
export const exportMaxDays = 366;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' that is a real calendar day. */
const exportDateSchema = z
  .string()
  .regex(ISO_DATE, 'errors:EXPORT_PERIOD_INVALID')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'errors:EXPORT_PERIOD_INVALID');

/** Days from `from` to `to`, both included (1 for a single day). */
export function exportPeriodDays(from: string, to: string): number {
  return calendarDaysInclusive(from, to);
}

/** A period of calendar days, both ends included (exports, seller stats). */
export const periodShape = { from: exportDateSchema, to: exportDateSchema };

/** At least one day and at most `exportMaxDays`. */
export function checkPeriod(value: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = exportPeriodDays(value.from, value.to);
  if (days < 1) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'errors:EXPORT_PERIOD_INVALID' });
  } else if (days > exportMaxDays) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'errors:EXPORT_PERIOD_TOO_LONG' });
  }
}

/** `GET …/invoices/export?from&to&format`: the period and the layout (plain CSV by default). */
export const invoiceExportQuerySchema = z
  .object({ ...periodShape, format: exportFormatSchema.default('csv') })
  .superRefine(checkPeriod);
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuerySchema>;

/** `GET …/orders/export?from&to`: orders are exported as plain CSV only (the invoices are the accounting documents). */
export const orderExportQuerySchema = z.object(periodShape).superRefine(checkPeriod);
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;
