import { z } from 'zod';
import { CNC_FINISHES, CNC_MATERIALS, type CncFinish, type CncMaterial, type CncRates } from './cnc-pricing';

/**
 * The CNC quote's dated rates as the admin reads and adds them (decision 322): one row per effective date, each a
 * whole `CncRates` (decision 302's arithmetic). A new row takes effect at the start of its date in Toronto; rows
 * already in effect are never edited, so a quote can always be explained by the rates it was priced with.
 */

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'errors:CNC_RATES_DATE_INVALID')
  .refine(
    (text) =>
      !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
      new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
    {
      message: 'errors:CNC_RATES_DATE_INVALID',
    },
  );
const positive = z.number().finite().positive();
const cents = z.number().int().nonnegative().max(100_000_000);

const materialRateSchema = z.strictObject({
  centsPerCm3: z.number().finite().positive().max(100_000),
  machinability: z.number().finite().positive().max(10),
});

export const cncRatesSchema = z.strictObject({
  effectiveFrom: isoDate,
  materials: z.strictObject(
    Object.fromEntries(CNC_MATERIALS.map((material) => [material, materialRateSchema])) as Record<
      CncMaterial,
      typeof materialRateSchema
    >,
  ),
  shopCentsPerHour: cents.refine((value) => value > 0),
  setupCents: cents,
  stockAllowanceMm: z.number().finite().nonnegative().max(100),
  removalCm3PerHour: positive.max(100_000),
  finishCentsPerPart: z.strictObject(
    Object.fromEntries(CNC_FINISHES.map((finish) => [finish, cents])) as Record<CncFinish, typeof cents>,
  ),
  tightToleranceFactor: z.number().finite().min(1).max(10),
  standardLeadDays: z.number().int().min(1).max(365),
  expeditedLeadDays: z.number().int().min(1).max(365),
  expeditedFactor: z.number().finite().min(1).max(10),
  machineEnvelopeMm: z.tuple([positive.max(10_000), positive.max(10_000), positive.max(10_000)]),
}) satisfies z.ZodType<CncRates>;
export type CncRatesInput = z.infer<typeof cncRatesSchema>;

/** The admin's list: every dated row, newest date first, and the date of the row in effect now (null before the first). */
export const adminCncRatesListSchema = z.object({
  items: z.array(cncRatesSchema),
  currentEffectiveFrom: isoDate.nullable(),
});
export type AdminCncRatesList = z.infer<typeof adminCncRatesListSchema>;

export const cncRatesErrorCodes = [
  'CNC_RATES_DATE_INVALID',
  /** A row for a date already in effect would change the price of quotes made under it. */
  'CNC_RATES_DATE_IN_PAST',
  'CNC_RATES_DATE_TAKEN',
  'CNC_RATES_EXPEDITED_SLOWER',
] as const;
export type CncRatesErrorCode = (typeof cncRatesErrorCodes)[number];
