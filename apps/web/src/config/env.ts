// Checked by hand, not with zod: this module is on every page's first load and zod (even zod/mini) would be the
// only reason its runtime is there (initial JavaScript budget, decision 041).
const envKeys = ['VITE_BUYER_API_URL', 'VITE_CHAT_API_URL', 'VITE_PAYMENT_API_URL'] as const;

export type Env = Record<(typeof envKeys)[number], string>;

/** Base URL of a backend: '' means same origin; otherwise an absolute http(s) URL without trailing slash. */
export function parseEnv(source: Record<string, unknown>): Env {
  const problems: string[] = [];
  const env = {} as Env;
  for (const key of envKeys) {
    const raw = source[key] ?? '';
    const value = typeof raw === 'string' ? raw.trim() : null;
    if (value === null || (value !== '' && !/^https?:\/\/[^\s]+$/.test(value))) {
      problems.push(
        `✖ ${value === null ? 'expected a string' : 'must be empty or an http(s) URL'}\n  → at ${key}`,
      );
      continue;
    }
    env[key] = value.replace(/\/+$/, '');
  }
  if (problems.length > 0) throw new Error(`Invalid web environment: ${problems.join('\n')}`);
  return env;
}

export const env: Env = parseEnv(import.meta.env);

export type Backend = 'buyer' | 'chat' | 'payment';

export const backendBaseUrls: Record<Backend, string> = {
  buyer: env.VITE_BUYER_API_URL,
  chat: env.VITE_CHAT_API_URL,
  payment: env.VITE_PAYMENT_API_URL,
};
