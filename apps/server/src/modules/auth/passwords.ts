import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id (the library's `Algorithm.Argon2id`; a const enum, so spelled as its value). */
const ARGON2ID = 2 as Algorithm;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when no account matches, so a wrong e-mail costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword('not-a-real-password-1A!'));
