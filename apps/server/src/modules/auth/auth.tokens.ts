import { createHash, randomBytes } from 'node:crypto';

/** The one-time link tokens (e-mail verification, password reset): stored as their hash, never as sent. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** A unique index refused the write (PostgreSQL 23505), as the driver or Drizzle's wrapper reports it. */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
