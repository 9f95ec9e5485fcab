import { describe, expect, it } from 'vitest';
import { payoutSettingsFormSchema, payoutSettingsSchema } from '@maplesource/contracts/payouts';

/** The settings form's fields (typed dollars, the select's weekday) become the settings the server accepts. */
describe('payout settings form schema', () => {
  it('turns typed dollars and the chosen day into the settings the server takes', () => {
    const weekly = payoutSettingsFormSchema.parse({
      interval: 'weekly',
      weekday: '5',
      minimum: '1 234,50 $',
    });
    expect(weekly).toEqual({ schedule: { interval: 'weekly', weekday: 5 }, minimumCents: 123_450 });
    expect(payoutSettingsSchema.parse(weekly)).toEqual(weekly);
    expect(payoutSettingsFormSchema.parse({ interval: 'daily', weekday: '3', minimum: '$1' })).toEqual({
      schedule: { interval: 'daily' },
      minimumCents: 100,
    });
  });

  it('refuses amounts out of bounds or not money, and a weekly schedule without a day, on the field', () => {
    for (const minimum of ['', '0.99', '1000000.01', '12.345', 'abc', '-5'])
      expect(
        payoutSettingsFormSchema.safeParse({ interval: 'daily', weekday: '1', minimum }).error?.issues,
        minimum,
      ).toEqual([expect.objectContaining({ path: ['minimum'], message: 'payouts:PAYOUT_MINIMUM_INVALID' })]);
    expect(
      payoutSettingsFormSchema.safeParse({ interval: 'weekly', weekday: '8', minimum: '25' }).error?.issues,
    ).toEqual([expect.objectContaining({ path: ['weekday'], message: 'payouts:PAYOUT_WEEKDAY_INVALID' })]);
  });
});
