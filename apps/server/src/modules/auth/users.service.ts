import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  avatarSchema,
  isLanguageCode,
  paymentMethodSchema,
  textLanguageOf,
  provinceCodeSchema,
  roleSchema,
  type Preferences,
  type ProvinceCode,
  type Role,
  type TextLanguage,
  type UpdatePreferencesRequest,
  type UserProfile,
} from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { notFound } from '../../plugins/errors';
import { otpCodes, userPreferences, users } from './auth.tables';

export interface NewUser {
  id?: string;
  fullName: string;
  email: string;
  phoneNumber: string;
  passwordHash: string;
  state: ProvinceCode | null;
  city?: string | null;
  roles?: Role[];
  emailVerified?: boolean;
  isVerifiedBusiness?: boolean;
  isPremiumEmployer?: boolean;
  avatar?: string | null;
}

export type UserRow = typeof users.$inferSelect;

const defaultPreferences: Preferences = {
  preferredPaymentMethods: [],
  preferredCurrency: 'CAD',
  preferredLanguage: 'en',
};

/** The users table's owner: other modules (accounts, sellers, …) read and change accounts through this service. */
export class UserService {
  constructor(private readonly db: Db) {}

  async create(input: NewUser, db: Db = this.db): Promise<UserRow> {
    const [seq] = rowsOf<{ n: string | number }>(
      await db.execute(sql`select nextval('member_number_seq') as n`),
    );
    const [row] = await db
      .insert(users)
      .values({
        id: input.id ?? randomUUID(),
        memberId: `MS-${seq!.n}`,
        fullName: input.fullName,
        email: input.email.toLowerCase(),
        emailVerifiedAt: input.emailVerified ? new Date() : null,
        phoneNumber: input.phoneNumber,
        passwordHash: input.passwordHash,
        roles: input.roles ?? ['buyer'],
        state: input.state,
        city: input.city ?? null,
        avatar: input.avatar ?? null,
        isVerifiedBusiness: input.isVerifiedBusiness ?? false,
        isPremiumEmployer: input.isPremiumEmployer ?? false,
      })
      .returning();
    return row!;
  }

  /**
   * Locks the account row until the caller's transaction ends (a second deletion waits, then finds nothing).
   * Undefined when the account no longer exists.
   */
  async lockForUpdate(id: string, db: Db): Promise<{ id: string; phoneNumber: string } | undefined> {
    const [row] = rowsOf<{ id: string; phone_number: string }>(
      await db.execute(sql`SELECT id, phone_number FROM users WHERE id = ${id} FOR UPDATE`),
    );
    return row ? { id: row.id, phoneNumber: row.phone_number } : undefined;
  }

  /**
   * Deletes the account and what the database ties to it (sessions, e-mail and reset tokens, preferences,
   * addresses, likes, search and view history: ON DELETE CASCADE) and the phone codes sent to its number.
   */
  async deleteAccount(id: string, phoneNumber: string, db: Db): Promise<boolean> {
    await db.delete(otpCodes).where(eq(otpCodes.phoneNumber, phoneNumber));
    const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return deleted.length === 1;
  }

  async findById(id: string, db: Db = this.db): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    return row;
  }

  async findByPhone(phoneNumber: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1);
    return row;
  }

  async getPreferences(userId: string): Promise<Preferences> {
    const [row] = await this.db
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, userId))
      .limit(1);
    if (!row) return defaultPreferences;
    return {
      preferredPaymentMethods: row.preferredPaymentMethods.flatMap((m) => {
        const parsed = paymentMethodSchema.safeParse(m);
        return parsed.success ? [parsed.data] : [];
      }),
      preferredCurrency: 'CAD',
      preferredLanguage: isLanguageCode(row.preferredLanguage) ? row.preferredLanguage : 'en',
    };
  }

  /**
   * The language the account's e-mails are written in (decision 210): French when its preferred language is
   * French, else English (also for an account without stored preferences, or one that is gone).
   */
  async textLanguage(userId: string, db: Db = this.db): Promise<TextLanguage> {
    const [row] = await db
      .select({ language: userPreferences.preferredLanguage })
      .from(userPreferences)
      .where(eq(userPreferences.userId, userId))
      .limit(1);
    return textLanguageOf(row?.language);
  }

  async setPreferences(userId: string, patch: UpdatePreferencesRequest): Promise<Preferences> {
    const next = { ...(await this.getPreferences(userId)), ...patch };
    const values = {
      preferredPaymentMethods: [...new Set(next.preferredPaymentMethods)],
      preferredCurrency: next.preferredCurrency,
      preferredLanguage: next.preferredLanguage,
      updatedAt: new Date(),
    };
    await this.db
      .insert(userPreferences)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: userPreferences.userId, set: values });
    return this.getPreferences(userId);
  }

  toProfile(row: UserRow, preferences: Preferences): UserProfile {
    const state = provinceCodeSchema.safeParse(row.state);
    const avatar = avatarSchema.safeParse(row.avatar);
    return {
      id: row.id,
      memberId: row.memberId,
      fullName: row.fullName,
      email: row.email,
      emailVerified: row.emailVerifiedAt !== null,
      pendingEmail: row.pendingEmail,
      phoneNumber: row.phoneNumber,
      state: state.success ? state.data : null,
      city: row.city,
      country: row.country,
      avatar: avatar.success ? avatar.data : null,
      roles: row.roles.flatMap((r) => (roleSchema.safeParse(r).success ? [r as Role] : [])),
      isVerifiedBusiness: row.isVerifiedBusiness,
      isPremiumEmployer: row.isPremiumEmployer,
      createdAt: row.createdAt.toISOString(),
      preferences,
    };
  }

  async getProfile(userId: string): Promise<UserProfile> {
    const row = await this.findById(userId);
    if (!row) throw notFound('USER_NOT_FOUND', 'Account not found');
    return this.toProfile(row, await this.getPreferences(userId));
  }

  /** Adds a role to the account (no-op when it has it already). */
  async addRole(userId: string, role: Role, db: Db = this.db): Promise<void> {
    await db.execute(
      sql`UPDATE users SET roles = array_append(roles, ${role}), updated_at = now()
          WHERE id = ${userId} AND NOT (${role} = ANY (roles))`,
    );
  }

  async updateFields(
    userId: string,
    fields: Partial<
      Pick<UserRow, 'fullName' | 'state' | 'city' | 'avatar' | 'pendingEmail' | 'passwordHash'>
    >,
  ) {
    await this.db
      .update(users)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(users.id, userId));
  }

  /**
   * Admin console: marks the account a verified business and/or a premium employer (careers' résumé database).
   * Runs in the caller's transaction; returns the flags before and after, or undefined for an unknown account.
   */
  async setEmployerStatus(
    db: Db,
    userId: string,
    status: { isVerifiedBusiness: boolean; isPremiumEmployer: boolean },
  ): Promise<{ before: UserRow; after: UserRow } | undefined> {
    const [before] = await db.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) return undefined;
    const [after] = await db
      .update(users)
      .set({ ...status, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return { before, after: after! };
  }

  /** Makes `email` the account's verified address (the caller checked the token). Throws 23505 if taken meanwhile. */
  async confirmEmail(userId: string, email: string) {
    await this.db
      .update(users)
      .set({
        email,
        emailVerifiedAt: new Date(),
        pendingEmail: sql`case when lower(${users.pendingEmail}) = lower(${email}) then null else ${users.pendingEmail} end`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  }
}
