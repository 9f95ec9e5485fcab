import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { allowedScriptOrigins } from '@maplesource/contracts';

export const serviceNames = ['buyer', 'chat', 'payment'] as const;
export type ServiceName = (typeof serviceNames)[number];

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const commaList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
);
/** Names proxy-addr understands for whole ranges (decision 050). */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isAddressOrCidr(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (decision 050): unset or empty → trust no proxy (request.ip is the socket peer); a number → that
 * many proxy hops in front of us; otherwise a comma list of addresses/CIDRs (or loopback, linklocal, uniquelocal)
 * whose X-Forwarded-For is believed.
 */
const trustProxySchema = z
  .string()
  .default('')
  .transform((value, ctx): false | number | string[] => {
    const trimmed = value.trim();
    if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
    if (/^\d+$/.test(trimmed)) return Number(trimmed);
    const entries = commaList(trimmed);
    const bad = entries.filter((entry) => !isAddressOrCidr(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count or a comma list of IP addresses/CIDRs; not understood: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** An origin (scheme://host[:port]) from a URL, without path. */
const originList = z
  .string()
  .default('')
  .transform(commaList)
  .pipe(z.array(z.url({ protocol: /^https?$/ })))
  .transform((urls) => [...new Set(urls.map((url) => new URL(url).origin))]);
const perIpCeiling = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(fallback));

/**
 * Every setting of the server, read from the environment through this one schema.
 * README.md lists each variable with its default.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Loopback by default: listening on every interface is a choice (README, decision 017). */
  HOST: z.string().min(1).default('127.0.0.1'),
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
  /** The business documents' paper when a request does not ask for one (decisions 258, 293): Letter, or A4. */
  DOCUMENT_PAPER: z.enum(['letter', 'a4']).default('letter'),
  SEED: z.enum(['auto', 'never']).default('auto'),
  /** How many demo products `SEED=auto` makes (20,000 by default); a test server asks for a few (decision 120). */
  SEED_PRODUCTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).optional()),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('MapleSource <no-reply@maplesource.ca>'),
  TWILIO_ACCOUNT_SID: z.preprocess(emptyToUndefined, z.string().optional()),
  TWILIO_AUTH_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
  TWILIO_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Stripe's webhook signing secret (`whsec_…`); required with STRIPE_SECRET_KEY (decision 073). */
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  // The signing secret of the Stripe endpoint that listens to connected accounts' events (decision 312).
  STRIPE_CONNECT_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  /**
   * Stripe's publishable key (`pk_test_…` / `pk_live_…`), given to the web checkout for Stripe.js; required with
   * STRIPE_SECRET_KEY, in the same mode (decision 165).
   */
  STRIPE_PUBLISHABLE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
      .optional(),
  ),
  /**
   * Which payment provider takes cards (decision 238): `stripe` (needs STRIPE_SECRET_KEY) or `sandbox` (Stripe's test
   * mode played locally; no money moves). Unset: Stripe when STRIPE_SECRET_KEY is set, else the sandbox — except
   * under NODE_ENV=production, which refuses to start without Stripe unless this names the sandbox (a staging site),
   * and then every page says "test payments".
   */
  PAYMENT_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['stripe', 'sandbox']).optional()),
  /** Adds `preload` to Strict-Transport-Security (decision 239): only for a domain meant for the browsers' preload list. */
  HSTS_PRELOAD: booleanFlag,
  COOKIE_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  PAYMENT_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  /** Which proxies' X-Forwarded-For decides request.ip (decision 050). Default: none. */
  TRUST_PROXY: trustProxySchema,
  /**
   * Seed the demo accounts (published password) although HOST is not a loopback address. The demo admin is never
   * seeded on a non-loopback HOST (decision 017).
   */
  DEMO_ACCOUNTS: booleanFlag,
  /** Serve /api/docs and /api/docs/json in production too (always served in development and tests). */
  API_DOCS: booleanFlag,
  /**
   * The test clock (decision 306): admin routes that run the held-funds release and the payout run for one storefront
   * as of a later day. Sandbox payments only: refused with Stripe, where money really moves.
   */
  TEST_CLOCK: booleanFlag,
  /**
   * Third-party script origins the page CSP allows (decision 012): a subset of the allow-list of decision 011.
   * Off by default; e.g. `https://www.googletagmanager.com,https://www.google-analytics.com`.
   */
  ANALYTICS_SCRIPT_ORIGINS: originList.refine(
    (origins) => origins.every((origin) => (allowedScriptOrigins as readonly string[]).includes(origin)),
    { message: `each origin must be one of ${allowedScriptOrigins.join(', ')}` },
  ),
  /**
   * Origins of the buyer, chat and payment backends when the web app talks to them on another origin
   * (the server-side counterpart of VITE_*_API_URL): the page CSP lets the app connect to them (https and wss).
   */
  API_ORIGINS: originList,
  /** Product listing result cache lifetime (decision 041); 0 turns the listing caches off. Default 5000, tests 0. */
  CATALOG_LISTING_CACHE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
  /**
   * Global search answer cache lifetime (decision 180): answers are dropped when the catalogue version changes, so
   * the lifetime only bounds how old their popularity order may be. Default 300000 (0 when the listing cache is off).
   */
  SEARCH_CACHE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
  /** Typo vocabulary lookups are kept this long per process (decision 040); 0 keeps none. Default 60000. */
  SEARCH_WORDS_CACHE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
  /**
   * What answers the grouped search (decisions 329, 334): `memory`, the in-process index of products, services, the
   * typo vocabulary, storefronts, categories and blog posts (SQL until it is built; the default, decision 339), or
   * `sql`, every search in SQL statements.
   */
  SEARCH_ENGINE: z.preprocess(emptyToUndefined, z.enum(['memory', 'sql']).optional()),
  /** S3-compatible file storage (decision 071): set S3_BUCKET to use it instead of DATA_DIR on local disk. */
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().min(3).max(63).optional()),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().min(1).default('ca-central-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z
    .preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false'))
    .transform((v) => v === 'true'),
  /**
   * On SIGTERM, how long a node keeps serving with readiness off before it closes (decision 295): long enough for
   * the proxy or orchestrator to stop sending it new work. Default 0 (the single embedded process has no one to hand
   * over to); the cluster script sets 5000.
   */
  SHUTDOWN_DRAIN_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(120_000).default(0)),
  /**
   * After the drain, how long requests still in flight may run before their connections are cut and the node exits
   * anyway (decision 295): a stuck request must not keep a stopping node alive. Default 10 s.
   */
  SHUTDOWN_REQUEST_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(120_000).default(10_000),
  ),
  /**
   * Prometheus metrics at `GET /metrics` (decision 303), for a scraper that sends `Authorization: Bearer <token>`.
   * Unset (the default): `/metrics` answers 404. At least 32 characters.
   */
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  /**
   * OpenTelemetry traces (decision 319), off unless set: the OTLP/HTTP collector's base URL (the standard variable;
   * spans go to `<endpoint>/v1/traces`), e.g. `http://otel-collector:4318`. The exporter's other standard variables
   * (OTEL_EXPORTER_OTLP_HEADERS, …) and the sampler's (OTEL_TRACES_SAMPLER) are read by the SDK itself.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  /** The `service.name` of every span (decision 319). Default `maplesource`. */
  OTEL_SERVICE_NAME: z.preprocess(emptyToUndefined, z.string().min(1).max(200).default('maplesource')),
  /** How often an idle job worker looks for due jobs, in seconds (decision 070). Default 2; pg-boss's minimum 0.5. */
  JOBS_POLLING_INTERVAL_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(0.5).max(60).default(2),
  ),
  /** How long a page waits for its API answers (decision 044). Default 250, tests 10000 (a busy CI machine). */
  PAGE_DATA_WAIT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
  /** How often the event dispatcher looks for due deliveries besides the in-process nudge (decision 065). Default 1000. */
  EVENTS_POLL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).max(60_000).optional()),
  /** First retry delay of a failed event delivery, doubled per attempt up to one hour (decision 065). Default 1000. */
  EVENTS_RETRY_BASE_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(3_600_000).optional(),
  ),
  /**
   * Per-IP ceilings of the atomic rate limits (decision 055). Production defaults are strict; the e2e suite, which
   * creates many users from 127.0.0.1, raises them in its webServer env. Per-phone, per-e-mail, per-account and
   * per-term limits are not configurable.
   */
  RATE_LIMIT_OTP_PER_IP_PER_HOUR: perIpCeiling(20),
  RATE_LIMIT_SIGNUP_PER_IP_PER_HOUR: perIpCeiling(10),
  RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: perIpCeiling(100),
  RATE_LIMIT_TRACK_SEARCH_PER_IP_PER_HOUR: perIpCeiling(300),
  /**
   * Socket event limits per user, over all their sockets and every process (decision 242): chat messages
   * (`sendMessage`, `service:sendMessage`) and every other client event (read and delivery receipts, openChat,
   * switchChat, typing, ping) each have a rate per second, a burst (the most in one second, at least the rate)
   * and a ceiling per minute. Socket handshakes per client IP per minute too; the e2e suite and the benchmark
   * open every socket from 127.0.0.1 and raise it.
   */
  RATE_LIMIT_SOCKET_MESSAGES_PER_SECOND: perIpCeiling(10),
  RATE_LIMIT_SOCKET_MESSAGES_BURST: perIpCeiling(20),
  RATE_LIMIT_SOCKET_MESSAGES_PER_MINUTE: perIpCeiling(120),
  RATE_LIMIT_SOCKET_EVENTS_PER_SECOND: perIpCeiling(20),
  RATE_LIMIT_SOCKET_EVENTS_BURST: perIpCeiling(40),
  RATE_LIMIT_SOCKET_EVENTS_PER_MINUTE: perIpCeiling(600),
  RATE_LIMIT_SOCKET_CONNECTIONS_PER_IP_PER_MINUTE: perIpCeiling(120),
  /** How long a chat message stays unseen before its offline recipient is e-mailed, in seconds (decision 106). */
  CHAT_OFFLINE_MAIL_DELAY_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(86_400).default(120),
  ),
  /** At most one offline e-mail per conversation and recipient within this many seconds (decision 106). */
  CHAT_OFFLINE_MAIL_THROTTLE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(604_800).default(1_800),
  ),
});

