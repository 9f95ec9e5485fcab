import { describe, expect, it } from 'vitest';
import { splitPeriod } from './seller-stats.service';

/** The per-item stats' period cut (decision 290, "Monthly rows"): whole months from the month rows, edges from days. */
describe('splitPeriod', () => {
  it('cuts a period into its whole months and its edge days', () => {
    expect(splitPeriod('2026-01-15', '2026-06-10')).toEqual({
      firstMonth: '2026-02-01',
      lastMonth: '2026-05-01',
      head: { from: '2026-01-15', to: '2026-01-31' },
      tail: { from: '2026-06-01', to: '2026-06-10' },
    });
    expect(splitPeriod('2025-12-20', '2026-02-03')).toEqual({
      firstMonth: '2026-01-01',
      lastMonth: '2026-01-01',
      head: { from: '2025-12-20', to: '2025-12-31' },
      tail: { from: '2026-02-01', to: '2026-02-03' },
    });
    expect(splitPeriod('2026-02-01', '2026-04-30')).toEqual({
      firstMonth: '2026-02-01',
      lastMonth: '2026-04-01',
      head: null,
      tail: null,
    });
    expect(splitPeriod('2028-02-01', '2028-02-29')).toMatchObject({ firstMonth: '2028-02-01', head: null });
    // Inside one month, or across a month boundary without a whole month: days only.
    for (const [from, to] of [
      ['2026-03-05', '2026-03-25'],
      ['2026-02-03', '2026-03-15'],
      ['2026-02-01', '2026-02-27'],
      ['2026-01-31', '2026-01-31'],
    ])
      expect(splitPeriod(from, to)).toEqual({
        firstMonth: null,
        lastMonth: null,
        head: { from, to },
        tail: null,
      });
  });
});
