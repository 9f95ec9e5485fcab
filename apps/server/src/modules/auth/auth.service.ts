import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type {
  ChangePasswordRequest,
  LoginRequest,
  ResetPasswordRequest,
  SignupRequest,
  TextLanguage,
  UserProfile,
} from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, tooManyRequests } from '../../plugins/errors';
import type { Messaging } from '../../plugins/messaging';
import { authTokens } from './auth.tables';
import { languageFromAcceptLanguage } from './mail-language';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { normalizeCanadianPhone } from './phone';
import type { OtpService } from './otp.service';
import type { RateLimiter } from '../../plugins/rate-limits';
import type { SessionService } from './session.service';
import { UserService } from './users.service';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export const authPolicy = {
  /** Login throttling (decision 055): counted per account and place, per account, and per IP. */
  loginWindowMs: 15 * 60 * 1000,
  maxFailedLoginsPerAccountAndIp: 10,
  maxFailedLoginsPerAccount: 50,
  /** Sign-up attempts per phone number and per e-mail address (each) per hour. */
  signupWindowMs: 60 * 60 * 1000,
  maxSignupsPerTarget: 10,
  emailTokenLifetimeMs: 24 * 60 * 60 * 1000,
  resetTokenLifetimeMs: 15 * 60 * 1000,
  maxEmailLinksPerHour: 5,
} as const;

/** The configurable per-IP ceilings (config.ts RATE_LIMIT_*). */
export interface AuthIpLimits {
  signupPerIpPerHour: number;
  loginPerIpPer15Min: number;
}

/** The e-mail verification message, in the account's language (decision 210). */
const verificationMail: Record<TextLanguage, { subject: string; body: (link: string) => string }> = {
  en: {
    subject: 'Verify your e-mail — MapleSource',
    body: (link) => `Open this link to verify your e-mail address (valid 24 hours):\n${link}`,
  },
  fr: {
    subject: 'Vérifiez votre courriel — MapleSource',
    body: (link) => `Ouvrez ce lien pour vérifier votre adresse courriel (valide 24 heures) :\n${link}`,
  },
};

