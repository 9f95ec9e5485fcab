import type { CncPriceTerms } from '@maplesource/contracts/cnc-pricing';
import { formatCad, type MoneyLanguage } from '@maplesource/contracts/money';
import { formatNumber } from '../../../lib/format';
import { formatUpToDecimals } from '../../../lib/up-to-decimals';

/** One line of the formula: a `cncQuotes:price.*` key and its values, already formatted for the language. */
export type FormulaLine = { key: string; values: Record<string, string> };

/** A rate in cents that may be fractional (0.4 ¢/cm³): CAD with up to four decimals, else formatCad. */
export function formatRateCents(cents: number, language: MoneyLanguage): string {
  if (Number.isSafeInteger(cents)) return formatCad(cents, language);
  return formatNumber(cents / 100, language, {
    style: 'currency',
    currency: 'CAD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
}

const decimals = (value: number, language: MoneyLanguage, digits: number) =>
  formatUpToDecimals(value, digits, language);

/**
 * Decision 302's price of one part in plain words, term by term with its numbers: stock volume × material rate,
 * machine time from the removed volume × shop rate (× the tight tolerance's factor), setup ÷ quantity, the finish,
 * the expedited factor, and the price per part. Only formats the terms the arithmetic returned; recomputes nothing.
 */
export function priceInWords(
  terms: CncPriceTerms,
  stockAllowanceMm: number,
  language: MoneyLanguage,
): FormulaLine[] {
  const cad = (cents: number) => formatCad(cents, language);
  const lines: FormulaLine[] = [
    {
      key: 'price.stock',
      values: {
        volume: decimals(terms.stockVolumeCm3, language, 1),
        allowance: decimals(stockAllowanceMm, language, 1),
        rate: formatRateCents(terms.materialCentsPerCm3, language),
        amount: cad(terms.materialCents),
      },
    },
    {
      key: terms.toleranceFactor === 1 ? 'price.machining' : 'price.machiningTight',
      values: {
        hours: decimals(terms.machineHours, language, 2),
        removed: decimals(terms.removedVolumeCm3, language, 1),
        factor: decimals(terms.toleranceFactor, language, 2),
        rate: formatRateCents(terms.shopCentsPerHour, language),
        amount: cad(terms.machiningCents),
      },
    },
    {
      key: 'price.setup',
      values: {
        setup: cad(terms.setupCents),
        quantity: decimals(terms.quantity, language, 0),
        amount: cad(terms.setupPerPartCents),
      },
    },
    { key: 'price.finish', values: { amount: cad(terms.finishCents) } },
  ];
  if (terms.leadTimeFactor !== 1)
    lines.push({ key: 'price.expedited', values: { factor: decimals(terms.leadTimeFactor, language, 2) } });
  lines.push({ key: 'price.unit', values: { amount: cad(terms.unitCents) } });
  return lines;
}
