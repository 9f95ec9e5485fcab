import { z } from 'zod';
import { nameTextSchema } from './safe-text';
import { limits } from './limits';
import { languageCodes } from './languages';
import { provinceCodeSchema } from './provinces';
import { roleSchema } from './common';

/**
 * Auth and accounts calls of docs/product.md §7. Phone numbers are checked loosely here (shape); the server
 * then requires a valid Canadian number (libphonenumber-js, region CA) and stores E.164 (+1…).
 */
export const phoneNumberSchema = z
  .string()
  .trim()
  .min(10, 'errors:PHONE_INVALID')
  .max(25, 'errors:PHONE_INVALID')
  .regex(/^\+?[\d\s().-]+$/, 'errors:PHONE_INVALID');

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('errors:EMAIL_INVALID'));

/** docs/product.md §5: at least 8 characters, one number, one special character, one uppercase letter. */
export const passwordSchema = z
  .string()
  .min(limits.passwordMinLength, 'errors:PASSWORD_TOO_SHORT')
  .max(128, 'errors:PASSWORD_TOO_LONG')
  .regex(/[0-9]/, 'errors:PASSWORD_NEEDS_NUMBER')
  .regex(/[^A-Za-z0-9]/, 'errors:PASSWORD_NEEDS_SPECIAL')
  .regex(/[A-Z]/, 'errors:PASSWORD_NEEDS_UPPERCASE');

export const otpSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'errors:INVALID_OTP');

export const fullNameSchema = nameTextSchema({
  min: 2,
  max: 120,
  requiredMessage: 'errors:FULL_NAME_REQUIRED',
});

/** OTP timings (docs/product.md §9 leaves them open; docs/decisions records the choice). */
export const otpPolicy = {
  length: 6,
  lifetimeSeconds: 10 * 60,
  resendCooldownSeconds: 60,
  maxWrongAttempts: 5,
  maxSendsPerPhonePerHour: 5,
  maxSendsPerIpPerHour: 20,
} as const;

export const sendOtpRequestSchema = z.object({ phoneNumber: phoneNumberSchema });
export type SendOtpRequest = z.infer<typeof sendOtpRequestSchema>;
export const sendOtpResponseSchema = z.object({
  ok: z.literal(true),
  expiresInSeconds: z.number().int(),
  resendInSeconds: z.number().int(),
});
export type SendOtpResponse = z.infer<typeof sendOtpResponseSchema>;

export const signupRequestSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  phoneNumber: phoneNumberSchema,
  otp: otpSchema,
  password: passwordSchema,
  province: provinceCodeSchema,
  /** The language the page was in (decision 210): stored as the account's preferred language. Without it, the
   * request's Accept-Language decides (French if it prefers French to English), else English. */
  language: z.enum(languageCodes).optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z
  .object({
    email: z.preprocess((v) => (v === '' ? undefined : v), emailSchema.optional()),
    phoneNumber: z.preprocess((v) => (v === '' ? undefined : v), phoneNumberSchema.optional()),
    password: z.string().min(1, 'errors:PASSWORD_REQUIRED').max(128),
  })
  .refine((value) => Boolean(value.email) !== Boolean(value.phoneNumber), {
    message: 'errors:EMAIL_OR_PHONE_REQUIRED',
    path: ['email'],
  });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const avatarChoices = ['maple', 'beaver', 'moose', 'loon', 'bear', 'goose', 'orca', 'lynx'] as const;
export const avatarSchema = z.enum(avatarChoices);
export type Avatar = z.infer<typeof avatarSchema>;

export const paymentMethods = ['card', 'interac', 'bank_transfer', 'cheque', 'net_terms'] as const;
export const paymentMethodSchema = z.enum(paymentMethods);

