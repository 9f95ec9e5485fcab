import { describe, expect, it } from 'vitest';
import { rfqCreateRequestSchema } from '@maplesource/contracts/rfq';
import { deadlineOf, emptyRfqForm, rfqFormSchema, type RfqFormValues } from './rfq-form-schema';

const schema = rfqFormSchema(() => '2026-11-29');
const filled = (overrides: Partial<RfqFormValues> = {}): RfqFormValues => ({
  ...emptyRfqForm(),
  title: 'Laser-cut brackets',
  categoryId: '12',
  description: '200 brackets, 3 mm steel',
  quantity: '200',
  targetUnitPrice: '',
  deadline: '2026-12-15',
  deliveryProvince: 'QC',
  deliveryPostalCode: 'h2x1y4',
  ...overrides,
});
const messages = (values: RfqFormValues) =>
  Object.fromEntries(
    (schema.safeParse(values).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
  );

/** The "new request" form's rules, field by field, and the body it sends (the contract's, parsed again). */
describe('the request for quotes form schema', () => {
  it('turns a filled form into the body the server takes', () => {
    const body = schema.parse(filled({ targetUnitPrice: '12,50', private: true }));
    expect(body).toEqual({
      title: 'Laser-cut brackets',
      categoryId: 12,
      description: '200 brackets, 3 mm steel',
      quantity: 200,
      targetUnitPriceCents: 1250,
      deadline: deadlineOf('2026-12-15'),
      deliveryProvince: 'QC',
      deliveryPostalCode: 'H2X 1Y4',
      storefrontIds: [],
      private: true,
    });
    expect(rfqCreateRequestSchema.parse(body)).toEqual(body);
    // The end of the chosen day, in the buyer's zone.
    expect(new Date(body.deadline).getHours()).toBe(23);
    expect(schema.parse(filled({ suppliers: 'named', storefrontIds: ['7', '9'] })).storefrontIds).toEqual([
      7, 9,
    ]);
    // Names typed for "named" are dropped when the buyer lets us choose after all.
    expect(schema.parse(filled({ suppliers: 'auto', storefrontIds: ['7'] })).storefrontIds).toEqual([]);
  });

  it('says what is missing on each field of an empty form', () => {
    expect(messages(emptyRfqForm())).toEqual({
      title: 'rfq:TITLE_LENGTH',
      categoryId: 'rfq:CATEGORY_REQUIRED',
      description: 'rfq:DESCRIPTION_REQUIRED',
      quantity: 'rfq:QUANTITY_INVALID',
      deadline: 'rfq:DEADLINE_REQUIRED',
      deliveryProvince: 'errors:PROVINCE_REQUIRED',
      deliveryPostalCode: 'errors:POSTAL_CODE_INVALID',
    });
  });

  it('refuses a quantity, a price or a deadline out of bounds, each on its field', () => {
    for (const quantity of ['0', '-3', '2.5', '10000001', 'ten'])
      expect(messages(filled({ quantity })), quantity).toEqual({ quantity: 'rfq:QUANTITY_INVALID' });
    for (const targetUnitPrice of ['0', 'abc', '12.345', '-4'])
      expect(messages(filled({ targetUnitPrice })), targetUnitPrice).toEqual({
        targetUnitPrice: 'rfq:TARGET_PRICE_INVALID',
      });
    expect(messages(filled({ deadline: '2026-11-28' }))).toEqual({ deadline: 'rfq:DEADLINE_PAST' });
    expect(schema.safeParse(filled({ deadline: '2026-11-29' })).success).toBe(true);
    expect(messages(filled({ title: 'ab' }))).toEqual({ title: 'rfq:TITLE_LENGTH' });
  });

  it('checks the Canadian postal code, and that it belongs to the delivery province', () => {
    for (const deliveryPostalCode of ['H2X 1Y', '12345', 'D2X 1Y4', 'W2X 1Y4', 'H2X-1Y4'])
      expect(messages(filled({ deliveryPostalCode })), deliveryPostalCode).toEqual({
        deliveryPostalCode: 'errors:POSTAL_CODE_INVALID',
      });
    // A Toronto code for a delivery in Quebec.
    expect(messages(filled({ deliveryPostalCode: 'M5V 2T6' }))).toEqual({
      deliveryPostalCode: 'errors:POSTAL_CODE_PROVINCE_MISMATCH',
    });
    expect(
      schema.parse(filled({ deliveryProvince: 'ON', deliveryPostalCode: 'm5v2t6' })).deliveryPostalCode,
    ).toBe('M5V 2T6');
  });

  it('asks for at least one named supplier, and at most 10', () => {
    expect(messages(filled({ suppliers: 'named' }))).toEqual({ storefrontIds: 'rfq:NAMED_REQUIRED' });
    const eleven = Array.from({ length: 11 }, (_, i) => String(i + 1));
    expect(messages(filled({ suppliers: 'named', storefrontIds: eleven }))).toEqual({
      storefrontIds: 'rfq:NAMED_TOO_MANY',
    });
  });
});
