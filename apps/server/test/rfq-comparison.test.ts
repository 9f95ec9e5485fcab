import { describe, expect, it } from 'vitest';
import { rfqComparisonRow, rfqUnitPriceFor, sortRfqComparison } from '@maplesource/contracts';

const tiers = [
  { minQuantity: 100, unitPriceCents: 1200 },
  { minQuantity: 1, unitPriceCents: 1500 },
  { minQuantity: 500, unitPriceCents: 1000 },
];

describe('RFQ comparison of supplier quotes', () => {
  it('prices the requested quantity at the highest tier it reaches, whatever order the tiers come in', () => {
    expect(rfqUnitPriceFor(tiers, 1)).toBe(1500);
    expect(rfqUnitPriceFor(tiers, 99)).toBe(1500);
    expect(rfqUnitPriceFor(tiers, 100)).toBe(1200);
    expect(rfqUnitPriceFor(tiers, 10_000)).toBe(1000);
    expect(rfqUnitPriceFor([{ minQuantity: 50, unitPriceCents: 900 }], 10)).toBeNull();
  });

  it('taxes goods and shipping at the delivery province rate to give the delivered total', () => {
    const quote = { quoteId: 'q1', tiers, shippingCents: 2000, leadDays: 10 };
    // 12 × $15.00 + $20.00 shipping = $200.00; Ontario HST 13 % = $26.00.
    expect(rfqComparisonRow(quote, { quantity: 12, province: 'ON', date: '2026-11-28' })).toEqual({
      quoteId: 'q1',
      unitPriceCents: 1500,
      goodsCents: 18000,
      shippingCents: 2000,
      taxCents: 2600,
      deliveredCents: 22600,
      leadDays: 10,
    });
    // Alberta: GST 5 % only.
    expect(rfqComparisonRow(quote, { quantity: 12, province: 'AB', date: '2026-11-28' }).deliveredCents).toBe(
      21000,
    );
  });

  it('leaves a quote unpriced when the quantity is below all its tiers', () => {
    const row = rfqComparisonRow(
      { quoteId: 'q2', tiers: [{ minQuantity: 50, unitPriceCents: 900 }], shippingCents: 500, leadDays: 3 },
      { quantity: 10, province: 'QC', date: '2026-11-28' },
    );
    expect(row).toMatchObject({
      unitPriceCents: null,
      taxCents: null,
      deliveredCents: null,
      shippingCents: 500,
    });
  });

  it('sorts by delivered total or lead time, unpriced quotes last, ties broken stably', () => {
    const request = { quantity: 10, province: 'ON' as const, date: '2026-11-28' };
    const rows = [
      rfqComparisonRow({ quoteId: 'cheap-slow', tiers, shippingCents: 0, leadDays: 30 }, request),
      rfqComparisonRow({ quoteId: 'dear-fast', tiers, shippingCents: 5000, leadDays: 2 }, request),
      rfqComparisonRow(
        {
          quoteId: 'unpriced',
          tiers: [{ minQuantity: 99, unitPriceCents: 1 }],
          shippingCents: 0,
          leadDays: 1,
        },
        request,
      ),
      rfqComparisonRow({ quoteId: 'b-same', tiers, shippingCents: 0, leadDays: 30 }, request),
    ];
    expect(sortRfqComparison(rows, 'delivered').map((row) => row.quoteId)).toEqual([
      'b-same',
      'cheap-slow',
      'dear-fast',
      'unpriced',
    ]);
    expect(sortRfqComparison(rows, 'lead').map((row) => row.quoteId)).toEqual([
      'unpriced',
      'dear-fast',
      'b-same',
      'cheap-slow',
    ]);
  });
});
