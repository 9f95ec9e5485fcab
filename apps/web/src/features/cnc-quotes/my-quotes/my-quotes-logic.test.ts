import { describe, expect, it } from 'vitest';
import { priceCncPart } from '@maplesource/contracts/cnc-pricing';
import {
  askedPrice,
  copyDropsFinish,
  copyRequest,
  emptyFirmQuotesForm,
  firmQuotesFormSchema,
  parseQuantity,
  repriceAtQuantity,
  withQuantity,
} from './my-quotes-logic';
import { testGeometry, testQuote, testRates } from './test-quote';

describe('a saved quote at another quantity', () => {
  it('is priced from its own terms exactly as the shared arithmetic prices it (same rates)', () => {
    const quote = testQuote();
    const asked = askedPrice(quote)!;
    expect(asked.quantity).toBe(25);
    for (const quantity of [1, 3, 7, 25, 333, 9_999, 10_000]) {
      expect(repriceAtQuantity(asked, quantity)).toEqual(
        priceCncPart(testGeometry, { ...quote.options, quantity }, testRates),
      );
    }
  });

  it('replaces the asked quantity’s price and keeps the breaks, without a second row for a break', () => {
    const quote = testQuote();
    const at40 = withQuantity(quote, 40);
    expect(at40.options.quantity).toBe(40);
    expect(at40.prices.map((p) => p.quantity)).toEqual([1, 10, 40, 50, 100]);
    expect(askedPrice(at40)!.totalCents).toBe(
      priceCncPart(testGeometry, { ...quote.options, quantity: 40 }, testRates).totalCents,
    );
    const at50 = withQuantity(quote, 50);
    expect(at50.prices.map((p) => p.quantity)).toEqual([1, 10, 50, 100]);
    expect(askedPrice(at50)).toEqual(quote.prices.find((p) => p.quantity === 50));
    // The original is left as it was (the rollback puts it back).
    expect(quote.options.quantity).toBe(25);
  });
});

describe('the typed quantity', () => {
  it('takes whole numbers from 1 to 10,000, with or without grouping', () => {
    expect(parseQuantity(' 250 ')).toEqual({ ok: true, quantity: 250 });
    expect(parseQuantity('10,000')).toEqual({ ok: true, quantity: 10_000 });
    expect(parseQuantity('1 000')).toEqual({ ok: true, quantity: 1_000 });
    for (const bad of ['', '0', '10001', '2.5', '-3', 'ten', '1e3'])
      expect(parseQuantity(bad)).toEqual({ ok: false, message: 'errors:CNC_QUOTE_QUANTITY_INVALID' });
  });
});

describe('a copy in another material', () => {
  it('sends nothing for the same material, the material otherwise, and drops anodizing off aluminium', () => {
    const anodized = testQuote();
    expect(copyRequest(anodized, 'aluminium-6061')).toEqual({});
    expect(copyRequest(anodized, 'aluminium-7075')).toEqual({ material: 'aluminium-7075' });
    expect(copyRequest(anodized, 'stainless-304')).toEqual({
      material: 'stainless-304',
      finish: 'as-machined',
    });
    expect(copyDropsFinish(anodized, 'stainless-304')).toBe(true);
    expect(copyDropsFinish(anodized, 'aluminium-7075')).toBe(false);
    const blasted = testQuote({ finish: 'bead-blast' });
    expect(copyRequest(blasted, 'brass')).toEqual({ material: 'brass' });
    expect(copyDropsFinish(blasted, 'brass')).toBe(false);
  });
});

describe('the request for firm quotes form', () => {
  const schema = firmQuotesFormSchema('fr', () => '2026-11-29');
  const messages = (values: Partial<ReturnType<typeof emptyFirmQuotesForm>>) => {
    const result = schema.safeParse({ ...emptyFirmQuotesForm(), ...values });
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
  };

  it('says what each empty field needs', () => {
    expect(messages({})).toEqual({
      deadline: 'errors:CNC_DEADLINE_REQUIRED',
      deliveryProvince: 'errors:PROVINCE_REQUIRED',
      deliveryPostalCode: 'errors:POSTAL_CODE_INVALID',
    });
  });

  it('refuses a day before today and a postal code of another province', () => {
    expect(
      messages({ deadline: '2026-11-28', deliveryProvince: 'ON', deliveryPostalCode: 'H2X 1Y4' }),
    ).toEqual({
      deadline: 'errors:CNC_DEADLINE_PAST',
      deliveryPostalCode: 'errors:POSTAL_CODE_PROVINCE_MISMATCH',
    });
  });

  it('gives the contract’s body: the end of the day in the browser’s zone, the postal code normalized', () => {
    const body = schema.parse({
      deadline: '2026-11-29',
      deliveryProvince: 'QC',
      deliveryPostalCode: 'h2x1y4',
      private: true,
      notes: '  M6 threads  ',
    });
    expect(body).toEqual({
      deadline: new Date('2026-11-29T23:59:59').toISOString(),
      deliveryProvince: 'QC',
      deliveryPostalCode: 'H2X 1Y4',
      private: true,
      language: 'fr',
      notes: 'M6 threads',
    });
    const plain = schema.parse({
      deadline: '2026-12-03',
      deliveryProvince: 'ON',
      deliveryPostalCode: 'M5V 2T6',
      private: false,
      notes: ' ',
    });
    expect(plain).not.toHaveProperty('notes');
  });
});
