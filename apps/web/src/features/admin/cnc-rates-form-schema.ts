import { z } from 'zod';
import {
  CNC_FINISHES,
  CNC_MATERIALS,
  type CncFinish,
  type CncMaterial,
  type CncRates,
} from '@maplesource/contracts/cnc-pricing';
// From the contracts' index, not `contracts/cnc-rates`: a second importer of that module would split it into a chunk
// of its own, which every page's entry then lists among the index's dependencies (the JS budget).
import { cncRatesSchema, type CncRatesInput } from '@maplesource/contracts';
import { centsToDollarsText, dollarsToCents } from '@maplesource/contracts/money';

/** Rates take effect at the start of their date in Toronto (decision 322), whatever the admin's own zone. */
const RATES_TIME_ZONE = 'America/Toronto';

/** Today's date in Toronto, YYYY-MM-DD (the server refuses a row dated before it). */
export function torontoToday(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: RATES_TIME_ZONE }).format(at);
}

/** The calendar day after `day` (YYYY-MM-DD), by calendar fields. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/**
 * The form's values are the contract's fields under the contract's names (so a `VALIDATION_FAILED` field path of the
 * server, `materials.brass.centsPerCm3`, names the input to mark), each as typed. The money fields —
 * `shopCentsPerHour`, `setupCents`, `finishCentsPerPart.*` — hold dollars as typed and are stored in cents; a
 * material's price per cm³ is typed in cents, as it is often under a cent (0.4 ¢/cm³).
 */
export type CncRatesFormValues = {
  effectiveFrom: string;
  materials: Record<CncMaterial, { centsPerCm3: string; machinability: string }>;
  shopCentsPerHour: string;
  setupCents: string;
  stockAllowanceMm: string;
  removalCm3PerHour: string;
  finishCentsPerPart: Record<CncFinish, string>;
  tightToleranceFactor: string;
  standardLeadDays: string;
  expeditedLeadDays: string;
  expeditedFactor: string;
  machineEnvelopeMm: [string, string, string];
};

/** Paths of the fields typed in dollars: their refusal says so. */
export const dollarFields = new Set<string>([
  'shopCentsPerHour',
  'setupCents',
  ...CNC_FINISHES.map((finish) => `finishCentsPerPart.${finish}`),
]);

/** The message of a refused field: the contract's own i18n key if it has one, else the field kind's. */
export function cncRatesFieldMessage(path: string, message: string | undefined): string {
  if (message && /^[a-z]+:[A-Z_]+$/.test(message)) return message;
  return dollarFields.has(path) ? 'errors:CNC_RATES_AMOUNT_INVALID' : 'errors:CNC_RATES_NUMBER_INVALID';
}

/** A typed number ("1,5" is 1.5, as French admins type it); NaN when it is not one. */
const numberOf = (text: string): number => {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
};
/** Dollars typed → integer cents through the contracts' one `dollarsToCents`; NaN when it is not an amount. */
const centsOf = (text: string): number => dollarsToCents(text) ?? Number.NaN;

const text = z.string();
const formShape = z.object({
  effectiveFrom: text,
  materials: z.object(
    Object.fromEntries(
      CNC_MATERIALS.map((material) => [material, z.object({ centsPerCm3: text, machinability: text })]),
    ) as Record<CncMaterial, z.ZodObject<{ centsPerCm3: typeof text; machinability: typeof text }>>,
  ),
  shopCentsPerHour: text,
  setupCents: text,
  stockAllowanceMm: text,
  removalCm3PerHour: text,
  finishCentsPerPart: z.object(
    Object.fromEntries(CNC_FINISHES.map((finish) => [finish, text])) as Record<CncFinish, typeof text>,
  ),
  tightToleranceFactor: text,
  standardLeadDays: text,
  expeditedLeadDays: text,
  expeditedFactor: text,
  machineEnvelopeMm: z.tuple([text, text, text]),
});

/**
 * The admin's new dated row as typed → the contract's `CncRatesInput`, checked with `cncRatesSchema` itself (so the
 * form never sends what the server's schema refuses) and with the server's two rules the schema does not hold: a
 * date before today in Toronto (`today`) and an expedited lead time longer than the standard one.
 */
