import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  memberId: text('member_id').notNull().unique(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** A new e-mail waiting for verification (migration 0101); `email` changes only once verified. */
  pendingEmail: text('pending_email'),
  phoneNumber: text('phone_number').notNull(),
  passwordHash: text('password_hash').notNull(),
  roles: text('roles').array().notNull().default(['buyer']),
  state: text('state'),
  city: text('city'),
  country: text('country').notNull().default('Canada'),
  avatar: text('avatar'),
  isVerifiedBusiness: boolean('is_verified_business').notNull().default(false),
  isPremiumEmployer: boolean('is_premium_employer').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie token; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** Phone codes (migration 0101): only an HMAC of the code is stored. */
export const otpCodes = pgTable('otp_codes', {
  id: uuid('id').primaryKey(),
  phoneNumber: text('phone_number').notNull(),
  purpose: text('purpose', { enum: ['signup', 'reset'] }).notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/** One-time tokens (e-mail verification, password reset); the table holds their sha256. */
export const authTokens = pgTable('auth_tokens', {
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
  email: text('email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** docs/product.md §3 preferences (migration 0102). */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferredPaymentMethods: text('preferred_payment_methods').array().notNull().default([]),
  preferredCurrency: text('preferred_currency').notNull().default('CAD'),
  preferredLanguage: text('preferred_language').notNull().default('en'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Devices that signed in before (migration 0715, decision 245): the sha256 of each device cookie's token. */
export const knownDevices = pgTable('auth_known_devices', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
