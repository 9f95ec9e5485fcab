import type { Page } from '@playwright/test';
import { test, expect, seriousAccessibilityViolations, waitForApp } from './fixtures';

/**
 * A seller connects a payout account through the sandbox provider's onboarding page, comes back to see it active
 * (set by the signed `account.updated` webhook), and chooses a weekly schedule — on a 320 px phone, in English and
 * French, with no serious or critical axe violation (decision 312).
 */
const languages = {
  en: {
    prefix: '',
    nav: 'Seller centre',
    payouts: 'Payouts',
    connect: 'Connect a payout account',
    returned: /Welcome back/,
    active: 'Active',
    weekly: 'Once a week',
    weekday: 'Day of the week',
    friday: 'Friday',
    minimum: /Minimum payout/,
    minimumError: 'Enter an amount between $1.00 and $1,000,000.00.',
    save: 'Save payout settings',
    saved: (name: string) => `Payout settings saved for ${name}.`,
  },
  fr: {
    prefix: '/fr',
    nav: 'Centre vendeur',
    payouts: 'Versements',
    connect: 'Relier un compte de versement',
    returned: /Bon retour/,
    active: 'Actif',
    weekly: 'Une fois par semaine',
    weekday: 'Jour de la semaine',
    friday: 'Vendredi',
    minimum: /Versement minimal/,
    minimumError: 'Entrez un montant entre 1,00 $ et 1 000 000,00 $.',
    save: 'Enregistrer les paramètres de versement',
    saved: (name: string) => `Paramètres de versement enregistrés pour ${name}.`,
  },
} as const;

test.use({ viewport: { width: 320, height: 800 } });

async function expectNothingWiderThanTheScreen(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'page width at 320 px').toBeLessThanOrEqual(320);
}

for (const [language, text] of Object.entries(languages)) {
  test(`a seller connects a payout account and sets a weekly schedule (${language})`, async ({
    page,
    seller,
  }) => {
    test.setTimeout(120_000);
    const name = seller.storefront.seller.name;
    await page.goto(`${text.prefix}/seller-centre`);
    await waitForApp(page);
    await page.getByRole('navigation', { name: text.nav }).getByRole('link', { name: text.payouts }).click();
    const panel = page.getByRole('region', { name });
    await expect(panel.getByRole('button', { name: text.connect })).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await expectNothingWiderThanTheScreen(page);

    // The sandbox's onboarding page stands for Stripe's hosted form.
    await panel.getByRole('button', { name: text.connect }).click();
    await expect(page).toHaveURL(/\/sandbox-connect\/onboard\/[a-f0-9]{48}$/);
    await expect(page.getByRole('heading', { name: 'Payout account onboarding (sandbox)' })).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /Complete onboarding/ }).click();

    await expect(page).toHaveURL(
      new RegExp(`${text.prefix}/seller-centre/payouts\\?storefront=\\d+&onboarding=return`),
    );
    await expect(page.getByRole('status').filter({ hasText: text.returned })).toBeVisible();
    const back = page.getByRole('region', { name });
    await expect(back.getByTestId('payout-status')).toHaveText(text.active, { timeout: 60_000 });

    // Weekly on Friday, with a minimum refused first, then accepted; keyboard only.
    await back.getByRole('radio', { name: text.weekly }).check();
    await back.getByLabel(text.weekday).selectOption({ label: text.friday });
    const minimum = back.getByLabel(text.minimum);
    await minimum.fill('0.50');
    await back.getByRole('button', { name: text.save }).click();
    await expect(back.getByText(text.minimumError)).toBeVisible();
    await minimum.fill('75');
    await minimum.press('Enter');
    await expect(page.getByText(text.saved(name))).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await expectNothingWiderThanTheScreen(page);

    const answer = await page.request.get(`/api/v1/seller/${seller.storefront.seller.id}/payout-account`, {
      headers: { role: 'seller' },
    });
    expect(answer.ok()).toBe(true);
    expect((await answer.json()).account).toMatchObject({
      status: 'active',
      schedule: { interval: 'weekly', weekday: 5 },
      minimumCents: 7_500,
    });
    // Saved: reloading shows the saved values, with no unsaved-changes question.
    await page.reload();
    await waitForApp(page);
    await expect(page.getByRole('region', { name }).getByLabel(text.weekday)).toHaveValue('5');
  });
}
