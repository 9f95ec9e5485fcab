import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * Decision 002 in a real browser: a page on another origin auto-submits HTML forms (which cannot carry the
 * `role` header) to our API through encoded spellings of its paths. None of them may log the browser in or
 * change the logged-in victim's data.
 */
const DEMO_BUYER = { email: 'buyer@demo.maplesource.ca', password: 'MapleDemo#1' };

/** Spellings of one API path that the router maps to the same route. */
function spellings(path: string): string[] {
  const rest = path.slice('/api/v1'.length);
  const last = path.at(-1)!;
  return [
    path,
    `/api/v%31${rest}`,
    `/%61pi/v1${rest}`,
    `/api/%76%31${rest}`,
    `${path.slice(0, -1)}%${last.charCodeAt(0).toString(16)}`,
    `${path}/`,
  ];
}

let foreign: http.Server;
let foreignPort = 0;

test.beforeAll(async () => {
  // The attacker's site: /attack?action=<url>&<field>=<value>… answers a form that submits itself.
  foreign = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://attacker.invalid');
    const action = url.searchParams.get('action') ?? '';
    const fields = [...url.searchParams.entries()].filter(([name]) => name !== 'action');
    const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>attacker</title><form method="POST" action="${escape(action)}">` +
        fields
          .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
          .join('') +
        `</form><script>document.forms[0].submit()</script>`,
    );
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  foreignPort = (foreign.address() as AddressInfo).port;
});
test.afterAll(async () => {
  await new Promise((resolve) => foreign.close(resolve));
});

/** Opens the attacker's page on `attackerHost` and waits for the form's answer from our server. */
async function submitForeignForm(
  page: Page,
  appOrigin: string,
  attackerHost: string,
  path: string,
  fields: Record<string, string>,
) {
  const query = new URLSearchParams({ action: `${appOrigin}${path}`, ...fields });
  const answer = page.waitForResponse((response) => response.url().startsWith(appOrigin));
  await page.goto(`http://${attackerHost}:${foreignPort}/attack?${query.toString()}`);
  return answer;
}

test('a foreign form cannot log the browser in through any spelling of the login path', async ({
  page,
  baseURL,
}) => {
  const appOrigin = new URL(baseURL!).origin;
  for (const path of spellings('/api/v1/auth/login')) {
    const answer = await submitForeignForm(page, appOrigin, '127.0.0.1', path, DEMO_BUYER);
    expect(answer.status(), path).toBe(403);
    expect(await answer.text(), path).toContain('ROLE_HEADER_REQUIRED');
  }
  const cookies = await page.context().cookies(appOrigin);
  expect(cookies.filter((cookie) => cookie.name.includes('ms_session'))).toEqual([]);
  const me = await page.request.get(`${appOrigin}/api/v1/auth/verify-tokens`);
  expect(me.status()).toBe(401);
});

test("a same-site page on another port cannot change a logged-in victim's data", async ({
  page,
  baseURL,
}) => {
  const appOrigin = new URL(baseURL!).origin;
  // The victim: a fresh account (signed up with the sandbox code), logged in in this browser.
  const phoneNumber = `+1613555${String(Date.now() % 10_000).padStart(4, '0')}`;
  const sent = await page.request.post(`${appOrigin}/api/v1/auth/send-otp`, {
    headers: { role: 'buyer' },
    data: { phoneNumber },
  });
  expect(sent.status()).toBe(200);
  const outbox = (await (
    await page.request.get(`${appOrigin}/api/v1/dev/outbox?to=${encodeURIComponent(phoneNumber)}`)
  ).json()) as { messages: Array<{ code?: string }> };
  const signup = await page.request.post(`${appOrigin}/api/v1/auth/signup`, {
    headers: { role: 'buyer' },
    data: {
      fullName: 'Csrf Victim',
      email: `csrf-victim-${Date.now()}@example.ca`,
      phoneNumber,
      otp: outbox.messages[0]!.code,
      password: 'Str0ng#Pass',
      province: 'ON',
    },
  });
  expect(signup.status()).toBe(201);
  const liked = async () =>
    (
      (await (
        await page.request.get(`${appOrigin}/api/v1/like?page=1&pageSize=100`, { headers: { role: 'buyer' } })
      ).json()) as { items: Array<{ id: string }> }
    ).items.map((item) => item.id);
  const products = (await (
    await page.request.get(`${appOrigin}/api/v1/product?page=1&pageSize=1`, { headers: { role: 'buyer' } })
  ).json()) as { items: Array<{ id: string }> };
  const productId = products.items[0]!.id;
  expect(await liked()).toEqual([]);

  // localhost:<other port> is the same site as localhost:<app port>, so the browser sends the Lax cookie.
  for (const path of spellings('/api/v1/like/toggle')) {
    const answer = await submitForeignForm(page, appOrigin, 'localhost', path, { productId });
    expect(answer.status(), path).toBe(403);
  }
  expect(await liked()).toEqual([]);
  const me = await page.request.get(`${appOrigin}/api/v1/auth/verify-tokens`);
  expect(me.status()).toBe(200);
});
