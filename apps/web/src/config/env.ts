// zod/mini: the same validation with a fraction of the bundle cost (env is checked on every page load).
import { z } from 'zod/mini';

/** Base URL of a backend: '' means same origin; otherwise an absolute http(s) URL without trailing slash. */
const baseUrl = z.pipe(
  z._default(
    z.string().check(
      z.trim(),
      z.refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), {
        message: 'must be empty or an http(s) URL',
      }),
    ),
    '',
  ),
  z.transform((v: string) => v.replace(/\/+$/, '')),
);

export const envSchema = z.object({
  VITE_BUYER_API_URL: baseUrl,
  VITE_CHAT_API_URL: baseUrl,
  VITE_PAYMENT_API_URL: baseUrl,
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new Error(`Invalid web environment: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}

export const env: Env = parseEnv(import.meta.env);

export type Backend = 'buyer' | 'chat' | 'payment';

export const backendBaseUrls: Record<Backend, string> = {
  buyer: env.VITE_BUYER_API_URL,
  chat: env.VITE_CHAT_API_URL,
  payment: env.VITE_PAYMENT_API_URL,
};
