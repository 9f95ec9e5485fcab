import { describe, expect, it, vi } from 'vitest';
import { newClientMessageId } from './use-chat-thread';

describe('client message ids (decision 244)', () => {
  it('are 128 random bits, also where crypto.randomUUID does not exist (plain http on another name)', () => {
    vi.spyOn(crypto, 'randomUUID').mockImplementation(() => {
      throw new TypeError('crypto.randomUUID is not a function');
    });
    const ids = new Set(Array.from({ length: 1_000 }, () => newClientMessageId()));
    expect(ids.size).toBe(1_000);
    for (const id of ids) expect(id).toMatch(/^web-[0-9a-f]{32}$/);
  });
});
