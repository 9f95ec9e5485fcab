import { z } from 'zod';
import { dollarsToCents } from '@maplesource/contracts/money';
import { normalizePostalCode } from '@maplesource/contracts/provinces';
import { rfqCreateRequestSchema, type RfqCreateRequest } from '@maplesource/contracts/rfq';
import { deadlineOf, localDate } from '../../lib/delivery-deadline';
import { checkPostalCodeProvince, deliveryRequestShape } from '../../lib/delivery-request-schema';

export { deadlineOf, localDate };

/** At most this many named suppliers (the contract's `storefrontIds`). */
export const RFQ_NAMED_SUPPLIERS_MAX = 10;

const wholeNumber = (text: string) => (/^\s*\d{1,9}\s*$/.test(text) ? Number(text.trim()) : null);

/**
 * The "new request" form as typed (texts, a date, a select's value), checked field by field with the messages of
 * `rfq:` (and `errors:` for the postal code, as every address form), and turned into the contract's
 * `rfqCreateRequestSchema` body — which the result is parsed with again, so the form can never send what the server
 * refuses.
 */
export function rfqFormSchema(today: () => string = () => localDate(new Date())) {
  const limits = rfqCreateRequestSchema.shape;
  return z
    .object({
      title: z.string().trim().min(3, 'rfq:TITLE_LENGTH').max(120, 'rfq:TITLE_LENGTH'),
      categoryId: z.string().regex(/^\d{1,12}$/, 'rfq:CATEGORY_REQUIRED'),
      description: z.string().trim().min(1, 'rfq:DESCRIPTION_REQUIRED').max(5000, 'rfq:DESCRIPTION_LENGTH'),
      quantity: z.string().refine((text) => {
        const n = wholeNumber(text);
        return n !== null && limits.quantity.safeParse(n).success;
      }, 'rfq:QUANTITY_INVALID'),
      targetUnitPrice: z.string().refine((text) => {
        if (text.trim() === '') return true;
        const cents = dollarsToCents(text);
        return cents !== null && cents > 0 && cents <= 100_000_000_00;
      }, 'rfq:TARGET_PRICE_INVALID'),
      ...deliveryRequestShape(
        { deadlineRequired: 'rfq:DEADLINE_REQUIRED', deadlinePast: 'rfq:DEADLINE_PAST' },
        today,
      ),
      suppliers: z.enum(['auto', 'named']),
      storefrontIds: z.array(z.string()).max(RFQ_NAMED_SUPPLIERS_MAX, 'rfq:NAMED_TOO_MANY'),
    })
    .superRefine((values, ctx) => {
      checkPostalCodeProvince(values, ctx);
      if (values.suppliers === 'named' && values.storefrontIds.length === 0)
        ctx.addIssue({ code: 'custom', path: ['storefrontIds'], message: 'rfq:NAMED_REQUIRED' });
    })
    .transform((values): RfqCreateRequest =>
      rfqCreateRequestSchema.parse({
        title: values.title,
        categoryId: Number(values.categoryId),
        description: values.description,
        quantity: wholeNumber(values.quantity),
        targetUnitPriceCents:
          values.targetUnitPrice.trim() === '' ? null : dollarsToCents(values.targetUnitPrice),
        deadline: deadlineOf(values.deadline),
        deliveryProvince: values.deliveryProvince,
        deliveryPostalCode: normalizePostalCode(values.deliveryPostalCode),
        storefrontIds: values.suppliers === 'named' ? values.storefrontIds.map(Number) : [],
        private: values.private,
      }),
    );
}

export type RfqFormValues = z.input<ReturnType<typeof rfqFormSchema>>;

export const emptyRfqForm = (): RfqFormValues => ({
  title: '',
  categoryId: '',
  description: '',
  quantity: '',
  targetUnitPrice: '',
  deadline: '',
  deliveryProvince: '',
  deliveryPostalCode: '',
  private: false,
  suppliers: 'auto',
  storefrontIds: [],
});
