import { z } from 'zod';
import { cncFileRejectionCodes } from './cad/file-rejection';
import { rfqCreateRequestSchema } from './rfq';
import {
  CNC_DFM_NOTES,
  CNC_FINISHES,
  CNC_LEAD_TIMES,
  CNC_MATERIALS,
  CNC_TOLERANCES,
  finishSuitsMaterial,
} from './cnc-pricing';
import { CAD_UNITS } from './cad/units';

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
    /** An STL's unit (decision 324): `inch` scales the measured part ×25.4 before pricing; mm when absent. */
    units: z.enum(CAD_UNITS).optional(),
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
  /**
   * The price at 1, 10, 50, 100 and the quantity asked for, smallest quantity first. Empty when the part has no
   * instant price (decision 335: an open mesh, `CNC_DFM_OPEN_MESH` among the notes; ask for firm quotes).
   */
  prices: z.array(cncPriceTermsSchema),
  notes: z.array(z.enum(CNC_DFM_NOTES)),
  createdAt: z.string(),
  /** Whether the uploaded file is kept with the quote (`GET /cnc-quotes/:id/file`); older quotes have none. */
  hasFile: z.boolean(),
  /** The request for firm quotes sent for this part (`POST /cnc-quotes/:id/rfq`), once sent. */
  rfqId: z.string().nullable(),
});
export type CncQuote = z.infer<typeof cncQuoteSchema>;

export const cncQuoteListSchema = z.object({ items: z.array(cncQuoteSchema) });
export const cncQuoteParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** `GET /cnc-quotes/:id/pdf?lang=en|fr`: the quote as a PDF in the asked language (owner only). */
export const cncQuotePdfQuerySchema = z.object({ lang: z.enum(['en', 'fr']).default('en') });
export type CncQuotePdfQuery = z.input<typeof cncQuotePdfQuerySchema>;

/**
 * `PATCH /cnc-quotes/:id`: change the quantity. The quote is priced again with the same rates row it was priced with
 * and the same geometry, so it stays explainable; answers the quote.
 */
export const cncQuoteUpdateRequestSchema = z.strictObject({
  quantity: z.number().int().min(1).max(CNC_MAX_QUANTITY),
});
export type CncQuoteUpdateRequest = z.input<typeof cncQuoteUpdateRequestSchema>;

/**
 * `POST /cnc-quotes/:id/copies`: duplicate a quote: a new quote of the same stored geometry and file, with any
 * option changed, priced with the rates in effect now; 201 with the new quote. A finish must suit the material
 * (the copy's, after the change).
 */
export const cncQuoteCopyRequestSchema = z.strictObject({
  material: z.enum(CNC_MATERIALS).optional(),
  finish: z.enum(CNC_FINISHES).optional(),
  tolerance: z.enum(CNC_TOLERANCES).optional(),
  leadTime: z.enum(CNC_LEAD_TIMES).optional(),
  quantity: z.number().int().min(1).max(CNC_MAX_QUANTITY).optional(),
});
export type CncQuoteCopyRequest = z.input<typeof cncQuoteCopyRequestSchema>;

/**
 * `POST /cnc-quotes/:id/rfq` "Request firm quotes": sends the part as a request for quotes to CNC machining shops
 * (title, category, quantity and description come from the quote; the file is attached privately). The delivery
 * fields are the RFQ form's own. One request per quote: asking again answers the same RFQ (200, `created: false`).
 */
export const cncQuoteRfqRequestSchema = rfqCreateRequestSchema
  .pick({ deadline: true, deliveryProvince: true, deliveryPostalCode: true, private: true })
  .extend({
    notes: z.string().trim().max(2000).optional(),
    /** The language the request's title and description are written in (the buyer's screen language). */
    language: z.enum(['en', 'fr']).default('en'),
  })
  .strict();
export type CncQuoteRfqRequest = z.input<typeof cncQuoteRfqRequestSchema>;
export const cncQuoteRfqResponseSchema = z.object({ rfqId: z.string(), created: z.boolean() });
export type CncQuoteRfqResponse = z.infer<typeof cncQuoteRfqResponseSchema>;

export { cncFileRejectionCodes };

/** Every code the CNC quote routes answer with: the file's refusals and the routes' own. */
export const cncFileErrorCodes = [
  ...cncFileRejectionCodes,
  'CNC_FILE_REQUIRED',
  'CNC_RATES_NOT_SET',
  'CNC_QUOTE_NOT_FOUND',
  'CNC_ANALYSIS_BUSY',
  /** The quote has no kept file (made before files were kept): nothing to download or attach to a request. */
  'CNC_QUOTE_FILE_MISSING',
  /** A finish that does not suit the material (a copy that changes one of them). */
  'CNC_FINISH_UNSUITED',
] as const;
