import { z } from 'zod';
import {
  CNC_DFM_NOTES,
  CNC_FINISHES,
  CNC_LEAD_TIMES,
  CNC_MATERIALS,
  CNC_TOLERANCES,
  finishSuitsMaterial,
} from './cnc-pricing';

/**
 * The buyer's CNC instant quote (decisions 302, 322): a CAD file and the options, sent as multipart fields beside
 * the file; the server measures the file itself, prices it with the rates in effect and stores the quote.
 */

/** The largest quantity one instant quote prices. */
export const CNC_MAX_QUANTITY = 10_000;

export const cncQuoteOptionsSchema = z
  .strictObject({
    material: z.enum(CNC_MATERIALS),
    finish: z.enum(CNC_FINISHES),
    tolerance: z.enum(CNC_TOLERANCES),
    leadTime: z.enum(CNC_LEAD_TIMES),
    quantity: z.coerce.number().int().min(1).max(CNC_MAX_QUANTITY),
  })
  .refine((options) => finishSuitsMaterial(options.finish, options.material), {
    path: ['finish'],
    message: 'errors:CNC_FINISH_UNSUITED',
  });
export type CncQuoteOptionsInput = z.infer<typeof cncQuoteOptionsSchema>;

const cncPriceTermsSchema = z.object({
  stockVolumeCm3: z.number(),
  materialCentsPerCm3: z.number(),
  materialCents: z.number().int(),
  removedVolumeCm3: z.number(),
  machineHours: z.number(),
  shopCentsPerHour: z.number(),
  toleranceFactor: z.number(),
  machiningCents: z.number().int(),
  setupCents: z.number().int(),
  quantity: z.number().int(),
  setupPerPartCents: z.number().int(),
  finishCents: z.number().int(),
  leadTimeFactor: z.number(),
  unitCents: z.number().int(),
  totalCents: z.number().int(),
  leadDays: z.number().int(),
});

export const cncQuoteSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  geometry: z.object({
    volumeMm3: z.number(),
    surfaceAreaMm2: z.number(),
    boundingBoxMm: z.tuple([z.number(), z.number(), z.number()]),
    closed: z.boolean(),
  }),
  triangles: z.number().int(),
  options: z.object({
    material: z.enum(CNC_MATERIALS),
    finish: z.enum(CNC_FINISHES),
    tolerance: z.enum(CNC_TOLERANCES),
    leadTime: z.enum(CNC_LEAD_TIMES),
    quantity: z.number().int(),
  }),
  ratesEffectiveFrom: z.string(),
  /** The price at 1, 10, 50, 100 and the quantity asked for, smallest quantity first. */
  prices: z.array(cncPriceTermsSchema),
  notes: z.array(z.enum(CNC_DFM_NOTES)),
  createdAt: z.string(),
});
export type CncQuote = z.infer<typeof cncQuoteSchema>;

export const cncQuoteListSchema = z.object({ items: z.array(cncQuoteSchema) });
export const cncQuoteParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** Why an uploaded CAD file cannot be analysed: the server's `CncFileRejected` (decisions 302, 322). */
export const cncFileRejectionCodes = [
  'CNC_FILE_EMPTY',
  'CNC_FILE_TOO_LARGE',
  'CNC_FILE_NOT_A_MESH',
  'CNC_FILE_TRUNCATED',
  'CNC_FILE_TOO_MANY_TRIANGLES',
  /** Neither .stl nor .step/.stp. */
  'CNC_FILE_UNSUPPORTED_TYPE',
  /** A .step/.stp file OpenCascade cannot read (garbage, cut short, not STEP at all). */
  'CNC_FILE_NOT_A_STEP_MODEL',
  /** A readable STEP file that holds no solid to machine (only curves, points, an empty assembly). */
  'CNC_FILE_NO_SOLID',
  /** The analysis ran past its time or memory limit (decision 322). */
  'CNC_FILE_TOO_COMPLEX',
] as const;

/** Every code the CNC quote routes answer with: the file's refusals and the routes' own. */
export const cncFileErrorCodes = [
  ...cncFileRejectionCodes,
  'CNC_FILE_REQUIRED',
  'CNC_RATES_NOT_SET',
  'CNC_QUOTE_NOT_FOUND',
  'CNC_ANALYSIS_BUSY',
] as const;
