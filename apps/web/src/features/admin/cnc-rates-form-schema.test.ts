import { describe, expect, it } from 'vitest';
import { inEffect } from '../../test/cnc-rates-fixtures';
import {
  cncRatesFormSchema,
  cncRatesFormValues,
  firstFreeDate,
  nextDay,
  torontoToday,
} from './cnc-rates-form-schema';

const schema = cncRatesFormSchema(() => '2026-11-29');
const issues = (values: unknown) =>
  Object.fromEntries(
    (schema.safeParse(values).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('the CNC rates form (decision 322)', () => {
  it('round-trips the row in effect: dollars shown, cents sent, fractions of a cent per cm³ kept', () => {
    const values = cncRatesFormValues(inEffect, '2026-12-01');
    expect(values.shopCentsPerHour).toBe('90.00');
    expect(values.setupCents).toBe('50.50');
    expect(values.finishCentsPerPart['bead-blast']).toBe('3.00');
    expect(values.materials['mild-steel-1018'].centsPerCm3).toBe('0.4');
    expect(schema.parse(values)).toEqual({ ...inEffect, effectiveFrom: '2026-12-01' });
  });

  it('reads amounts and numbers as people type them (spaces, $, a decimal comma)', () => {
    const values = cncRatesFormValues(inEffect, '2026-11-29');
    values.shopCentsPerHour = '$ 1 095,5';
    values.materials.brass.machinability = '1,25';
    const parsed = schema.parse(values);
    expect(parsed.shopCentsPerHour).toBe(109_550);
    expect(parsed.materials.brass.machinability).toBe(1.25);
  });

  it('names each refused field with its own text, by the contract’s path', () => {
    const values = cncRatesFormValues(inEffect, '2026-11-29');
    values.shopCentsPerHour = '90.123';
    values.setupCents = '-5';
    values.materials.pom.machinability = '11';
    values.standardLeadDays = '9.5';
    values.machineEnvelopeMm[2] = 'wide';
    values.tightToleranceFactor = '0.5';
    expect(issues(values)).toEqual({
      shopCentsPerHour: 'errors:CNC_RATES_AMOUNT_INVALID',
      setupCents: 'errors:CNC_RATES_AMOUNT_INVALID',
      'materials.pom.machinability': 'errors:CNC_RATES_NUMBER_INVALID',
      standardLeadDays: 'errors:CNC_RATES_NUMBER_INVALID',
      'machineEnvelopeMm.2': 'errors:CNC_RATES_NUMBER_INVALID',
      tightToleranceFactor: 'errors:CNC_RATES_NUMBER_INVALID',
    });
  });

  it('refuses a day before today (Toronto), a date that is not one, and an expedited lead time longer than the standard', () => {
    const yesterday = cncRatesFormValues(inEffect, '2026-11-28');
    yesterday.expeditedLeadDays = '11';
    expect(issues(yesterday)).toEqual({
      effectiveFrom: 'errors:CNC_RATES_DATE_IN_PAST',
      expeditedLeadDays: 'errors:CNC_RATES_EXPEDITED_SLOWER',
    });
    expect(issues(cncRatesFormValues(inEffect, '2026-02-30'))).toEqual({
      effectiveFrom: 'errors:CNC_RATES_DATE_INVALID',
    });
    expect(issues(cncRatesFormValues(inEffect, ''))).toEqual({
      effectiveFrom: 'errors:CNC_RATES_DATE_INVALID',
    });
    expect(issues(cncRatesFormValues(inEffect, '2026-11-29'))).toEqual({});
  });

  it('starts empty when there is no row yet, and refuses the empty fields', () => {
    const found = issues(cncRatesFormValues(null, '2026-11-29'));
    expect(found['shopCentsPerHour']).toBe('errors:CNC_RATES_AMOUNT_INVALID');
    expect(found['materials.abs.centsPerCm3']).toBe('errors:CNC_RATES_NUMBER_INVALID');
    expect(found['effectiveFrom']).toBeUndefined();
  });

  it('dates by Toronto’s calendar and picks the first free day from today', () => {
    // 02:30 UTC on 30 November is still 29 November in Toronto.
    expect(torontoToday(new Date('2026-11-30T02:30:00Z'))).toBe('2026-11-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(firstFreeDate(['2026-11-28'], '2026-11-29')).toBe('2026-11-29');
    expect(firstFreeDate(['2026-11-30', '2026-11-29', '2026-11-28'], '2026-11-29')).toBe('2026-12-01');
  });
});