export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
  /** The request's Accept-Language header: a sign-up without a `language` takes its preferred language from it. */
  acceptLanguage?: string | undefined;
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly otp: OtpService,
    private readonly limiter: RateLimiter,
    private readonly messaging: Messaging,
    private readonly publicUrl: string,
    private readonly ipLimits: AuthIpLimits,
  ) {}

  sendSignupOtp(phoneNumber: string, meta: RequestMeta) {
    return this.otp.send(normalizeCanadianPhone(phoneNumber), 'signup', meta.ip);
  }

  /**
   * Until the phone code is proven, a taken and a free e-mail or phone get the same answers (decision 055): the
   * code is checked first, and only its owner learns that the e-mail or phone already has an account.
   */
  async signup(input: SignupRequest, meta: RequestMeta): Promise<{ user: UserProfile; token: string }> {
    const phone = normalizeCanadianPhone(input.phoneNumber);
    const decision = await this.limiter.consume([
      {
        key: `signup:ip:${meta.ip}`,
        max: this.ipLimits.signupPerIpPerHour,
        windowMs: authPolicy.signupWindowMs,
      },
      {
        key: `signup:phone:${phone}`,
        max: authPolicy.maxSignupsPerTarget,
        windowMs: authPolicy.signupWindowMs,
      },
      {
        key: `signup:email:${input.email.toLowerCase()}`,
        max: authPolicy.maxSignupsPerTarget,
        windowMs: authPolicy.signupWindowMs,
      },
    ]);
    if (!decision.allowed) {
      throw tooManyRequests(
        'SIGNUP_LIMIT_EXCEEDED',
        'Too many sign-up attempts; please try again later',
        decision.retryAfterSeconds,
      );
    }
    await this.otp.verify(phone, 'signup', input.otp);
    if (await this.users.findByEmail(input.email)) {
      throw conflict('EMAIL_TAKEN', 'An account already uses this e-mail');
    }
    if (await this.users.findByPhone(phone))
      throw conflict('PHONE_TAKEN', 'An account already uses this phone number');
    const passwordHash = await hashPassword(input.password);
    let created;
    try {
      created = await this.users.create({
        fullName: input.fullName,
        email: input.email,
        phoneNumber: phone,
        passwordHash,
        state: input.province,
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('EMAIL_TAKEN', 'An account already uses this e-mail or phone');
      throw error;
    }
    // The account's preferred language (decision 210): the page's, else the browser's; its e-mails use it.
    await this.users.setPreferences(created.id, {
      preferredLanguage: input.language ?? languageFromAcceptLanguage(meta.acceptLanguage),
    });
    await this.sendVerificationLink(created.id, created.email).catch(() => undefined);
    const token = await this.sessions.create(created.id, meta);
    return { user: await this.users.getProfile(created.id), token };
  }

  /**
   * Throttled per (account, IP) with a low ceiling, per account with a higher one and per IP (decision 055), so
   * wrong passwords from one place slow that place down without locking the owner out elsewhere. An account's
   * e-mail and phone share one bucket (its id); an identifier without an account is its own bucket. Each attempt
   * takes its hits before the password is checked (atomic: concurrent attempts cannot all slip through); a correct
   * password gives them back and forgets this place's failures.
   */
  async login(input: LoginRequest, meta: RequestMeta): Promise<{ user: UserProfile; token: string }> {
    const identifier = input.email ? input.email.toLowerCase() : normalizeLoosePhone(input.phoneNumber!);
    const user = input.email
      ? await this.users.findByEmail(input.email)
      : await this.users.findByPhone(identifier);
    const subject = user ? `user:${user.id}` : `id:${identifier}`;
    const placeKey = `login:account-ip:${subject}:${meta.ip}`;
    const accountKey = `login:account:${subject}`;
    const decision = await this.limiter.consume([
      {
        key: `login:ip:${meta.ip}`,
        max: this.ipLimits.loginPerIpPer15Min,
        windowMs: authPolicy.loginWindowMs,
      },
      { key: placeKey, max: authPolicy.maxFailedLoginsPerAccountAndIp, windowMs: authPolicy.loginWindowMs },
      { key: accountKey, max: authPolicy.maxFailedLoginsPerAccount, windowMs: authPolicy.loginWindowMs },
    ]);
    if (!decision.allowed) {
      throw tooManyRequests(
        'LOGIN_LIMIT_EXCEEDED',
        'Too many login attempts; please try again later',
        decision.retryAfterSeconds,
      );
    }
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!user || !ok) {
      throw new AppError(401, 'INVALID_CREDENTIALS', 'The e-mail, phone number or password is incorrect');
    }
    await decision.grant.refund([accountKey]);
    await this.limiter.clear(placeKey);
    const token = await this.sessions.create(user.id, meta);
    return { user: await this.users.getProfile(user.id), token };
  }

  /** Sends (or re-sends) a verification link for `email` to the account; a new address is kept as pending. */
  async requestEmailVerification(userId: string, email: string) {
    const user = await this.users.findById(userId);
    if (!user) throw badRequest('VERIFICATION_FAILED', 'Some error occured while verifying email');
    const decision = await this.limiter.consume([
      { key: `mail:verify:${userId}`, max: authPolicy.maxEmailLinksPerHour, windowMs: 60 * 60 * 1000 },
    ]);
    if (!decision.allowed) {
      throw tooManyRequests(
        'RATE_LIMITED',
        'Too many verification e-mails; please try again later',
        decision.retryAfterSeconds,
      );
    }
    const lower = email.toLowerCase();
    try {
      if (lower === user.email.toLowerCase()) {
        if (user.emailVerifiedAt) throw conflict('ALREADY_VERIFIED', 'This e-mail is already verified');
      } else {
        const other = await this.users.findByEmail(lower);
        if (other && other.id !== userId)
          throw conflict('EMAIL_TAKEN', 'An account already uses this e-mail');
        await this.users.updateFields(userId, { pendingEmail: lower });
      }
    } catch (error) {
      // Only e-mails actually sent count against the hourly limit.
      await decision.grant.refund();
      throw error;
    }
    await this.sendVerificationLink(userId, lower);
    return { ok: true as const };
  }

  private async sendVerificationLink(userId: string, email: string) {
    const token = newToken();
    const now = new Date();
    await this.db.insert(authTokens).values({
      id: hashToken(token),
      userId,
      purpose: 'verify_email',
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + authPolicy.emailTokenLifetimeMs),
    });
    const language = await this.users.textLanguage(userId);
    const link = `${this.publicUrl}${language === 'fr' ? '/fr' : ''}/verify-email?token=${encodeURIComponent(token)}`;
    const text = verificationMail[language];
    await this.messaging.mail.send(email, text.subject, text.body(link), { link });
  }

  /** Spec §8 states: no token, invalid or expired token, already verified, verification failed, success. */
  async verifyEmail(token: string | undefined): Promise<{ userId: string }> {
    if (!token) throw badRequest('NO_TOKEN', 'No token provided');
    const [row] = await this.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.id, hashToken(token)), eq(authTokens.purpose, 'verify_email')))
      .limit(1);
    if (!row || !row.email) throw badRequest('INVALID_OR_EXPIRED_TOKEN', 'Invalid or expired token');
    const user = await this.users.findById(row.userId);
    if (!user) throw badRequest('INVALID_OR_EXPIRED_TOKEN', 'Invalid or expired token');
    const alreadyVerified =
      user.emailVerifiedAt !== null && user.email.toLowerCase() === row.email.toLowerCase();
    if (alreadyVerified) throw conflict('ALREADY_VERIFIED', 'This e-mail is already verified');
    if (row.usedAt || row.expiresAt.getTime() <= Date.now()) {
      throw badRequest('INVALID_OR_EXPIRED_TOKEN', 'Invalid or expired token');
    }
    const isCurrent = user.email.toLowerCase() === row.email.toLowerCase();
    const isPending = user.pendingEmail?.toLowerCase() === row.email.toLowerCase();
    if (!isCurrent && !isPending) throw badRequest('INVALID_OR_EXPIRED_TOKEN', 'Invalid or expired token');
    try {
      await this.db.transaction(async (tx) => {
        const used = await tx
          .update(authTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
          .returning({ id: authTokens.id });
        if (used.length === 0) throw badRequest('INVALID_OR_EXPIRED_TOKEN', 'Invalid or expired token');
        await new UserService(tx).confirmEmail(row.userId, row.email!);
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isUniqueViolation(error)) {
        throw conflict('VERIFICATION_FAILED', 'Verification failed: another account now uses this e-mail');
      }
      throw error;
    }
    return { userId: row.userId };
  }

  async changePassword(userId: string, sessionId: string, input: ChangePasswordRequest) {
    const user = await this.users.findById(userId);
    if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw badRequest('WRONG_PASSWORD', 'The current password is incorrect', {
        currentPassword: 'errors:WRONG_PASSWORD',
      });
    }
    await this.users.updateFields(userId, { passwordHash: await hashPassword(input.newPassword) });
    await this.sessions.revokeAllForUserExcept(userId, sessionId);
    return { ok: true as const };
  }

  /**
   * Confirms a sensitive action (deleting the account) with the current password. Wrong guesses are counted per
   * account like failed logins, so a stolen session cannot be used to try passwords without limit.
   */
  async confirmPassword(userId: string, password: string): Promise<void> {
    const bucket = `confirm-password:${userId}`;
    // Counting and deciding in one step (decision 055); a correct password gives its hit back.
    const decision = await this.limiter.consume([
      { key: bucket, max: authPolicy.maxFailedLoginsPerAccountAndIp, windowMs: authPolicy.loginWindowMs },
    ]);
    if (!decision.allowed) {
      throw tooManyRequests(
        'LOGIN_LIMIT_EXCEEDED',
        'Too many password attempts; please try again later',
        decision.retryAfterSeconds,
      );
    }
    const user = await this.users.findById(userId);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) {
      throw badRequest('WRONG_PASSWORD', 'The current password is incorrect', {
        currentPassword: 'errors:WRONG_PASSWORD',
      });
    }
    await this.limiter.clear(bucket);
  }

  /** Same answer and same limits whether or not the number has an account. */
  async forgotPasswordOtp(phoneNumber: string, meta: RequestMeta) {
    const phone = normalizeCanadianPhone(phoneNumber);
    const user = await this.users.findByPhone(phone);
    return this.otp.send(phone, 'reset', meta.ip, Boolean(user));
  }

  async forgotPasswordToken(phoneNumber: string, otp: string) {
    const phone = normalizeCanadianPhone(phoneNumber);
    await this.otp.verify(phone, 'reset', otp);
    const user = await this.users.findByPhone(phone);
    if (!user) throw badRequest('INVALID_OTP', 'invalid OTP', { otp: 'errors:INVALID_OTP' });
    const token = newToken();
    const now = new Date();
    await this.db.insert(authTokens).values({
      id: hashToken(token),
      userId: user.id,
      purpose: 'reset_password',
      createdAt: now,
      expiresAt: new Date(now.getTime() + authPolicy.resetTokenLifetimeMs),
    });
    return { token };
  }

  async resetPassword(input: ResetPasswordRequest) {
    const now = new Date();
    const passwordHash = await hashPassword(input.password);
    const userId = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(authTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(authTokens.id, hashToken(input.token)),
            eq(authTokens.purpose, 'reset_password'),
            isNull(authTokens.usedAt),
          ),
        )
        .returning();
      if (!row || row.expiresAt.getTime() <= now.getTime()) {
        throw badRequest('INVALID_OR_EXPIRED_TOKEN', 'Invalid or expired token');
      }
      return row.userId;
    });
    await this.users.updateFields(userId, { passwordHash });
    await this.sessions.revokeAllForUser(userId);
    return { ok: true as const };
  }
}

/** Login by phone: a malformed number simply matches nothing (no 400 that would differ from a wrong password). */
function normalizeLoosePhone(value: string): string {
  try {
    return normalizeCanadianPhone(value);
  } catch {
    return value.replace(/\s+/g, '');
  }
}
