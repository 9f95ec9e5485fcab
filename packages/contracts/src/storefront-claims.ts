import { z } from 'zod';
import { emailSchema } from './auth';
import { businessNumberSchema, refuseSellerApplicationInputSchema } from './seller-applications';

/**
 * Storefront claims (decision 263): a signed-in account proves control of an unclaimed storefront's listed e-mail
 * domain or phone number with a code, gives its business number, and an admin approves or refuses.
 */
export const claimCodePolicy = {
  length: 6,
  lifetimeSeconds: 15 * 60,
  maxWrongAttempts: 5,
  maxCodesPerClaim: 5,
} as const;

/** What the claim button learns when claims are open: how the storefront can be proven (masked). */
export const claimStoreResponseSchema = z.object({
  ok: z.literal(true),
  /** The listed e-mail's domain: a code goes to any address at it. Null: no listed e-mail. */
  emailDomain: z.string().nullable(),
  /** The listed phone's last digits (`•••• 0123`). Null: no listed phone. */
  phoneHint: z.string().nullable(),
});
export type ClaimStoreResponse = z.infer<typeof claimStoreResponseSchema>;

export const startStorefrontClaimInputSchema = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('email'), email: emailSchema, businessNumber: businessNumberSchema }),
  z.object({ channel: z.literal('phone'), businessNumber: businessNumberSchema }),
]);
export type StartStorefrontClaimInput = z.infer<typeof startStorefrontClaimInputSchema>;

export const verifyStorefrontClaimInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${claimCodePolicy.length}}$`), 'errors:CLAIM_CODE_INVALID'),
});

export const storefrontClaimStatusSchema = z.enum(['verifying', 'pending', 'approved', 'refused']);
export type StorefrontClaimStatus = z.infer<typeof storefrontClaimStatusSchema>;

export const storefrontClaimSchema = z.object({
  id: z.string(),
  status: storefrontClaimStatusSchema,
  channel: z.enum(['email', 'phone']),
  /** Where the code went: the e-mail address, or the phone's masked last digits. */
  destination: z.string(),
  businessNumber: z.string(),
  storefront: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  codeExpiresAt: z.string(),
  refusalReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type StorefrontClaim = z.infer<typeof storefrontClaimSchema>;
export const myStorefrontClaimsResponseSchema = z.object({ items: z.array(storefrontClaimSchema) });

/** The admin queue: verified claims waiting, grouped by storefront so competing claims are seen together. */
export const adminStorefrontClaimGroupSchema = z.object({
  storefront: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    contactEmail: z.string().nullable(),
    contactPhone: z.string().nullable(),
  }),
  claims: z.array(
    storefrontClaimSchema.omit({ storefront: true }).extend({
      claimant: z.object({ id: z.string(), email: z.string().nullable(), fullName: z.string() }),
    }),
  ),
});
export type AdminStorefrontClaimGroup = z.infer<typeof adminStorefrontClaimGroupSchema>;
export const adminStorefrontClaimListSchema = z.object({ items: z.array(adminStorefrontClaimGroupSchema) });
export type AdminStorefrontClaimList = z.infer<typeof adminStorefrontClaimListSchema>;

export const storefrontClaimParamsSchema = z.object({ id: z.uuid() });
export const refuseStorefrontClaimInputSchema = refuseSellerApplicationInputSchema;

export const storefrontClaimSettingsSchema = z.object({ claimsOpen: z.boolean() });
export type StorefrontClaimSettings = z.infer<typeof storefrontClaimSettingsSchema>;
