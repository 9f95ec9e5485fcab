import { z } from 'zod';
import { CANADIAN_POSTAL_CODE, provinceCodeSchema } from '@maplesource/contracts/provinces';
import { localDate, postalCodeOutsideProvince } from './delivery-deadline';

/**
 * The delivery fields of a request for quotes as typed (decision 321), shared by `/global-quote`'s form and the CNC
 * quote's "Request firm quotes" form (`components/forms/delivery-request-fields.tsx` draws them): a deadline day not
 * before today, in the buyer's zone, with the caller's messages; a province; a postal code; the private flag.
 */
export function deliveryRequestShape(
  messages: { deadlineRequired: string; deadlinePast: string },
  today: () => string = () => localDate(new Date()),
) {
  return {
    deadline: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, messages.deadlineRequired)
      // A day not yet well formed has its own message above.
      .refine((day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || day >= today(), messages.deadlinePast),
    deliveryProvince: z
      .union([provinceCodeSchema, z.literal('')])
      .refine(Boolean, 'errors:PROVINCE_REQUIRED'),
    deliveryPostalCode: z.string().trim().regex(CANADIAN_POSTAL_CODE, 'errors:POSTAL_CODE_INVALID'),
    private: z.boolean(),
  };
}

/** A postal code of another province than the one chosen is refused on the postal code's field. */
export function checkPostalCodeProvince(
  values: { deliveryProvince: Parameters<typeof postalCodeOutsideProvince>[0]; deliveryPostalCode: string },
  ctx: z.RefinementCtx,
) {
  if (postalCodeOutsideProvince(values.deliveryProvince, values.deliveryPostalCode))
    ctx.addIssue({
      code: 'custom',
      path: ['deliveryPostalCode'],
      message: 'errors:POSTAL_CODE_PROVINCE_MISMATCH',
    });
}
