import { z } from 'zod';
import { avatarSchema, emailSchema, fullNameSchema, preferencesSchema, userProfileSchema } from './auth';
import { CANADIAN_POSTAL_CODE, provinceCodeSchema } from './provinces';
import { nameTextSchema } from './safe-text';

/** docs/product.md §5 profile: email required and valid; full name, city, province required. */
export const updateProfileRequestSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  state: provinceCodeSchema,
  city: nameTextSchema({ max: 100, requiredMessage: 'errors:CITY_REQUIRED' }),
  avatar: avatarSchema.nullable().optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;
/** A changed e-mail is not saved: it becomes `pendingEmail` and a verification link is sent (docs/product.md §4). */
export const updateProfileResponseSchema = z.object({
  user: userProfileSchema,
  emailVerificationSent: z.boolean(),
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

export const updatePreferencesRequestSchema = preferencesSchema.partial();
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequestSchema>;
export const preferencesResponseSchema = z.object({ preferences: preferencesSchema });

export const addressTypes = ['Shipping', 'Billing'] as const;
export const addressTypeSchema = z.enum(addressTypes);

export const countryNameSchema = z.literal('Canada', { error: 'errors:COUNTRY_NOT_SUPPORTED' });

/** docs/product.md §3 Address; docs/product.md §5: street, country, province, city, postal code required. */
export const addressInputSchema = z.object({
  street: nameTextSchema({ min: 3, max: 200, requiredMessage: 'errors:STREET_REQUIRED' }),
  country: countryNameSchema.default('Canada'),
  province: provinceCodeSchema,
  city: nameTextSchema({ max: 100, requiredMessage: 'errors:CITY_REQUIRED' }),
  postalCode: z.string().trim().max(10).regex(CANADIAN_POSTAL_CODE, 'errors:POSTAL_CODE_INVALID'),
  isDefaultShipping: z.boolean().default(false),
  addressType: addressTypeSchema.default('Shipping'),
});
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: z.string(),
  street: z.string(),
  country: z.string(),
  province: provinceCodeSchema,
  city: z.string(),
  postalCode: z.string(),
  isDefaultShipping: z.boolean(),
  addressType: addressTypeSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Address = z.infer<typeof addressSchema>;
export const addressListResponseSchema = z.object({ items: z.array(addressSchema) });
export const addressResponseSchema = z.object({ address: addressSchema });
export const addressIdParamSchema = z.object({ id: z.uuid('errors:ADDRESS_NOT_FOUND') });

/** DELETE /profile (privacy: right to deletion): the current password confirms it is really the account holder. */
export const deleteAccountRequestSchema = z.object({
  currentPassword: z.string().min(1, 'errors:PASSWORD_REQUIRED').max(128),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
