import { z } from 'zod';
import { labelValueSchema, productOriginSchema, variationSchema } from './catalog';
import { dollarsToCents } from './money';

/**
 * The seller centre's catalogue (decision 287): one schema per item kind, used by the web form (react-hook-form's
 * zod resolver) and by the server's routes and CSV import alike.
 */

export const sellerItemStatuses = ['draft', 'active', 'archived'] as const;
export const sellerItemStatusSchema = z.enum(sellerItemStatuses);
export type SellerItemStatus = z.infer<typeof sellerItemStatusSchema>;

/** Limits of the catalogue forms and imports. */
export const sellerCatalogueLimits = {
  images: 10,
  tiers: 10,
  listEntries: 30,
  nameLength: 200,
  descriptionLength: 5000,
  shortTextLength: 2000,
  importRows: 10_000,
  importBytes: 10 * 1024 * 1024,
} as const;

const idString = z.string().regex(/^\d{1,15}$/, 'Not an id');
const name = z.string().trim().min(2).max(sellerCatalogueLimits.nameLength);
const description = z.string().trim().min(1).max(sellerCatalogueLimits.descriptionLength);
const frenchDescription = z.string().trim().max(sellerCatalogueLimits.descriptionLength);
const shortText = z.string().trim().max(sellerCatalogueLimits.shortTextLength);
const days = z.number().int().min(0).max(365);
/** A price the seller asks: whole cents, more than zero. */
export const positiveCentsSchema = z.number().int().min(1).max(100_000_000_000);

export const sellerSkuSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, 'Letters, digits, dot, dash and underscore only');

/** An uploaded image (`url` from the upload route) with its alternative text in both languages. */
export const sellerImageSchema = z.object({
  url: z
    .string()
    .max(500)
    .regex(/^\/(?:uploads|api\/v1\/uploads)\/[A-Za-z0-9._/-]+$|^https:\/\/[^\s]+$/, 'Not an uploaded image'),
  altEn: z.string().trim().min(1).max(200),
  altFr: z.string().trim().max(200),
});
export type SellerImage = z.infer<typeof sellerImageSchema>;

export const sellerPriceTierSchema = z.object({
  minQuantity: z.number().int().min(1),
  maxQuantity: z.number().int().min(1).nullable(),
  unitPriceCents: positiveCentsSchema,
});

/**
 * Quantity price tiers (messages are i18n keys, shown translated by the form and the CSV dry run): the first starts at the minimum order quantity, each next one starts right after the one
 * before ends (ascending, no gaps, no overlap), only the last is open-ended. Issues name the tier and its field.
 */
export function priceTierIssues(
  tiers: readonly { minQuantity: number; maxQuantity: number | null }[],
  minOrderQuantity: number,
): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  tiers.forEach((tier, i) => {
    if (i === 0 && tier.minQuantity !== minOrderQuantity)
      issues.push({
        path: [i, 'minQuantity'],
        message: 'errors:PRICE_TIER_FIRST_AT_MOQ',
      });
    const previous = tiers[i - 1];
    if (previous && previous.maxQuantity !== null && tier.minQuantity !== previous.maxQuantity + 1)
      issues.push({ path: [i, 'minQuantity'], message: 'errors:PRICE_TIER_GAP' });
    if (tier.maxQuantity !== null && tier.maxQuantity < tier.minQuantity)
      issues.push({ path: [i, 'maxQuantity'], message: 'errors:PRICE_TIER_END_BEFORE_START' });
    const last = i === tiers.length - 1;
    if (!last && tier.maxQuantity === null)
      issues.push({ path: [i, 'maxQuantity'], message: 'errors:PRICE_TIER_OPEN_NOT_LAST' });
    if (last && tier.maxQuantity !== null)
      issues.push({ path: [i, 'maxQuantity'], message: 'errors:PRICE_TIER_LAST_NOT_OPEN' });
  });
  return issues;
}

