import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { itemRowsParts, splitPeriod } from './seller-stats.service';

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

/**
 * The parts of a period's per-item sums (decision 314): whatever plan is chosen — edge days and whole months, or
 * the difference of two running totals with days added or taken away — the parts sum to exactly the period's days.
 */
describe('itemRowsParts', () => {
  const day0 = Date.UTC(2025, 0, 1);
  const iso = (n: number) => new Date(day0 + n * 86_400_000).toISOString().slice(0, 10);
  const span = 900; // 2025-01-01 .. mid-2027

  /** One item's day values, and the month rows and running totals the tables would hold for them. */
  function tables(values: number[], lastStart: string) {
    const byDay = new Map(values.map((v, n) => [iso(n), v]));
    const sumDays = (from: string, to: string) =>
      [...byDay].filter(([d]) => d >= from && d <= to).reduce((n, [, v]) => n + v, 0);
    const monthEnd = (month: string) => {
      const d = new Date(`${month}T00:00:00Z`);
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    };
    return {
      sumDays,
      evaluate(parts: ReturnType<typeof itemRowsParts>) {
        return parts.reduce((n, part) => {
          if ('days' in part) return n + part.sign * sumDays(part.days.from, part.days.to);
          if ('months' in part) return n + part.sign * sumDays(part.months.from, monthEnd(part.months.to));
          expect(part.startOf <= lastStart).toBe(true);
          return (
            n +
            part.sign *
              sumDays('0000-01-01', iso(-1 + (Date.parse(`${part.startOf}T00:00:00Z`) - day0) / 86_400_000))
          );
        }, 0);
      },
    };
  }

  it('sums to exactly the days of any period, today and the last written month anywhere', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: span, maxLength: span }),
        fc.integer({ min: 0, max: span - 1 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 31, max: span - 1 }),
        (values, start, length, todayN) => {
          const today = iso(todayN);
          const lastStart = `${today.slice(0, 7)}-01`;
          const from = iso(start);
          const to = iso(Math.min(span - 1, start + length));
          const { sumDays, evaluate } = tables(values, lastStart);
          expect(evaluate(itemRowsParts(from, to, lastStart, today))).toBe(sumDays(from, to));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads day rows for a week and running totals for a year', () => {
    const week = itemRowsParts('2026-11-22', '2026-11-28', '2026-11-01', '2026-11-28');
    expect(week).toEqual([{ sign: 1, days: { from: '2026-11-22', to: '2026-11-28' } }]);
    const year = itemRowsParts('2025-11-29', '2026-11-28', '2026-11-01', '2026-11-28');
    expect(year).toEqual([
      { sign: 1, startOf: '2026-11-01' },
      { sign: 1, months: { from: '2026-11-01', to: '2026-11-01' } },
      { sign: -1, days: { from: '2026-11-29', to: '2026-11-30' } },
      { sign: -1, startOf: '2025-12-01' },
      { sign: 1, days: { from: '2025-11-29', to: '2025-11-30' } },
    ]);
  });
});
