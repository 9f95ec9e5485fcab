import { randomInt } from 'node:crypto';
import { test as base, expect, request, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type { DevStorefrontResponse } from '@maplesource/contracts';

/** An account a test made for itself through the API (send-otp → code from the sandbox outbox → signup). */
export type TestAccount = {
  id: string;
  fullName: string;
  email: string;
  phoneNumber: string;
  password: string;
};
export type TestSeller = TestAccount & { storefront: DevStorefrontResponse };
export type TestEmployer = TestAccount & { page: Page };

type Fixtures = {
  consoleErrors: string[];
  /**
   * Console errors a spec provokes on purpose and tolerates (`test.use({ toleratedConsoleErrors: /…/ })`), e.g.
   * the refused connections while the server a spec killed is down. None by default.
   */
  toleratedConsoleErrors: RegExp | null;
  /** A fresh buyer account, not logged in (the test logs in through the UI). Deleted after the test. */
  buyerAccount: TestAccount;
  /** A fresh buyer account whose session the page's browser context already holds. Deleted after the test. */
  buyer: TestAccount;
  /** A fresh account with a storefront and one product of its own, logged in. All deleted after the test. */
  seller: TestSeller;
  /**
   * Registers an account the test created itself (through the UI) for deletion after the test. Returns a function
   * to call once the test has deleted the account itself (through the profile screen).
   */
  deleteAccountAfterTest: (account: Pick<TestAccount, 'email' | 'password'>) => () => void;
  /**
   * A fresh account made a verified business on the premium employer plan (through the loopback-only
   * `POST /api/v1/dev/premium-employer`), logged in on a page of its own browser context. Deleted after the test.
   */
  premiumEmployer: TestEmployer;
};

const apiHeaders = { role: 'buyer' };
const areaCodes = ['416', '613', '514', '604', '403', '902', '306', '204'];

/** A Canadian number unlikely to collide with another test's (they run in parallel on one server). */
function uniquePhoneNumber(): string {
  return `+1${areaCodes[randomInt(areaCodes.length)]}555${String(randomInt(10_000)).padStart(4, '0')}`;
}

/** The JSON body of a successful API answer; otherwise an error naming `what` failed, with status and body. */
export async function ok<T>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  what: string,
): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs up through the API on `api`, which then holds the new session (cookie). */
export async function signUpThroughApi(api: APIRequestContext, label: string): Promise<TestAccount> {
  const suffix = `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;
  const account = {
    fullName: `E2E ${label} ${suffix}`,
    email: `e2e-${label}-${suffix}@example.ca`,
    phoneNumber: uniquePhoneNumber(),
    password: 'E2e#Password1',
  };
  await ok(
    await api.post('/api/v1/auth/send-otp', {
      headers: apiHeaders,
      data: { phoneNumber: account.phoneNumber },
    }),
    'send-otp',
  );
  const outbox = await ok<{ messages: { code?: string }[] }>(
    await api.get(`/api/v1/dev/outbox?to=${encodeURIComponent(account.phoneNumber)}`),
    'outbox',
  );
  const otp = outbox.messages[0]?.code;
  if (!otp) throw new Error(`no code in the outbox for ${account.phoneNumber}`);
  const { user } = await ok<{ user: { id: string } }>(
    await api.post('/api/v1/auth/signup', {
      headers: apiHeaders,
      data: { ...account, otp, province: 'ON' },
    }),
    'signup',
  );
  return { id: user.id, ...account };
}

/**
 * Deletes an account the way its owner would (DELETE /api/v1/profile with the password), from a session of its
 * own so it works whatever the test did with the page's; a dev storefront is removed first.
 */
export async function deleteAccount(
  baseURL: string,
  account: Pick<TestAccount, 'email' | 'password'>,
  storefrontSlug?: string,
) {
  const api = await request.newContext({ baseURL });
  try {
    await ok(
      await api.post('/api/v1/auth/login', {
        headers: apiHeaders,
        data: { email: account.email, password: account.password },
      }),
      `log in as ${account.email} to delete it`,
    );
    if (storefrontSlug) {
      await ok(
        await api.delete(`/api/v1/dev/storefront/${storefrontSlug}`, { headers: apiHeaders }),
        'delete the storefront',
      );
    }
    await ok(
      await api.delete('/api/v1/profile', {
        headers: apiHeaders,
        data: { currentPassword: account.password },
      }),
      `delete ${account.email}`,
    );
  } finally {
    await api.dispose();
  }
}

/**
 * The base fixture for every spec: a page whose console errors and uncaught exceptions fail
 * the test (ARCHITECTURE rule 9), accounts made for the test and deleted after it, and helpers
 * shared by the specs.
 */
export const test = base.extend<Fixtures>({
  buyerAccount: async ({ baseURL }, use) => {
    const api = await request.newContext({ baseURL });
    const account = await signUpThroughApi(api, 'buyer').finally(() => api.dispose());
    await use(account);
    await deleteAccount(baseURL!, account);
  },
  buyer: async ({ baseURL, page }, use) => {
    // page.request shares the browser context's cookies: the signup's session cookie logs the page in.
    const account = await signUpThroughApi(page.request, 'buyer');
    await use(account);
    await deleteAccount(baseURL!, account);
  },
  seller: async ({ baseURL, page }, use) => {
    const account = await signUpThroughApi(page.request, 'seller');
    let storefront: DevStorefrontResponse;
    try {
      storefront = await ok<DevStorefrontResponse>(
        await page.request.post('/api/v1/dev/storefront', { headers: apiHeaders }),
        'create a storefront',
      );
    } catch (error) {
      await deleteAccount(baseURL!, account);
      throw error;
    }
    await use({ ...account, storefront });
    await deleteAccount(baseURL!, account, storefront.seller.slug);
  },
  premiumEmployer: async ({ baseURL, browser }, use) => {
    const context = await browser.newContext({ baseURL: baseURL! });
    const account = await signUpThroughApi(context.request, 'employer');
    try {
      await ok(
        await context.request.post('/api/v1/dev/premium-employer', { headers: apiHeaders }),
        'make the account a premium employer',
      );
      await use({ ...account, page: await context.newPage() });
    } finally {
      await context.close();
      await deleteAccount(baseURL!, account);
    }
  },
  deleteAccountAfterTest: async ({ baseURL }, use) => {
    const accounts = new Set<Pick<TestAccount, 'email' | 'password'>>();
    await use((account) => {
      accounts.add(account);
      return () => accounts.delete(account);
    });
    for (const account of accounts) await deleteAccount(baseURL!, account);
  },
  toleratedConsoleErrors: [null, { option: true }],
  consoleErrors: [
    async ({ page, toleratedConsoleErrors }, use) => {
      const errors = collectConsoleErrors(page, toleratedConsoleErrors);
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Collects `page`'s console errors and uncaught exceptions (ARCHITECTURE rule 9) into the returned list, except a
 * 4xx the test provoked (Chromium logs it as a resource error) and those matching `tolerated`. The `consoleErrors`
 * fixture does this for the test's page; a spec calls it for the pages of the other contexts it opens.
 */
export function collectConsoleErrors(page: Page, tolerated: RegExp | null = null): string[] {
  const errors: string[] = [];
  const keep = (text: string) => {
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    if (tolerated?.test(text)) return;
    errors.push(text);
  };
  page.on('console', (message) => {
    if (message.type() === 'error') keep(message.text());
  });
  page.on('pageerror', (error) => keep(`uncaught: ${error.message}`));
  return errors;
}

/**
 * Runs axe-core and returns the serious and critical violations (empty is the goal). `labelInName` also runs
 * `label-content-name-mismatch` (WCAG 2.5.3, experimental in axe and so off by default; decision 266).
 */
export async function seriousAccessibilityViolations(page: Page, options: { labelInName?: boolean } = {}) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (options.labelInName)
    builder = builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  // A toast fading in or out is read mid-fade at a contrast it never has at rest: the page is analysed once the
  // finite animations have ended, and again if one started while axe was reading it.
  let results: Awaited<ReturnType<AxeBuilder['analyze']>>;
  for (let attempt = 1; ; attempt++) {
    await animationsEnded(page);
    const startedBefore = await animationsStarted(page);
    results = await builder.analyze();
    if (attempt === 3 || (await animationsStarted(page)) === startedBefore) break;
  }
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((n) => n.target.join(' ')),
    }));
}

/** How many CSS animations have started on the page since this was first asked (a counter it installs). */
const animationsStarted = (page: Page) =>
  page.evaluate(() => {
    const counted = window as unknown as { animationStarts?: { count: number } };
    if (!counted.animationStarts) {
      const starts = { count: 0 };
      counted.animationStarts = starts;
      document.addEventListener('animationstart', () => void (starts.count += 1), true);
    }
    return counted.animationStarts.count;
  });
/** Waits for the finite animations running now (a toast's fade, not a spinner) to end. */
const animationsEnded = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );

/** Waits until the full-screen logo loader has gone. */
export async function waitForApp(page: Page) {
  await expect(page.locator('main#main-content, main').first()).toBeVisible();
  await expect(page.getByRole('status', { name: /Loading MapleSource|Chargement/ })).toHaveCount(0);
}
