import { z } from 'zod';
import { orderAddressInputSchema } from '@maplesource/contracts/orders';

/**
 * The address step's form: the accept request's own address schema (contracts/orders.ts) for shipping, and for
 * billing only when it is not the same as shipping (the hidden billing fields are unregistered).
 */
export const addressStepSchema = z
  .object({
    isBillingSameAsShipping: z.boolean(),
    shippingAddress: orderAddressInputSchema,
    billingAddress: orderAddressInputSchema.nullish(),
  })
  .refine((value) => value.isBillingSameAsShipping || Boolean(value.billingAddress), {
    message: 'errors:BILLING_ADDRESS_REQUIRED',
    path: ['billingAddress'],
  });
export type AddressStepValues = z.input<typeof addressStepSchema>;
export type AddressStepOutput = z.output<typeof addressStepSchema>;
