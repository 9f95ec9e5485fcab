import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from './i18n';
import { api, ApiError, buildUrl, errorMessage } from './http';

function mockFetch(response: Response | Error) {
  const fn = vi.fn<typeof fetch>(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('http client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends role: buyer and credentials: include to /api/v1/<path>', async () => {
    const fetchMock = mockFetch(json({ ok: true }));
    await expect(api.get('product', { query: { page: 2, q: 'steel', none: undefined } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/product?page=2&q=steel');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('role')).toBe('buyer');
    expect(init?.method).toBe('GET');
  });

  it("keeps a refusal's Retry-After seconds on the ApiError (decision 245), and ignores a date or garbage", async () => {
    const refusal = (retryAfter: string) =>
      new Response(JSON.stringify({ error: { code: 'LOGIN_DELAYED', message: 'x' } }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
      });
    mockFetch(refusal('16'));
    await expect(api.post('auth/login')).rejects.toMatchObject({
      status: 429,
      code: 'LOGIN_DELAYED',
      retryAfterSeconds: 16,
    });
    mockFetch(refusal('Wed, 21 Oct 2026 07:28:00 GMT'));
    await expect(api.post('auth/login')).rejects.toMatchObject({ retryAfterSeconds: undefined });
    mockFetch(json({ error: { code: 'INVALID_CREDENTIALS', message: 'x' } }, 401));
    await expect(api.post('auth/login')).rejects.toMatchObject({ retryAfterSeconds: undefined });
  });

  it('sends JSON bodies with a content type, FormData / URLSearchParams as they are', async () => {
    const fetchMock = mockFetch(json({}));
    await api.post('/auth/send-otp', { body: { phoneNumber: '+14165550100' } });
    let init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe('{"phoneNumber":"+14165550100"}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');

    fetchMock.mockResolvedValueOnce(json({}));
    const form = new URLSearchParams({ email: 'a@b.ca' });
    await api.post('auth/login', { body: form });
    init = fetchMock.mock.calls[1]![1]!;
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).get('content-type')).toBeNull();
    expect(new Headers(init.headers).get('role')).toBe('buyer');
  });

  it('turns an error body into ApiError (status, code, message, fields)', async () => {
    mockFetch(
      json({ error: { code: 'VALIDATION_FAILED', message: 'Bad input', fields: { email: 'invalid' } } }, 422),
    );
    const error = await api.put('profile', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'Bad input',
      fields: { email: 'invalid' },
    });
  });

  it('maps a non-JSON error answer and a network failure', async () => {
    mockFetch(new Response('oops', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.delete('auth/logout')).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
    mockFetch(new TypeError('Failed to fetch'));
    await expect(api.get('product')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('builds URLs for a backend', () => {
    expect(buildUrl('/payment/create-order-intent', undefined, 'payment')).toBe(
      '/api/v1/payment/create-order-intent',
    );
    expect(buildUrl('x', { tags: ['a', 'b'] })).toBe('/api/v1/x?tags=a&tags=b');
  });

  it('errorMessage: translated code, else server message, else generic', () => {
    const i18n = createI18n('fr');
    const t = i18n.t.bind(i18n);
    expect(errorMessage(t, new ApiError({ status: 429, code: 'RATE_LIMITED', message: 'x' }))).toMatch(
      /Trop de tentatives/,
    );
    expect(
      errorMessage(t, new ApiError({ status: 409, code: 'SOME_FUTURE_CODE', message: 'Invoice expired' })),
    ).toBe('Invoice expired');
    expect(errorMessage(t, new Error('boom'))).toBe(i18n.t('errors:GENERIC'));
    expect(errorMessage(t, new ApiError({ status: 502, code: 'HTTP_502', message: 'Bad Gateway' }))).toBe(
      i18n.t('errors:GENERIC'),
    );
  });
});
