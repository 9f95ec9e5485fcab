import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { sessionStore } from '../../../lib/session-store';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stub(answer: Response | (() => Response)) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).includes('auth/verify-email')) {
        calls.push(String(url));
        return typeof answer === 'function' ? answer() : answer.clone();
      }
      return json(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => sessionStore.reset());
});

describe('/verify-email (docs/product.md §8 states)', () => {
  it('says no token was provided without calling the server', async () => {
    const calls = stub(json(200, {}));
    renderApp('/verify-email');
    expect(
      await screen.findByText('No token provided. Open the link from your email again.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('verifies once and shows success', async () => {
    const calls = stub(() => json(200, { status: 'verified', user: null }));
    renderApp('/verify-email?token=abc123abc123');
    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it.each([
    ['INVALID_OR_EXPIRED_TOKEN', 'This link is invalid or has expired. Ask for a new one from your profile.'],
    ['ALREADY_VERIFIED', 'This email address is already verified.'],
    ['VERIFICATION_FAILED', 'Verification failed. Please try again later.'],
  ])('shows %s', async (code, text) => {
    stub(
      json(code === 'ALREADY_VERIFIED' || code === 'VERIFICATION_FAILED' ? 409 : 400, {
        error: { code, message: 'server text' },
      }),
    );
    renderApp('/verify-email?token=abc123abc123');
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('falls back to the server message, then to "Invalid token"', async () => {
    stub(json(400, { error: { code: 'SOMETHING_ELSE', message: 'The server says no' } }));
    const first = renderApp('/verify-email?token=abc123abc123');
    expect(await screen.findByText('The server says no')).toBeInTheDocument();
    first.unmount();
    stub(new Response('oops', { status: 502 }));
    renderApp('/verify-email?token=abc123abc123');
    expect(await screen.findByText('Invalid token')).toBeInTheDocument();
  });
});