export const preferencesSchema = z.object({
  preferredPaymentMethods: z.array(paymentMethodSchema).max(paymentMethods.length),
  preferredCurrency: z.literal('CAD'),
  preferredLanguage: z.enum(languageCodes),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** docs/product.md §3 "User profile". */
export const userProfileSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  fullName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** A new e-mail waiting for verification; not saved as `email` until verified (docs/product.md §4). */
  pendingEmail: z.string().nullable(),
  phoneNumber: z.string(),
  state: provinceCodeSchema.nullable(),
  city: z.string().nullable(),
  country: z.string(),
  avatar: avatarSchema.nullable(),
  roles: z.array(roleSchema),
  isVerifiedBusiness: z.boolean(),
  isPremiumEmployer: z.boolean(),
  createdAt: z.string(),
  preferences: preferencesSchema,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const authUserResponseSchema = z.object({ user: userProfileSchema });
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;

export const emailVerificationLinkRequestSchema = z.object({ email: emailSchema });
export const verifyEmailRequestSchema = z.object({ token: z.string().max(200).optional() });
export const verifyEmailResponseSchema = z.object({
  status: z.literal('verified'),
  user: userProfileSchema.nullable(),
});

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, 'errors:PASSWORD_REQUIRED').max(128),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const forgotPasswordOtpRequestSchema = z.object({ phoneNumber: phoneNumberSchema });
export const forgotPasswordTokenRequestSchema = z.object({ phoneNumber: phoneNumberSchema, otp: otpSchema });
export const forgotPasswordTokenResponseSchema = z.object({ token: z.string() });
export const resetPasswordRequestSchema = z.object({
  token: z.string().min(10).max(200),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The sandbox outbox (GET /api/v1/dev/outbox?to=…), only outside production. */
export const outboxQuerySchema = z.object({ to: z.string().trim().min(3).max(254) });
export const outboxMessageSchema = z.object({
  to: z.string(),
  channel: z.enum(['sms', 'email']),
  body: z.string(),
  code: z.string().optional(),
  link: z.string().optional(),
  createdAt: z.string(),
  /** The message's id in the outbox (an e-mail's HTML part is served at `dev/outbox/:id/html`). */
  id: z.string().optional(),
  /** An e-mail's subject, and its plain-text part alone (`body` is both). */
  subject: z.string().optional(),
  text: z.string().optional(),
  /** The language an e-mail's HTML part declares first (its `lang`); absent for a text-only message. */
  language: z.enum(['en', 'fr']).optional(),
  /** True for an e-mail with an HTML part (decision 260). */
  hasHtml: z.boolean().optional(),
  /** An e-mail's attachments, by name, type and size. */
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int().nonnegative() }))
    .optional(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });

/** Error codes of the auth and accounts domains (each has an `errors:<CODE>` text in EN and FR). */
export const authErrorCodes = [
  'PHONE_INVALID',
  'PHONE_NOT_CANADIAN',
  'INVALID_OTP',
  'OTP_EXPIRED',
  'OTP_LIMIT_EXCEEDED',
  'OTP_RESEND_TOO_SOON',
  'EMAIL_TAKEN',
  'PHONE_TAKEN',
  'INVALID_CREDENTIALS',
  'LOGIN_LIMIT_EXCEEDED',
  'LOGIN_FAILED',
  'NO_TOKEN',
  'INVALID_OR_EXPIRED_TOKEN',
  'ALREADY_VERIFIED',
  'VERIFICATION_FAILED',
  'WRONG_PASSWORD',
  'PASSWORD_RULES',
  'POSTAL_CODE_INVALID',
  'POSTAL_CODE_PROVINCE_MISMATCH',
  'CITY_NOT_IN_PROVINCE',
  'COUNTRY_NOT_SUPPORTED',
  'ADDRESS_NOT_FOUND',
  'PROFILE_NOT_UPDATED',
] as const;

/** Dev-only (decision 077): POST /dev/storefront gives the logged-in test user a fresh storefront with a product. */
export const devStorefrontResponseSchema = z.object({
  seller: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  product: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
});
export type DevStorefrontResponse = z.infer<typeof devStorefrontResponseSchema>;
/** `POST /dev/storefront?category=`: the top product category (slug) its product and reach are in (decision 077). */
export const devStorefrontQuerySchema = z.object({
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/, 'errors:CATEGORY_NOT_FOUND')
    .optional(),
});
export const devStorefrontParamsSchema = z.object({
  slug: z.string().regex(/^dev-[a-z0-9-]{1,80}$/, 'errors:STOREFRONT_NOT_FOUND'),
});
