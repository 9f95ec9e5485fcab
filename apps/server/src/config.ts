import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const serviceNames = ['buyer', 'chat', 'payment'] as const;
export type ServiceName = (typeof serviceNames)[number];

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const perIpCeiling = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(fallback));

/**
 * Every setting of the server, read from the environment through this one schema.
 * README.md lists each variable with its default.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  PUBLIC_URL: optionalUrl,
  SERVICES: z
    .string()
    .default('buyer,chat,payment')
    .transform((value) =>
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(serviceNames)).min(1, 'must name at least one of buyer, chat, payment')),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  SEED: z.enum(['auto', 'never']).default('auto'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('MapleSource <no-reply@maplesource.ca>'),
  TWILIO_ACCOUNT_SID: z.preprocess(emptyToUndefined, z.string().optional()),
  TWILIO_AUTH_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
  TWILIO_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  COOKIE_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  PAYMENT_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  /** Product listing result cache lifetime (decision 041); 0 turns the listing caches off. Default 5000, tests 0. */
  CATALOG_LISTING_CACHE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
  /** How long a page waits for its API answers (decision 044). Default 250, tests 10000 (a busy CI machine). */
  PAGE_DATA_WAIT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
  /**
   * Per-IP ceilings of the atomic rate limits (decision 055). Production defaults are strict; the e2e suite, which
   * creates many users from 127.0.0.1, raises them in its webServer env. Per-phone, per-e-mail, per-account and
   * per-term limits are not configurable.
   */
  RATE_LIMIT_OTP_PER_IP_PER_HOUR: perIpCeiling(20),
  RATE_LIMIT_SIGNUP_PER_IP_PER_HOUR: perIpCeiling(10),
  RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: perIpCeiling(100),
  RATE_LIMIT_TRACK_SEARCH_PER_IP_PER_HOUR: perIpCeiling(300),
});

type RawConfig = z.infer<typeof configSchema>;

export type AppConfig = Omit<RawConfig, 'PUBLIC_URL' | 'COOKIE_SECRET' | 'PAYMENT_WEBHOOK_SECRET'> & {
  PUBLIC_URL: string;
  COOKIE_SECRET: string;
  PAYMENT_WEBHOOK_SECRET: string;
  isProduction: boolean;
};

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const generatedSecretNames = ['COOKIE_SECRET', 'PAYMENT_WEBHOOK_SECRET'] as const;

/** Secrets left unset are generated once and kept in DATA_DIR/secrets.json, so restarts keep sessions and signatures valid. */
function loadOrCreateSecrets(dataDir: string): Record<(typeof generatedSecretNames)[number], string> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Record<string, string>> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  let changed = false;
  for (const name of generatedSecretNames) {
    if (!stored[name]) {
      stored[name] = randomBytes(32).toString('hex');
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return stored as Record<(typeof generatedSecretNames)[number], string>;
}

/** Reads the environment; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const raw = parsed.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  const needsGenerated = generatedSecretNames.some((name) => !raw[name]);
  const generated = needsGenerated ? loadOrCreateSecrets(dataDir) : undefined;
  return {
    ...raw,
    DATA_DIR: dataDir,
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    COOKIE_SECRET: raw.COOKIE_SECRET ?? generated!.COOKIE_SECRET,
    PAYMENT_WEBHOOK_SECRET: raw.PAYMENT_WEBHOOK_SECRET ?? generated!.PAYMENT_WEBHOOK_SECRET,
    isProduction: raw.NODE_ENV === 'production',
  };
}
