import { useCallback, useRef } from 'react';
import { randomUuid } from './random-uuid';

/** The header every creating POST carries (decision 247). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** `{ 'Idempotency-Key': key }` for `api.post(…, { headers })`. */
export const idempotencyHeaders = (key: string): Record<string, string> => ({
  [IDEMPOTENCY_KEY_HEADER]: key,
});

export interface ActionKeys {
  /** The key for submitting `input`: the same while the same input is sent again (a retry), else a fresh one. */
  keyFor(input: unknown): string;
  /** The action succeeded: the next submit, even of the same input, is a new action with a new key. */
  done(): void;
}

/**
 * One Idempotency-Key per submit intent (decision 247): a failed or timed-out submit retried with the same values
 * reuses its key, so the server answers it once; a change of the values, or a success, starts a new action.
 */
export function useActionKeys(): ActionKeys {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  const keyFor = useCallback((input: unknown) => {
    const fingerprint = JSON.stringify(input) ?? '';
    if (!current.current || current.current.fingerprint !== fingerprint) {
      current.current = { fingerprint, key: randomUuid() };
    }
    return current.current.key;
  }, []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return useRef({ keyFor, done }).current;
}