/** The product form's fields without the cross-field rules (what the server answers, seed items included). */
export const sellerProductFieldsSchema = z.object({
  sku: sellerSkuSchema,
  subcategoryId: idString,
  nameEn: name,
  nameFr: name,
  descriptionEn: description,
  descriptionFr: frenchDescription,
  unit: z.string().trim().min(1).max(30),
  minOrderQuantity: z.number().int().min(1).max(10_000_000),
  priceTiers: z.array(sellerPriceTierSchema).min(1).max(sellerCatalogueLimits.tiers),
  leadDays: days,
  deliveryDays: days,
  origin: productOriginSchema,
  servicesEn: shortText,
  servicesFr: shortText,
  warrantyEn: shortText,
  warrantyFr: shortText,
  materialEn: shortText,
  materialFr: shortText,
  customizableOptions: z
    .array(z.object({ nameEn: z.string().trim().min(1).max(120), nameFr: z.string().trim().max(120) }))
    .max(sellerCatalogueLimits.listEntries),
  variations: z.array(variationSchema).max(sellerCatalogueLimits.listEntries),
  keyAttributes: z.array(labelValueSchema).max(sellerCatalogueLimits.listEntries),
  technicalSpecifications: z.array(labelValueSchema).max(sellerCatalogueLimits.listEntries),
  images: z.array(sellerImageSchema).max(sellerCatalogueLimits.images),
});
export const sellerProductInputSchema = sellerProductFieldsSchema.superRefine((value, ctx) => {
  for (const issue of priceTierIssues(value.priceTiers, value.minOrderQuantity))
    ctx.addIssue({ code: 'custom', path: ['priceTiers', ...issue.path], message: issue.message });
});
export type SellerProductInput = z.infer<typeof sellerProductInputSchema>;

export const sellerServiceInputSchema = z.object({
  sku: sellerSkuSchema,
  subcategoryId: idString,
  nameEn: name,
  nameFr: name,
  descriptionEn: description,
  descriptionFr: frenchDescription,
  startingPriceCents: positiveCentsSchema,
  priceUnit: z.string().trim().min(1).max(30),
  turnaroundDays: days,
  capabilities: z.array(labelValueSchema).max(sellerCatalogueLimits.listEntries),
  serviceAreaEn: shortText,
  serviceAreaFr: shortText,
  certifications: z.array(z.string().trim().min(1).max(120)).max(sellerCatalogueLimits.listEntries),
  images: z.array(sellerImageSchema).max(sellerCatalogueLimits.images),
});
export type SellerServiceInput = z.infer<typeof sellerServiceInputSchema>;

export const sellerItemKinds = ['product', 'service'] as const;
export const sellerItemKindSchema = z.enum(sellerItemKinds);
export type SellerItemKind = z.infer<typeof sellerItemKindSchema>;

export const sellerStorefrontParamsSchema = z.object({ sellerId: idString });
export const sellerItemParamsSchema = z.object({ id: idString });
export const sellerImportJobParamsSchema = z.object({ jobId: idString });

const itemMeta = {
  id: z.string(),
  sellerId: z.string(),
  slug: z.string(),
  status: sellerItemStatusSchema,
  categoryId: z.string(),
  updatedAt: z.string(),
};
export const sellerProductSchema = z.object({
  ...itemMeta,
  input: sellerProductFieldsSchema,
});
export type SellerProduct = z.infer<typeof sellerProductSchema>;
export const sellerServiceSchema = z.object({ ...itemMeta, input: sellerServiceInputSchema });
export type SellerService = z.infer<typeof sellerServiceSchema>;

