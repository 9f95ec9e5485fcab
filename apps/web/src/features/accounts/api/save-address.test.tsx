import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AddressInput } from '@maplesource/contracts/accounts';
import { useSaveAddress } from './save-address';

afterEach(() => vi.restoreAllMocks());

describe('adding an address sends an Idempotency-Key per action', () => {
  const input: AddressInput = {
    street: '200 Bay St',
    country: 'Canada',
    province: 'ON',
    city: 'Toronto',
    postalCode: 'M5J 2J2',
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      {children}
    </QueryClientProvider>
  );

  it('reuses the key when the same address is retried after a failure, and not after a success', async () => {
    let fail = true;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      fail
        ? new Response(JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'busy' } }), {
            status: 503,
          })
        : new Response(JSON.stringify({ address: { id: 'a1', ...input } }), { status: 201 }),
    );
    const { result } = renderHook(() => useSaveAddress(), { wrapper });
    const keyOf = (call: number) =>
      new Headers((fetchMock.mock.calls[call]![1] as RequestInit).headers).get('idempotency-key');

    await act(() => result.current.mutateAsync(input).catch(() => undefined));
    fail = false;
    await act(() => result.current.mutateAsync(input));
    await act(() => result.current.mutateAsync(input));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(keyOf(0)).toBeTruthy();
    expect(keyOf(1)).toBe(keyOf(0)); // the retry of the failed submit
    expect(keyOf(2)).not.toBe(keyOf(1)); // a new submit after the success
    // Updating an existing address (PUT) is not a creating POST: no key.
    await act(() => result.current.mutateAsync({ ...input, id: 'a1' }));
    expect(keyOf(3)).toBeNull();
  });
});
