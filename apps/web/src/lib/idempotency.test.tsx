import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useActionKeys } from './idempotency';

describe('useActionKeys (decision 247)', () => {
  it('keeps one key per submit intent: same input again reuses it, new input or success starts a new one', () => {
    const { result } = renderHook(() => useActionKeys());
    const first = result.current.keyFor({ street: '1 A St' });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.current.keyFor({ street: '1 A St' })).toBe(first);
    const changed = result.current.keyFor({ street: '2 B St' });
    expect(changed).not.toBe(first);
    result.current.done();
    expect(result.current.keyFor({ street: '2 B St' })).not.toBe(changed);
  });
});
