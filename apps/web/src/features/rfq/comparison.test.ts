import { describe, expect, it } from 'vitest';
import { nextSort, sortQuotes, type RfqSupplierRow } from './comparison';

const row = (recipientId: string, deliveredCents: number | null, leadDays: number): RfqSupplierRow => ({
  recipientId,
  storefrontId: recipientId,
  storefrontName: `Supplier ${recipientId}`,
  verified: false,
  status: 'quoted',
  declineReason: null,
  latest: null,
  unitPriceCents: deliveredCents === null ? null : 100,
  goodsCents: deliveredCents === null ? null : 100,
  shippingCents: 0,
  taxCents: deliveredCents === null ? null : 0,
  deliveredCents,
  leadDays,
  validUntil: '2030-01-01',
  rating: { average: null, count: 0 },
  chatId: null,
  chatKind: null,
});
const ids = (rows: RfqSupplierRow[]) => rows.map((r) => r.recipientId);

/** The comparison's order: either key, either way; unpriced quotes last; ties by the other key, then the row id. */
describe('sorting the quotes of a request', () => {
  const rows = [
    row('a', 50_000, 10),
    row('b', 30_000, 20),
    row('c', null, 1),
    row('d', 30_000, 5),
    row('e', 70_000, 5),
  ];

  it('sorts by delivered total either way, the unpriced quote last both ways, ties by lead time', () => {
    expect(ids(sortQuotes(rows, { key: 'delivered', direction: 'ascending' }))).toEqual([
      'd',
      'b',
      'a',
      'e',
      'c',
    ]);
    expect(ids(sortQuotes(rows, { key: 'delivered', direction: 'descending' }))).toEqual([
      'e',
      'a',
      'd',
      'b',
      'c',
    ]);
  });

  it('sorts by lead time either way, ties by the lower delivered total, then the row id', () => {
    expect(ids(sortQuotes(rows, { key: 'lead', direction: 'ascending' }))).toEqual(['c', 'd', 'e', 'a', 'b']);
    expect(ids(sortQuotes(rows, { key: 'lead', direction: 'descending' }))).toEqual([
      'b',
      'a',
      'd',
      'e',
      'c',
    ]);
    expect(
      ids(sortQuotes([row('y', 1, 3), row('x', 1, 3)], { key: 'lead', direction: 'ascending' })),
    ).toEqual(['x', 'y']);
  });

  it('toggles the direction on the current column and starts another column lowest first', () => {
    expect(nextSort({ key: 'delivered', direction: 'ascending' }, 'delivered')).toEqual({
      key: 'delivered',
      direction: 'descending',
    });
    expect(nextSort({ key: 'delivered', direction: 'descending' }, 'lead')).toEqual({
      key: 'lead',
      direction: 'ascending',
    });
  });
});
