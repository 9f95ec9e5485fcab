import { describe, expect, it, vi } from 'vitest';
import { randomUuid } from './random-uuid';

describe('randomUuid', () => {
  it('gives distinct version 4 UUIDs where crypto.randomUUID does not exist (plain http on another name)', () => {
    vi.spyOn(crypto, 'randomUUID').mockImplementation(() => {
      throw new TypeError('crypto.randomUUID is not a function');
    });
    const ids = new Set(Array.from({ length: 1_000 }, () => randomUuid()));
    expect(ids.size).toBe(1_000);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
