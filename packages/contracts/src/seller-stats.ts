import { z } from 'zod';
import { checkPeriod, periodShape } from './exports';

/**
 * The seller centre's stats (decision 273): what happened to a storefront's products and services over a period of
 * calendar days in Toronto time, both ends included (at most a year), per day and per item. Popularity and
 * bestseller scores are decision 040's formulas over the period's counts.
 */
export const sellerStatsQuerySchema = z
  .object({
    ...periodShape,
    /** Items sorted by the period's popularity, this many from `offset`. */
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    /** Only this item of the storefront (`product:12` or `service:7`); another storefront's answers 404. */
    item: z
      .string()
      .regex(/^(product|service):\d{1,15}$/, 'Not an item')
      .optional(),
  })
  .superRefine(checkPeriod);
export type SellerStatsQuery = z.infer<typeof sellerStatsQuerySchema>;

const counts = {
  views: z.number().int(),
  quotations: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  inProgress: z.number().int(),
};

export const sellerStatsDaySchema = z.object({ day: z.string(), ...counts });
export type SellerStatsDay = z.infer<typeof sellerStatsDaySchema>;

export const sellerStatsItemSchema = z.object({
  kind: z.enum(['product', 'service']),
  id: z.string(),
  nameEn: z.string(),
  nameFr: z.string(),
  ...counts,
  popularityScore: z.number().int(),
  bestsellerScore: z.number().int(),
});
export type SellerStatsItem = z.infer<typeof sellerStatsItemSchema>;

export const sellerStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the period, in order, zeros included (a chart's series). */
  days: z.array(sellerStatsDaySchema),
  totals: z.object(counts),
  /** How many items had anything happen in the period. */
  itemCount: z.number().int(),
  items: z.array(sellerStatsItemSchema),
});
export type SellerStats = z.infer<typeof sellerStatsSchema>;
