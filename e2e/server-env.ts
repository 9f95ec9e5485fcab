/**
 * The environment of every server an e2e run starts: Playwright's `webServer` and the servers a spec starts
 * itself (e2e/server-process.ts). One list, so a spec's own server behaves like the shared one.
 */
export function e2eServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    // The e2e suite runs on the embedded default, whatever the CI shell exports.
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    // Every e2e user signs up and logs in from 127.0.0.1: generous per-IP ceilings here, strict defaults in
    // production (decision 055). Per-phone, per-e-mail and per-account limits still apply.
    RATE_LIMIT_OTP_PER_IP_PER_HOUR: '100000',
    RATE_LIMIT_SIGNUP_PER_IP_PER_HOUR: '100000',
    RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: '100000',
    RATE_LIMIT_TRACK_SEARCH_PER_IP_PER_HOUR: '100000',
    // Every page's socket comes from 127.0.0.1 too (decision 242); per-user event limits keep their defaults.
    RATE_LIMIT_SOCKET_CONNECTIONS_PER_IP_PER_MINUTE: '100000',
    // An unseen chat message is e-mailed to an offline recipient after 3 s instead of 2 minutes, so the offline
    // e-mail spec waits seconds (decision 120). The 30-minute window per conversation stays the production one.
    CHAT_OFFLINE_MAIL_DELAY_SECONDS: '3',
    // The buyer-protection spec releases held funds and runs payouts as of a later day (decision 306).
    TEST_CLOCK: 'true',
  };
}
