import { describe, expect, it } from 'vitest';
import {
  computeCanadianTax,
  invoiceAcceptanceTerms,
  provinceCodes,
  rejectInvoiceBodySchema,
  type ProvinceCode,
} from '@maplesource/contracts';

/** Expected tax lines on $1,234.56 (123 456 cents), worked out by hand, per province on 2026-01-15. */
const onBase123456: Record<ProvinceCode, Array<[code: string, rate: string, cents: number]>> = {
  AB: [['GST', '5', 6173]],
  BC: [
    ['GST', '5', 6173],
    ['PST', '7', 8642],
  ],
  MB: [
    ['GST', '5', 6173],
    ['RST', '7', 8642],
  ],
  NB: [['HST', '15', 18518]],
  NL: [['HST', '15', 18518]],
  NS: [['HST', '14', 17284]],
  NT: [['GST', '5', 6173]],
  NU: [['GST', '5', 6173]],
  ON: [['HST', '13', 16049]],
  PE: [['HST', '15', 18518]],
  QC: [
    ['GST', '5', 6173],
    ['QST', '9.975', 12315],
  ],
  SK: [
    ['GST', '5', 6173],
    ['PST', '6', 7407],
  ],
  YT: [['GST', '5', 6173]],
};

describe('Canadian tax table', () => {
  it('covers every province and territory', () => {
    expect(Object.keys(onBase123456).sort()).toEqual([...provinceCodes].sort());
  });

  it.each(Object.entries(onBase123456))('%s: each tax line exact to the cent', (province, expected) => {
    const result = computeCanadianTax({
      province: province as ProvinceCode,
      date: '2026-01-15',
      taxableCents: 123456,
    });
    expect(result.lines.map((line) => [line.code, line.ratePercent, line.amountCents])).toEqual(expected);
    expect(result.totalCents).toBe(expected.reduce((sum, [, , cents]) => sum + cents, 0));
  });

  it('Nova Scotia HST is 15 % until 2025-03-31 and 14 % from 2025-04-01', () => {
    const before = computeCanadianTax({ province: 'NS', date: '2025-03-31', taxableCents: 100000 });
    const after = computeCanadianTax({ province: 'NS', date: '2025-04-01', taxableCents: 100000 });
    expect(before.lines).toEqual([{ code: 'HST', ratePercent: '15', amountCents: 15000 }]);
    expect(after.lines).toEqual([{ code: 'HST', ratePercent: '14', amountCents: 14000 }]);
    expect(computeCanadianTax({ province: 'NS', date: '2025-03-31', taxableCents: 123456 }).totalCents).toBe(
      18518,
    );
  });

  it.each([
    ['AB', 10, 1], // 0.5 → 1
    ['AB', 30, 2], // 1.5 → 2
    ['AB', 29, 1], // 1.45 → 1
    ['ON', 50, 7], // 6.5 → 7
    ['ON', 49, 6], // 6.37 → 6
    ['SK', 25, 3], // GST 1.25 → 1, PST 1.5 → 2
    ['QC', 2000, 300], // GST 100 + QST 199.5 → 200
    ['QC', 20, 3], // GST 1 + QST 1.995 → 2
  ] as const)('%s on %i cents rounds each line half-up: %i', (province, taxableCents, total) => {
    expect(computeCanadianTax({ province, date: '2026-01-15', taxableCents }).totalCents).toBe(total);
  });

  it('rounds per line, not the sum (QC on 10 cents: 1 + 1, not round(1.4975))', () => {
    const result = computeCanadianTax({ province: 'QC', date: '2026-01-15', taxableCents: 10 });
    expect(result.lines.map((line) => line.amountCents)).toEqual([1, 1]);
    expect(result.totalCents).toBe(2);
  });

  it('stays exact on the largest amount and refuses what it cannot compute', () => {
    const largest = computeCanadianTax({ province: 'QC', date: '2026-01-15', taxableCents: 100_000_000_000 });
    expect(largest.lines.map((line) => line.amountCents)).toEqual([5_000_000_000, 9_975_000_000]);
    expect(() =>
      computeCanadianTax({ province: 'ON', date: '2026-01-15', taxableCents: 100_000_000_001 }),
    ).toThrow(RangeError);
    expect(() => computeCanadianTax({ province: 'ON', date: '2026-01-15', taxableCents: 1.5 })).toThrow(
      RangeError,
    );
    expect(() => computeCanadianTax({ province: 'ON', date: '2026-01-15', taxableCents: -1 })).toThrow(
      RangeError,
    );
    expect(() => computeCanadianTax({ province: 'ON', date: '2009-01-01', taxableCents: 100 })).toThrow(
      RangeError,
    );
    expect(() => computeCanadianTax({ province: 'ON', date: '15/01/2026', taxableCents: 100 })).toThrow(
      RangeError,
    );
    expect(() =>
      computeCanadianTax({ province: 'XX' as ProvinceCode, date: '2026-01-15', taxableCents: 100 }),
    ).toThrow(RangeError);
  });
});

describe('invoice contracts', () => {
  const token = 'a'.repeat(43);
  it('requires a rejection reason of 3 to 1000 characters after trimming', () => {
    expect(rejectInvoiceBodySchema.safeParse({ invoiceToken: token }).success).toBe(false);
    expect(rejectInvoiceBodySchema.safeParse({ invoiceToken: token, reason: '  ab  ' }).success).toBe(false);
    expect(rejectInvoiceBodySchema.safeParse({ invoiceToken: token, reason: 'x'.repeat(1001) }).success).toBe(
      false,
    );
    expect(
      rejectInvoiceBodySchema.safeParse({ invoiceToken: token, reason: 'bad\u0000reason' }).success,
    ).toBe(false);
    expect(rejectInvoiceBodySchema.parse({ invoiceToken: token, reason: '  Too expensive  ' }).reason).toBe(
      'Too expensive',
    );
  });

  it('has acceptance terms in English and French with a version', () => {
    expect(invoiceAcceptanceTerms.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(invoiceAcceptanceTerms.en.length).toBeGreaterThan(100);
    expect(invoiceAcceptanceTerms.fr.length).toBeGreaterThan(100);
  });
});
