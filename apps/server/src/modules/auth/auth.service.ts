import { sendLinkMail, sendVerificationMail } from '../../plugins/mail-layout';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
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
import type { Jobs } from '../../plugins/jobs';
import type { Messaging } from '../../plugins/messaging';
import { rowsOf, withTransaction } from '../../db/transaction';
import { authTokens } from './auth.tables';
import { languageFromAcceptLanguage } from './mail-language';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { normalizeCanadianPhone } from './phone';
import type { OtpService } from './otp.service';
import type { BackoffRule, CountRule, RateLimiter } from '../../plugins/rate-limits';
import { hashDeviceToken, type KnownDeviceService } from './known-devices';
import type { SessionService } from './session.service';
import { UserService } from './users.service';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

const MINUTE_MS = 60 * 1000;

export const authPolicy = {
  /** The per-IP login ceiling's window (decision 055) and the password confirmation's. */
  loginWindowMs: 15 * MINUTE_MS,
  maxFailedLoginsPerAccountAndIp: 10,
  /**
   * Decision 245: growing delays per account and source (the IP, or the device when it is known to the account):
   * 5 attempts at once, then 1 s, 2 s, 4 s … up to 15 min between attempts; forgotten after an hour of quiet.
   */
  loginPerSource: {
    freeAttempts: 5,
    baseDelayMs: 1_000,
    maxDelayMs: 15 * MINUTE_MS,
    forgetAfterMs: 60 * MINUTE_MS,
  },
  /**
   * Decision 245: per account, for devices it does not know only: 20 attempts, then growing delays up to 15 min
   * (at most about 33 attempts in any hour, ASVS 4.0 V2.2.1's 100). Devices that signed in before skip it.
   */
  loginPerAccountFromNewDevices: {
    freeAttempts: 20,
    baseDelayMs: 1_000,
    maxDelayMs: 15 * MINUTE_MS,
    forgetAfterMs: 60 * MINUTE_MS,
  },
  /** Wrong passwords from unknown devices after which the owner is e-mailed, at most once per window. */
  attackMailAfterFailures: 10,
  attackMailWindowMs: 24 * 60 * MINUTE_MS,
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

/** The "someone is trying your password" e-mail (decision 245), in the account's language (decision 210). */
export const attackMail: Record<
  TextLanguage,
  { subject: string; body: (input: { email: string; failedAttempts: number; link: string }) => string }
> = {
  en: {
    subject: 'Someone is trying to sign in to your MapleSource account',
    body: ({ email, failedAttempts, link }) =>
      [
        `We refused ${failedAttempts} sign-in attempts with a wrong password on your MapleSource account (${email}) from devices you have not used with it.`,
        '',
        'Your account is protected: sign-ins from new devices now have to wait between attempts, and the devices you have signed in with before still work as usual.',
        '',
        'If it was not you, choose a new password. On a device you have used before, use "Change password" in your profile. From any device, choose "Forgot your password?" on the sign-in form and reset it with a code sent to your phone:',
        link,
        '',
        'We send this e-mail at most once a day.',
      ].join('\n'),
  },
  fr: {
    subject: "Quelqu'un essaie de se connecter à votre compte MapleSource",
    body: ({ email, failedAttempts, link }) =>
      [
        `Nous avons refusé ${failedAttempts} tentatives de connexion avec un mauvais mot de passe sur votre compte MapleSource (${email}), depuis des appareils que vous n'avez pas utilisés avec ce compte.`,
        '',
        "Votre compte est protégé : les connexions depuis de nouveaux appareils doivent maintenant attendre entre les tentatives, et les appareils avec lesquels vous vous êtes déjà connecté fonctionnent comme d'habitude.",
        '',
        "Si ce n'était pas vous, choisissez un nouveau mot de passe. Sur un appareil déjà utilisé, utilisez « Changer le mot de passe » dans votre profil. Depuis n'importe quel appareil, choisissez « Mot de passe oublié? » dans le formulaire de connexion et réinitialisez-le avec un code envoyé à votre téléphone :",
        link,
        '',
        'Nous envoyons ce courriel au plus une fois par jour.',
      ].join('\n'),
  },
};

export const attackMailJobName = 'auth.attack-mail';
export const attackMailJobSchema = z.object({
  userId: z.string().min(1),
  failedAttempts: z.number().int().positive(),
});
export type AttackMailJob = z.infer<typeof attackMailJobSchema>;

const signupLimitExceeded = (retryAfterSeconds: number) =>
  tooManyRequests(
    'SIGNUP_LIMIT_EXCEEDED',
    'Too many sign-up attempts; please try again later',
    retryAfterSeconds,
  );

export interface RequestMeta {
  ip: string;
  /** The token of the request's known-device cookie, when it carries a valid one (decision 245). */
  deviceToken?: string | undefined;
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
    private readonly devices: KnownDeviceService,
    private readonly jobs: Jobs,
  ) {}

  /** The sign-up limits (per IP, per phone number and, once known, per e-mail address). */
  private signupRules(ip: string, phone: string, email?: string): CountRule[] {
    const rules: CountRule[] = [
      { key: `signup:ip:${ip}`, max: this.ipLimits.signupPerIpPerHour, windowMs: authPolicy.signupWindowMs },
      {
        key: `signup:phone:${phone}`,
        max: authPolicy.maxSignupsPerTarget,
        windowMs: authPolicy.signupWindowMs,
      },
    ];
    if (email !== undefined)
      rules.push({
        key: `signup:email:${email.toLowerCase()}`,
        max: authPolicy.maxSignupsPerTarget,
        windowMs: authPolicy.signupWindowMs,
      });
    return rules;
  }

  /**
   * The sign-up code is only sent when the sign-up it is for would be let through: the place and the phone number
   * are checked against the sign-up limit first (without using it up), so nobody types a code only to be told
   * "too many sign-up attempts".
   */
  async sendSignupOtp(phoneNumber: string, meta: RequestMeta) {
    const phone = normalizeCanadianPhone(phoneNumber);
    const decision = await this.limiter.check(this.signupRules(meta.ip, phone));
    if (!decision.allowed) throw signupLimitExceeded(decision.retryAfterSeconds);
    return this.otp.send(phone, 'signup', meta.ip);
  }

  /**
   * Until the phone code is proven, a taken and a free e-mail or phone get the same answers (decision 055): the
   * code is checked first, and only its owner learns that the e-mail or phone already has an account.
   */
  async signup(
    input: SignupRequest,
    meta: RequestMeta,
  ): Promise<{ user: UserProfile; token: string; deviceToken: string }> {
    const phone = normalizeCanadianPhone(input.phoneNumber);
    const decision = await this.limiter.consume(this.signupRules(meta.ip, phone, input.email));
    if (!decision.allowed) throw signupLimitExceeded(decision.retryAfterSeconds);
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
    const deviceToken = await this.devices.remember(created.id, meta.deviceToken);
    return { user: await this.users.getProfile(created.id), token, deviceToken };
  }

  /**
   * Lockouts that protect, not punish (decision 245). Every attempt is counted before the password is checked
   * (atomic upserts: concurrent attempts cannot all slip through) in:
   * - per account and source, growing delays: the source is the device when the request carries this account's
   *   known-device cookie, else the IP (`request.ip`: X-Forwarded-For only from TRUST_PROXY's proxies);
   * - per account, growing delays for devices the account does not know, so many IPs cannot try many passwords;
   *   a known device skips it (and the per-IP ceiling), so no attacker can lock the owner out of their devices;
   * - per IP, the ceiling of decision 055 (unknown devices).
   * A delayed attempt is answered 429 with Retry-After before the password is checked, so a correct password
   * waits too. A correct password forgets this source's delays and gives the account's hit back; wrong ones past
   * the alert threshold e-mail the owner once per window. An account's e-mail and phone share its buckets; an
   * identifier without an account is its own (the same answers as for an account).
   */
  async login(
    input: LoginRequest,
    meta: RequestMeta,
  ): Promise<{ user: UserProfile; token: string; deviceToken: string }> {
    const identifier = input.email ? input.email.toLowerCase() : normalizeLoosePhone(input.phoneNumber!);
    const user = input.email
      ? await this.users.findByEmail(input.email)
      : await this.users.findByPhone(identifier);
    const subject = user ? `user:${user.id}` : `id:${identifier}`;
    // Looked up whether or not the identifier has an account: the same work either way.
    const deviceUserId = await this.devices.userOf(meta.deviceToken);
    const knownDevice = user !== undefined && deviceUserId === user.id;
    const sourceRule: BackoffRule = {
      key: knownDevice
        ? `login:account-device:${subject}:${hashDeviceToken(meta.deviceToken!)}`
        : `login:account-ip:${subject}:${meta.ip}`,
      ...authPolicy.loginPerSource,
    };
    const accountRule: BackoffRule = {
      key: `login:account-new-devices:${subject}`,
      ...authPolicy.loginPerAccountFromNewDevices,
    };
    const ipKey = `login:ip:${meta.ip}`;
    const decision = await this.limiter.consume(
      knownDevice
        ? [sourceRule]
        : [
            { key: ipKey, max: this.ipLimits.loginPerIpPer15Min, windowMs: authPolicy.loginWindowMs },
            sourceRule,
            accountRule,
          ],
    );
    if (!decision.allowed) {
      if (decision.rule.key === accountRule.key) {
        throw tooManyRequests(
          'LOGIN_NEW_DEVICE_DELAYED',
          'Too many wrong passwords for this account from new devices; wait, or reset the password with a phone code',
          decision.retryAfterSeconds,
        );
      }
      if (decision.rule.key === sourceRule.key) {
        throw tooManyRequests(
          'LOGIN_DELAYED',
          'Too many wrong passwords; wait before trying again, or reset the password with a phone code',
          decision.retryAfterSeconds,
        );
      }
      throw tooManyRequests(
        'LOGIN_LIMIT_EXCEEDED',
        'Too many login attempts; please try again later',
        decision.retryAfterSeconds,
      );
    }
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!user || !ok) {
      const failures = decision.grant.attempts(accountRule.key);
      if (user && failures >= authPolicy.attackMailAfterFailures) await this.alertOwner(user.id, failures);
      throw new AppError(401, 'INVALID_CREDENTIALS', 'The e-mail, phone number or password is incorrect');
    }
    await decision.grant.refund([accountRule.key]);
    await this.limiter.clear(sourceRule.key);
    const token = await this.sessions.create(user.id, meta);
    const deviceToken = await this.devices.remember(user.id, knownDevice ? meta.deviceToken : undefined);
    return { user: await this.users.getProfile(user.id), token, deviceToken };
  }

  /**
   * Claims the account's alert window and queues the e-mail's job in one transaction (decision 245): however
   * many wrong passwords arrive, concurrently or not, one e-mail per window; the job sends it, with retries.
   */
  private async alertOwner(userId: string, failedAttempts: number): Promise<void> {
    const windowSeconds = authPolicy.attackMailWindowMs / 1000;
    await withTransaction(this.db, async (tx) => {
      const claimed = rowsOf<{ user_id: string }>(
        await tx.execute(sql`
          INSERT INTO auth_login_alerts AS a (user_id, sent_at) VALUES (${userId}, now())
          ON CONFLICT (user_id) DO UPDATE SET sent_at = excluded.sent_at
          WHERE a.sent_at <= now() - make_interval(secs => ${windowSeconds})
          RETURNING user_id`),
      );
      if (claimed.length === 0) return;
      const job: AttackMailJob = { userId, failedAttempts };
      await this.jobs.send(attackMailJobName, job, { tx });
    });
  }

  /** The `auth.attack-mail` job: the e-mail, in the account's language (decision 210). */
  async sendAttackMail(userId: string, failedAttempts: number): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) return; // the account was deleted since
    const language = await this.users.textLanguage(userId);
    const link = `${this.publicUrl}${language === 'fr' ? '/fr' : ''}/`;
    const text = attackMail[language];
    await sendLinkMail(this.messaging.mail, {
      to: user.email,
      language,
      subject: text.subject,
      body: text.body({ email: user.email, failedAttempts, link }),
      link,
      actionLabel: language === 'fr' ? 'Ouvrir MapleSource' : 'Open MapleSource',
    });
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
    await sendVerificationMail(this.messaging.mail, { to: email, language, link, text });
  }

  /** docs/product.md §8 states: no token, invalid or expired token, already verified, verification failed, success. */
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
    // Decision 245: every known device is forgotten; this browser just proved the password and stays known.
    await this.devices.forgetAll(userId);
    return { ok: true as const, deviceToken: await this.devices.remember(userId, undefined) };
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
    // Decision 245: the phone code proved the owner. No device stays known, and the account's login delays are
    // forgotten (the account-wide one and every source's), so the owner signs in at once with the new password.
    await this.devices.forgetAll(userId);
    await this.limiter.clear(`login:account-new-devices:user:${userId}`);
    await this.limiter.clearPrefix(`login:account-ip:user:${userId}:`);
    await this.limiter.clearPrefix(`login:account-device:user:${userId}:`);
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
