import { describe, expect, it } from 'vitest';
import { rfqQuoteRequestSchema } from '@maplesource/contracts/rfq';
import { quoteFormSchema, quoteFormValues, type QuoteFormValues } from './quote-form-schema';

const schema = quoteFormSchema(() => '2026-11-29');
const filled = (overrides: Partial<QuoteFormValues> = {}): QuoteFormValues => ({
  unitPrice: '14.00',
  tiers: [],
  leadDays: '10',
  shipping: '50',
  validUntil: '2026-12-31',
  notes: '',
  ...overrides,
});
const messages = (values: QuoteFormValues) =>
  Object.fromEntries(
    (schema.safeParse(values).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
  );

/** The supplier's answer: dollars typed become the contract's cents, and a revision starts from the latest quote. */
describe('the quote form schema', () => {
  it('turns the typed quote into the body the server takes, and back for a revision', () => {
    const body = schema.parse(
      filled({
        unitPrice: '1 400,50',
        tiers: [{ minQuantity: '500', unitPrice: '12' }],
        notes: ' Galvanized ',
      }),
    );
    expect(body).toEqual({
      unitPriceCents: 140_050,
      tiers: [{ minQuantity: 500, unitPriceCents: 1200 }],
      leadDays: 10,
      shippingCents: 5000,
      validUntil: '2026-12-31',
      notes: 'Galvanized',
    });
    expect(rfqQuoteRequestSchema.parse(body)).toEqual(body);
    expect(schema.parse(quoteFormValues({ ...body, tiers: body.tiers ?? [], notes: 'Galvanized' }))).toEqual(
      body,
    );
  });

  it('refuses a free unit price, a tier from one unit or twice the same, a lead time or validity out of bounds', () => {
    expect(messages(filled({ unitPrice: '0' }))).toEqual({ unitPrice: 'rfq:PRICE_INVALID' });
    expect(messages(filled({ shipping: '' }))).toEqual({ shipping: 'rfq:SHIPPING_INVALID' });
    expect(schema.parse(filled({ shipping: '0' })).shippingCents).toBe(0);
    expect(messages(filled({ tiers: [{ minQuantity: '1', unitPrice: '10' }] }))).toEqual({
      'tiers.0.minQuantity': 'rfq:TIER_QUANTITY_INVALID',
    });
    expect(
      messages(
        filled({
          tiers: [
            { minQuantity: '100', unitPrice: '10' },
            { minQuantity: '100', unitPrice: '9' },
          ],
        }),
      ),
    ).toEqual({ 'tiers.1.minQuantity': 'rfq:TIER_QUANTITY_REPEATED' });
    for (const leadDays of ['0', '366', '1.5', ''])
      expect(messages(filled({ leadDays })), leadDays).toEqual({ leadDays: 'rfq:LEAD_DAYS_INVALID' });
    expect(messages(filled({ validUntil: '2026-11-28' }))).toEqual({ validUntil: 'rfq:VALID_UNTIL_PAST' });
  });
});