type RawConfig = z.infer<typeof configSchema>;

export type AppConfig = Omit<RawConfig, 'PUBLIC_URL' | 'COOKIE_SECRET' | 'PAYMENT_WEBHOOK_SECRET'> & {
  PUBLIC_URL: string;
  COOKIE_SECRET: string;
  PAYMENT_WEBHOOK_SECRET: string;
  isProduction: boolean;
  /** The provider that takes cards, resolved from PAYMENT_PROVIDER and STRIPE_SECRET_KEY (decision 238). */
  paymentProvider: 'stripe' | 'sandbox';
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

/** `sk_test_…` / `rk_live_…` → test / live; null when the key does not say. */
const stripeKeyMode = (key: string) => /^(?:sk|rk|pk)_(test|live)_/.exec(key)?.[1] ?? null;

/**
 * The web checkout confirms with Stripe.js under the publishable key while the server creates intents with the
 * secret key: both must be given together and be of the same mode, or every payment would fail in the browser.
 */
function stripeKeysProblem(secretKey: string | undefined, publishableKey: string | undefined): string | null {
  if (!secretKey && publishableKey)
    return 'STRIPE_PUBLISHABLE_KEY: is set but STRIPE_SECRET_KEY is not (the sandbox provider needs no key)';
  if (!secretKey) return null;
  if (!publishableKey) return 'STRIPE_PUBLISHABLE_KEY: is required when STRIPE_SECRET_KEY is set';
  const secretMode = stripeKeyMode(secretKey);
  if (secretMode && secretMode !== stripeKeyMode(publishableKey))
    return `STRIPE_PUBLISHABLE_KEY: must be a ${secretMode} key like STRIPE_SECRET_KEY (pk_${secretMode}_…)`;
  return null;
}

/**
 * Decision 238: the sandbox marks orders paid for Stripe's test card numbers, so a production server without Stripe
 * would hand out goods for free. Production takes the sandbox only when PAYMENT_PROVIDER names it.
 */
function resolvePaymentProvider(
  raw: Pick<RawConfig, 'NODE_ENV' | 'PAYMENT_PROVIDER' | 'STRIPE_SECRET_KEY'>,
): { provider: 'stripe' | 'sandbox' } | { problem: string } {
  if (raw.PAYMENT_PROVIDER === 'stripe' && !raw.STRIPE_SECRET_KEY)
    return { problem: 'STRIPE_SECRET_KEY: is required when PAYMENT_PROVIDER=stripe' };
  if (raw.PAYMENT_PROVIDER === 'sandbox' && raw.STRIPE_SECRET_KEY)
    return {
      problem:
        'PAYMENT_PROVIDER: is sandbox but STRIPE_SECRET_KEY is set; unset one of them so it is clear which provider takes cards',
    };
  if (raw.STRIPE_SECRET_KEY) return { provider: 'stripe' };
  if (raw.PAYMENT_PROVIDER === 'sandbox' || raw.NODE_ENV !== 'production') return { provider: 'sandbox' };
  return {
    problem:
      'PAYMENT_PROVIDER: NODE_ENV=production needs a real payment provider: set STRIPE_SECRET_KEY (with ' +
      'STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY), or PAYMENT_PROVIDER=sandbox for a staging site where ' +
      'no money moves (every page then says "test payments")',
  };
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
  if (raw.STRIPE_SECRET_KEY && !raw.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError(['STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set']);
  const stripeProblem = stripeKeysProblem(raw.STRIPE_SECRET_KEY, raw.STRIPE_PUBLISHABLE_KEY);
  if (stripeProblem) throw new ConfigError([stripeProblem]);
  const payment = resolvePaymentProvider(raw);
  if ('problem' in payment) throw new ConfigError([payment.problem]);
  if (raw.TEST_CLOCK && payment.provider === 'stripe')
    throw new ConfigError([
      'TEST_CLOCK: runs payouts as of a later day, for the sandbox payment provider only; unset it with Stripe',
    ]);
  const burstProblems = (['MESSAGES', 'EVENTS'] as const)
    .filter((group) => raw[`RATE_LIMIT_SOCKET_${group}_BURST`] < raw[`RATE_LIMIT_SOCKET_${group}_PER_SECOND`])
    .map(
      (group) =>
        `RATE_LIMIT_SOCKET_${group}_BURST: must be at least RATE_LIMIT_SOCKET_${group}_PER_SECOND (the most in one second)`,
    );
  if (burstProblems.length > 0) throw new ConfigError(burstProblems);
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
    paymentProvider: payment.provider,
  };
}
