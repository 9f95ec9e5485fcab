import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './common';
import { checkPeriod, periodShape } from './exports';

/** How the items table is sorted (always descending, then kind and id: a unique tie-breaker). */
export const sellerStatsSorts = [
  'popularity',
  'bestseller',
  'views',
  'quotations',
  'accepted',
  'rejected',
  'inProgress',
] as const;
export type SellerStatsSort = (typeof sellerStatsSorts)[number];

/**
 * The seller centre's stats (decisions 273, 290): what happened to a storefront and its products and services over a
 * period of calendar days in Toronto time, both ends included (at most a year), per day and per item. Popularity and
 * bestseller scores are decision 040's formulas over the period's counts.
 */
export const sellerStatsQuerySchema = z
  .object({
    ...periodShape,
    /** The items table: one page of the items that had anything happen, sorted (decision 290). */
    ...pageQuerySchema.shape,
    sort: z.enum(sellerStatsSorts).default('popularity'),
    /** Only this item of the storefront (`product:12` or `service:7`); another storefront's answers 404. */
    item: z
      .string()
      .regex(/^(product|service):\d{1,15}$/, 'Not an item')
      .optional(),
  })
  .superRefine(checkPeriod);
export type SellerStatsQuery = z.infer<typeof sellerStatsQuerySchema>;

/**
 * Every item of the period as CSV (decision 314), in the order of `sort`, with headers and the item kind in `lang`.
 * Item names come in the same language, falling back to the other one when empty.
 */
export const sellerStatsCsvQuerySchema = z
  .object({
    ...periodShape,
    sort: z.enum(sellerStatsSorts).default('popularity'),
    lang: z.enum(['en', 'fr']).default('en'),
  })
  .superRefine(checkPeriod);
export type SellerStatsCsvQuery = z.infer<typeof sellerStatsCsvQuerySchema>;

/** The items CSV's columns, in order, in both languages (the words of the stats screen). */
export const sellerStatsCsvColumns = [
  { en: 'Product or service', fr: 'Produit ou service' },
  { en: 'Kind', fr: 'Type' },
  { en: 'Views', fr: 'Vues' },
  { en: 'Quotations', fr: 'Demandes de prix' },
  { en: 'Accepted', fr: 'Acceptées' },
  { en: 'Rejected', fr: 'Refusées' },
  { en: 'In progress', fr: 'En cours' },
  { en: 'Popularity score', fr: 'Indice de popularité' },
  { en: 'Bestseller score', fr: 'Indice de meilleure vente' },
] as const;
export const sellerStatsCsvKinds = {
  product: { en: 'product', fr: 'produit' },
  service: { en: 'service', fr: 'service' },
} as const;

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

const storefrontCounts = {
  /** Storefront page views. */
  visits: z.number().int(),
  /** Quotations asked about the storefront's products and services. */
  inquiries: z.number().int(),
  /** Invoices issued (first versions: a revision is the same deal). */
  invoices: z.number().int(),
  /** Orders whose payment succeeded, counted on the day it did. */
  paidOrders: z.number().int(),
  /** Those orders' totals, integer cents CAD. */
  revenueCents: z.number().int(),
};

export const sellerStorefrontDaySchema = z.object({ day: z.string(), ...storefrontCounts });
export type SellerStorefrontDay = z.infer<typeof sellerStorefrontDaySchema>;

/** The storefront's figures over the period (decision 290). */
export const sellerStorefrontStatsSchema = z.object({
  /** Every day of the period, in order, zeros included. */
  days: z.array(sellerStorefrontDaySchema),
  totals: z.object({
    ...storefrontCounts,
    /** Invoices ÷ inquiries of the period (null without inquiries; above 1 when earlier inquiries were invoiced). */
    invoiceConversion: z.number().nullable(),
    /** Paid orders ÷ inquiries of the period (null without inquiries). */
    orderConversion: z.number().nullable(),
  }),
});
export type SellerStorefrontStats = z.infer<typeof sellerStorefrontStatsSchema>;

export const sellerStatsItemPageSchema = pagedSchema(sellerStatsItemSchema);

export const sellerStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the period, in order, zeros included (a chart's series). */
  days: z.array(sellerStatsDaySchema),
  totals: z.object(counts),
  /** One page of the items that had anything happen in the period (`total` counts them all). */
  items: sellerStatsItemPageSchema,
  storefront: sellerStorefrontStatsSchema,
});
export type SellerStats = z.infer<typeof sellerStatsSchema>;

/** `POST seller-stats/track-visit`: a visit of a storefront's page (its id or slug). */
export const trackStorefrontVisitBodySchema = z.object({ sellerId: z.string().min(1).max(200) });