export function cncRatesFormSchema(today: () => string) {
  return formShape.transform((values, ctx): CncRatesInput => {
    const candidate = {
      effectiveFrom: values.effectiveFrom.trim(),
      materials: Object.fromEntries(
        CNC_MATERIALS.map((material) => [
          material,
          {
            centsPerCm3: numberOf(values.materials[material].centsPerCm3),
            machinability: numberOf(values.materials[material].machinability),
          },
        ]),
      ),
      shopCentsPerHour: centsOf(values.shopCentsPerHour),
      setupCents: centsOf(values.setupCents),
      stockAllowanceMm: numberOf(values.stockAllowanceMm),
      removalCm3PerHour: numberOf(values.removalCm3PerHour),
      finishCentsPerPart: Object.fromEntries(
        CNC_FINISHES.map((finish) => [finish, centsOf(values.finishCentsPerPart[finish])]),
      ),
      tightToleranceFactor: numberOf(values.tightToleranceFactor),
      standardLeadDays: numberOf(values.standardLeadDays),
      expeditedLeadDays: numberOf(values.expeditedLeadDays),
      expeditedFactor: numberOf(values.expeditedFactor),
      machineEnvelopeMm: values.machineEnvelopeMm.map(numberOf),
    };
    const parsed = cncRatesSchema.safeParse(candidate);
    const refused = new Set<string>();
    for (const issue of parsed.error?.issues ?? []) {
      const path = issue.path.join('.');
      if (refused.has(path)) continue;
      refused.add(path);
      ctx.addIssue({ code: 'custom', path: issue.path, message: cncRatesFieldMessage(path, issue.message) });
    }
    if (!refused.has('effectiveFrom') && candidate.effectiveFrom < today())
      ctx.addIssue({ code: 'custom', path: ['effectiveFrom'], message: 'errors:CNC_RATES_DATE_IN_PAST' });
    if (
      !refused.has('expeditedLeadDays') &&
      !refused.has('standardLeadDays') &&
      candidate.expeditedLeadDays > candidate.standardLeadDays
    )
      ctx.addIssue({
        code: 'custom',
        path: ['expeditedLeadDays'],
        message: 'errors:CNC_RATES_EXPEDITED_SLOWER',
      });
    return parsed.success ? parsed.data : z.NEVER;
  });
}

/** Numbers as the form shows them: no float noise (0.30000000000000004 → 0.3). */
const shown = (value: number) => String(Number(value.toPrecision(12)));

/** The form filled from a row (the one in effect), dated `effectiveFrom`. */
export function cncRatesFormValues(rates: CncRates | null, effectiveFrom: string): CncRatesFormValues {
  if (!rates) {
    return {
      effectiveFrom,
      materials: Object.fromEntries(
        CNC_MATERIALS.map((material) => [material, { centsPerCm3: '', machinability: '' }]),
      ) as CncRatesFormValues['materials'],
      shopCentsPerHour: '',
      setupCents: '',
      stockAllowanceMm: '',
      removalCm3PerHour: '',
      finishCentsPerPart: Object.fromEntries(
        CNC_FINISHES.map((finish) => [finish, '']),
      ) as CncRatesFormValues['finishCentsPerPart'],
      tightToleranceFactor: '',
      standardLeadDays: '',
      expeditedLeadDays: '',
      expeditedFactor: '',
      machineEnvelopeMm: ['', '', ''],
    };
  }
  return {
    effectiveFrom,
    materials: Object.fromEntries(
      CNC_MATERIALS.map((material) => [
        material,
        {
          centsPerCm3: shown(rates.materials[material].centsPerCm3),
          machinability: shown(rates.materials[material].machinability),
        },
      ]),
    ) as CncRatesFormValues['materials'],
    shopCentsPerHour: centsToDollarsText(rates.shopCentsPerHour),
    setupCents: centsToDollarsText(rates.setupCents),
    stockAllowanceMm: shown(rates.stockAllowanceMm),
    removalCm3PerHour: shown(rates.removalCm3PerHour),
    finishCentsPerPart: Object.fromEntries(
      CNC_FINISHES.map((finish) => [finish, centsToDollarsText(rates.finishCentsPerPart[finish])]),
    ) as CncRatesFormValues['finishCentsPerPart'],
    tightToleranceFactor: shown(rates.tightToleranceFactor),
    standardLeadDays: String(rates.standardLeadDays),
    expeditedLeadDays: String(rates.expeditedLeadDays),
    expeditedFactor: shown(rates.expeditedFactor),
    machineEnvelopeMm: rates.machineEnvelopeMm.map(shown) as [string, string, string],
  };
}

/** The first date from today (Toronto) without a row: the form's default date. */
export function firstFreeDate(taken: readonly string[], today: string): string {
  const dates = new Set(taken);
  let day = today;
  while (dates.has(day)) day = nextDay(day);
  return day;
}