export const sellerItemListQuerySchema = z.object({
  status: sellerItemStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const sellerItemSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  sku: z.string().nullable(),
  nameEn: z.string(),
  nameFr: z.string(),
  status: sellerItemStatusSchema,
  imageUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type SellerItemSummary = z.infer<typeof sellerItemSummarySchema>;
export const sellerItemListSchema = z.object({
  items: z.array(sellerItemSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type SellerItemList = z.infer<typeof sellerItemListSchema>;

/** publish: draft → active; unpublish: active → draft; archive: draft or active → archived (for good). */
export const sellerItemActions = ['publish', 'unpublish', 'archive'] as const;
export const sellerItemActionSchema = z.object({ action: z.enum(sellerItemActions) });
export type SellerItemAction = z.infer<typeof sellerItemActionSchema>['action'];

export const sellerImageUploadResponseSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
});

// ---------- CSV import and export (decision 288) ----------

/** One CSV column: its key, and its header in English and in French (either is accepted on import). */
export interface CatalogueCsvColumn {
  key: string;
  en: string;
  fr: string;
}
const col = (key: string, en: string, fr: string): CatalogueCsvColumn => ({ key, en, fr });

export const productCsvColumns: readonly CatalogueCsvColumn[] = [
  col('sku', 'SKU', 'UGS'),
  col('subcategory', 'Subcategory', 'Sous-catégorie'),
  col('published', 'Published', 'Publié'),
  col('nameEn', 'Name (English)', 'Nom (anglais)'),
  col('nameFr', 'Name (French)', 'Nom (français)'),
  col('descriptionEn', 'Description (English)', 'Description (anglais)'),
  col('descriptionFr', 'Description (French)', 'Description (français)'),
  col('unit', 'Unit', 'Unité'),
  col('minOrderQuantity', 'Minimum order quantity', 'Quantité minimale de commande'),
  col('priceTiers', 'Price tiers', 'Paliers de prix'),
  col('leadDays', 'Lead time (days)', 'Délai de production (jours)'),
  col('deliveryDays', 'Delivery (days)', 'Livraison (jours)'),
  col('origin', 'Origin', 'Origine'),
  col('servicesEn', 'Services (English)', 'Services (anglais)'),
  col('servicesFr', 'Services (French)', 'Services (français)'),
  col('warrantyEn', 'Warranty and support (English)', 'Garantie et soutien (anglais)'),
  col('warrantyFr', 'Warranty and support (French)', 'Garantie et soutien (français)'),
  col('materialEn', 'Material (English)', 'Matériau (anglais)'),
  col('materialFr', 'Material (French)', 'Matériau (français)'),
  col('customizableOptions', 'Customizable options', 'Options personnalisables'),
  col('variations', 'Variations', 'Variantes'),
  col('keyAttributes', 'Key attributes', 'Attributs clés'),
  col('technicalSpecifications', 'Technical specifications', 'Spécifications techniques'),
];

export const serviceCsvColumns: readonly CatalogueCsvColumn[] = [
  col('sku', 'SKU', 'UGS'),
  col('subcategory', 'Subcategory', 'Sous-catégorie'),
  col('published', 'Published', 'Publié'),
  col('nameEn', 'Name (English)', 'Nom (anglais)'),
  col('nameFr', 'Name (French)', 'Nom (français)'),
  col('descriptionEn', 'Description (English)', 'Description (anglais)'),
  col('descriptionFr', 'Description (French)', 'Description (français)'),
  col('startingPrice', 'Starting price (CAD)', 'Prix de départ (CAD)'),
  col('priceUnit', 'Price unit', 'Unité de prix'),
  col('turnaroundDays', 'Turnaround (days)', 'Délai d’exécution (jours)'),
  col('serviceAreaEn', 'Service area (English)', 'Zone desservie (anglais)'),
  col('serviceAreaFr', 'Service area (French)', 'Zone desservie (français)'),
  col('certifications', 'Certifications', 'Certifications'),
  col('capabilities', 'Capabilities', 'Capacités'),
];

export const csvColumnsOf = (kind: SellerItemKind) =>
  kind === 'product' ? productCsvColumns : serviceCsvColumns;

/**
 * The CSV's cell formats (decision 288), written and read by the same functions so an export imports unchanged:
 * - price tiers: `1-9: 12.50; 10-49: 11.00; 50+: 9.90` (quantities, then dollars);
 * - lists: entries separated by `;`, the English and French texts of an entry by `|`, a label and its value by `=`,
 *   a variation's options by `,` (`Colour|Couleur=Red,Blue|Rouge,Bleu`);
 * - published: yes/no (oui/non).
 * A `;`, `|`, `=` or `,` inside a text is written with a backslash before it.
 */
const escapeCell = (text: string, specials = ';|=,') =>
  [...text].map((c) => (specials.includes(c) || c === '\\' ? `\\${c}` : c)).join('');

/** Splits on an unescaped separator, keeping escapes for the next level; `unescape` removes them. */
function splitEscaped(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[i + 1];
      i++;
    } else if (c === separator) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}
const unescapeCell = (text: string) => text.replace(/\\(.)/g, '$1');
const entries = (cell: string) =>
  cell.trim() === ''
    ? []
    : splitEscaped(cell, ';')
        .map((s) => s.trim())
        .filter(Boolean);
const pair = (text: string): [string, string] => {
  const [en = '', fr = '', ...rest] = splitEscaped(text, '|');
  if (rest.length > 0) throw new Error('More than one | in an entry');
  return [unescapeCell(en.trim()), unescapeCell(fr.trim())];
};

const centsToDollarText = (cents: number) => (cents / 100).toFixed(2);

export function formatPriceTiersCell(
  tiers: readonly { minQuantity: number; maxQuantity: number | null; unitPriceCents: number }[],
) {
  return tiers
    .map(
      (t) =>
        `${t.minQuantity}${t.maxQuantity === null ? '+' : `-${t.maxQuantity}`}: ${centsToDollarText(t.unitPriceCents)}`,
    )
    .join('; ');
}
export function parsePriceTiersCell(cell: string) {
  return entries(cell).map((entry) => {
    const match = /^(\d{1,9})\s*(?:-\s*(\d{1,9})|(\+))\s*:\s*(.+)$/.exec(entry);
    if (!match) throw new Error(`"${entry}" is not a tier like 10-49: 11.00 or 50+: 9.90`);
    const cents = dollarsToCents(match[4]!);
    if (cents === null) throw new Error(`"${match[4]}" is not a price`);
    return {
      minQuantity: Number(match[1]),
      maxQuantity: match[3] ? null : Number(match[2]),
      unitPriceCents: cents,
    };
  });
}

const formatPairs = (items: readonly { en: string; fr: string }[]) =>
  items.map((i) => (i.fr ? `${escapeCell(i.en)}|${escapeCell(i.fr)}` : escapeCell(i.en))).join('; ');
const formatLabelValues = (items: readonly z.infer<typeof labelValueSchema>[]) =>
  items
    .map(
      (i) =>
        `${escapeCell(i.labelEn)}|${escapeCell(i.labelFr)}=${escapeCell(i.value)}${i.valueFr === undefined ? '' : `|${escapeCell(i.valueFr)}`}`,
    )
    .join('; ');
function parseLabelValues(cell: string) {
  return entries(cell).map((entry) => {
    const [label, value, ...rest] = splitEscaped(entry, '=');
    if (value === undefined || rest.length > 0) throw new Error(`"${entry}" is not Label|Libellé=value`);
    const [labelEn, labelFr] = pair(label!);
    const [valueEn, valueFr] = splitEscaped(value, '|').map((s) => unescapeCell(s.trim()));
    return {
      labelEn,
      labelFr,
      value: valueEn ?? '',
      ...(valueFr === undefined ? {} : { valueFr }),
    };
  });
}
const formatVariations = (items: readonly z.infer<typeof variationSchema>[]) =>
  items
    .map((v) => {
      const options = v.options.map((o) => escapeCell(o)).join(',');
      const optionsFr = v.optionsFr ? `|${v.optionsFr.map((o) => escapeCell(o)).join(',')}` : '';
      return `${escapeCell(v.nameEn)}|${escapeCell(v.nameFr)}=${options}${optionsFr}`;
    })
    .join('; ');
function parseVariations(cell: string) {
  return entries(cell).map((entry) => {
    const [label, value, ...rest] = splitEscaped(entry, '=');
    if (value === undefined || rest.length > 0) throw new Error(`"${entry}" is not Name|Nom=option,option`);
    const [nameEn, nameFr] = pair(label!);
    const [optionsEn = '', optionsFr, ...more] = splitEscaped(value, '|');
    if (more.length > 0) throw new Error(`"${entry}" has more than one | in its options`);
    const list = (text: string) =>
      splitEscaped(text, ',')
        .map((o) => unescapeCell(o.trim()))
        .filter(Boolean);
    return {
      nameEn,
      nameFr,
      options: list(optionsEn),
      ...(optionsFr === undefined ? {} : { optionsFr: list(optionsFr) }),
    };
  });
}

const yes = new Set(['yes', 'oui', 'true', '1', 'y', 'o']);
const no = new Set(['no', 'non', 'false', '0', 'n', '']);

/** What a CSV row becomes: the item's input (minus images, which an import keeps) and whether it is published. */
export interface CsvRowResult<T> {
  value?: { input: T; subcategorySlug: string; published: boolean };
  errors: { column: string; message: string }[];
}

type CsvRecord = Record<string, string | undefined>;

function parseCells(
  record: CsvRecord,
  columns: readonly CatalogueCsvColumn[],
  parsers: Record<string, (cell: string) => unknown>,
) {
  const errors: { column: string; message: string }[] = [];
  const values: Record<string, unknown> = {};
  for (const column of columns) {
    const cell = (record[column.key] ?? '').trim();
    const parse = parsers[column.key];
    try {
      values[column.key] = parse ? parse(cell) : cell;
    } catch (error) {
      errors.push({ column: column.key, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { values, errors };
}

const integerCell = (cell: string) => {
  if (!/^\d{1,9}$/.test(cell)) throw new Error(`"${cell}" is not a whole number`);
  return Number(cell);
};
const publishedCell = (cell: string) => {
  const text = cell.toLowerCase();
  if (yes.has(text)) return true;
  if (no.has(text)) return false;
  throw new Error(`"${cell}" is not yes or no`);
};
const pairsCell = (cell: string) => entries(cell).map((e) => pair(e));

function collectIssues<T>(
  schema: z.ZodType<T>,
  candidate: unknown,
  errors: { column: string; message: string }[],
  columnOf: (path: readonly PropertyKey[]) => string,
): T | undefined {
  const parsed = schema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    errors.push({ column: columnOf(issue.path), message: issue.message });
  return undefined;
}

export function productFromCsvRecord(record: CsvRecord): CsvRowResult<SellerProductInput> {
  const { values, errors } = parseCells(record, productCsvColumns, {
    published: publishedCell,
    minOrderQuantity: integerCell,
    leadDays: integerCell,
    deliveryDays: integerCell,
    priceTiers: parsePriceTiersCell,
    customizableOptions: (cell) => pairsCell(cell).map(([nameEn, nameFr]) => ({ nameEn, nameFr })),
    variations: parseVariations,
    keyAttributes: parseLabelValues,
    technicalSpecifications: parseLabelValues,
  });
  const subcategorySlug = String(values.subcategory ?? '');
  if (!subcategorySlug) errors.push({ column: 'subcategory', message: 'A subcategory is required' });
  if (errors.length > 0) return { errors };
  const { published, subcategory: _subcategory, ...rest } = values;
  const input = collectIssues(
    sellerProductInputSchema,
    { ...rest, subcategoryId: '0', images: [] },
    errors,
    (path) => String(path[0] ?? 'sku'),
  );
  return input ? { value: { input, subcategorySlug, published: Boolean(published) }, errors } : { errors };
}

export function serviceFromCsvRecord(record: CsvRecord): CsvRowResult<SellerServiceInput> {
  const { values, errors } = parseCells(record, serviceCsvColumns, {
    published: publishedCell,
    turnaroundDays: integerCell,
    startingPrice: (cell) => {
      const cents = dollarsToCents(cell);
      if (cents === null) throw new Error(`"${cell}" is not a price`);
      return cents;
    },
    certifications: (cell) => entries(cell).map(unescapeCell),
    capabilities: parseLabelValues,
  });
  const subcategorySlug = String(values.subcategory ?? '');
  if (!subcategorySlug) errors.push({ column: 'subcategory', message: 'A subcategory is required' });
  if (errors.length > 0) return { errors };
  const { published, subcategory: _subcategory, startingPrice, ...rest } = values;
  const input = collectIssues(
    sellerServiceInputSchema,
    { ...rest, startingPriceCents: startingPrice, subcategoryId: '0', images: [] },
    errors,
    (path) => (path[0] === 'startingPriceCents' ? 'startingPrice' : String(path[0] ?? 'sku')),
  );
  return input ? { value: { input, subcategorySlug, published: Boolean(published) }, errors } : { errors };
}

/** The CSV cells of a product, keyed by column key (the export; `productFromCsvRecord` reads them back). */
export function productCsvRecord(
  input: SellerProductInput,
  subcategorySlug: string,
  published: boolean,
): Record<string, string> {
  return {
    sku: input.sku,
    subcategory: subcategorySlug,
    published: published ? 'yes' : 'no',
    nameEn: input.nameEn,
    nameFr: input.nameFr,
    descriptionEn: input.descriptionEn,
    descriptionFr: input.descriptionFr,
    unit: input.unit,
    minOrderQuantity: String(input.minOrderQuantity),
    priceTiers: formatPriceTiersCell(input.priceTiers),
    leadDays: String(input.leadDays),
    deliveryDays: String(input.deliveryDays),
    origin: input.origin,
    servicesEn: input.servicesEn,
    servicesFr: input.servicesFr,
    warrantyEn: input.warrantyEn,
    warrantyFr: input.warrantyFr,
    materialEn: input.materialEn,
    materialFr: input.materialFr,
    customizableOptions: formatPairs(input.customizableOptions.map((o) => ({ en: o.nameEn, fr: o.nameFr }))),
    variations: formatVariations(input.variations),
    keyAttributes: formatLabelValues(input.keyAttributes),
    technicalSpecifications: formatLabelValues(input.technicalSpecifications),
  };
}

export function serviceCsvRecord(
  input: SellerServiceInput,
  subcategorySlug: string,
  published: boolean,
): Record<string, string> {
  return {
    sku: input.sku,
    subcategory: subcategorySlug,
    published: published ? 'yes' : 'no',
    nameEn: input.nameEn,
    nameFr: input.nameFr,
    descriptionEn: input.descriptionEn,
    descriptionFr: input.descriptionFr,
    startingPrice: centsToDollarText(input.startingPriceCents),
    priceUnit: input.priceUnit,
    turnaroundDays: String(input.turnaroundDays),
    serviceAreaEn: input.serviceAreaEn,
    serviceAreaFr: input.serviceAreaFr,
    certifications: input.certifications.map((c) => escapeCell(c)).join('; '),
    capabilities: formatLabelValues(input.capabilities),
  };
}

/** A CSV problem, by its line in the file (the header is line 1) and its column key. */
export const csvRowErrorSchema = z.object({
  line: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;

export const csvImportQuerySchema = z.object({
  dryRun: z.enum(['true', 'false']).default('true'),
  fileName: z.string().max(200).optional(),
});
export const csvTemplateQuerySchema = z.object({ lang: z.enum(['en', 'fr']).default('en') });

export const sellerImportJobSchema = z.object({
  id: z.string(),
  kind: sellerItemKindSchema,
  status: z.enum(['queued', 'running', 'done', 'failed']),
  fileName: z.string(),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type SellerImportJob = z.infer<typeof sellerImportJobSchema>;

/** A dry run: the rows and their errors; nothing written. An import answers the same plus its job. */
export const csvImportResponseSchema = z.object({
  rows: z.number().int(),
  errors: z.array(csvRowErrorSchema),
  job: sellerImportJobSchema.nullable(),
  /** True when this exact file was imported before: the existing job, nothing changed again. */
  repeated: z.boolean(),
});
export type CsvImportResponse = z.infer<typeof csvImportResponseSchema>;
