import { logIn } from './chat-helpers';
import { expect, ok, seriousAccessibilityViolations, test, waitForApp } from './fixtures';

/**
 * The CNC rates in the admin console (decision 322), in Chromium against the real server: the administrator opens
 * the tab, adds rates dated tomorrow (Toronto) and sees them listed as scheduled beside the row in effect; a row
 * dated yesterday is refused with its text (on the field, and by the server for a request that skips the form), and
 * a second row for tomorrow is refused by the server with its text. Rows are never deleted (the table keeps every
 * priced day), so the run's own server keeps the row; the spec leaves the rates in effect today unchanged.
 */

const admin = { email: 'admin@demo.maplesource.ca', password: 'MapleDemo#1' };

/** A field's label, with or without the required-field star. */
const L = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

/** Today + `days` as a date in Toronto (YYYY-MM-DD), by calendar fields. */
function torontoDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

test('an administrator schedules CNC rates for tomorrow; a day past and a date taken are refused', async ({
  page,
}) => {
  // Axe reads the whole form (about 40 fields) twice: minutes on a busy machine.
  test.setTimeout(240_000);
  await logIn(page.context(), admin);
  const tomorrow = torontoDate(1);
  const yesterday = torontoDate(-1);
  const before = await ok<{ items: { effectiveFrom: string }[]; currentEffectiveFrom: string | null }>(
    await page.request.get('/api/v1/admin/cnc-rates', { headers: { role: 'admin' } }),
    'the rates before',
  );
  expect(before.currentEffectiveFrom, 'the seeded rates are in effect').not.toBeNull();
  expect(
    before.items.map((row) => row.effectiveFrom),
    'no rates for tomorrow yet (the run’s own server)',
  ).not.toContain(tomorrow);

  await page.goto('/admin');
  await waitForApp(page);
  await page.getByRole('tab', { name: 'CNC rates' }).click();
  const list = page.getByRole('list', { name: 'Dated rates' });
  const current = list.getByRole('listitem', { name: new RegExp(before.currentEffectiveFrom!) });
  await expect(current.getByText('In effect', { exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add dated rates' });
  const date = form.getByLabel(L('Takes effect on'));

  await test.step('rates dated tomorrow are added and listed as scheduled', async () => {
    // Filled from the row in effect: only what changes is typed.
    await expect(form.getByLabel(L('Shop rate'))).toHaveValue(/^\d+\.\d\d$/);
    await date.fill(tomorrow);
    await form.getByLabel(L('Shop rate')).fill('95.50');
    await form.getByLabel(L('Bead blast ($ a part)')).fill('3,25');
    await form.getByRole('button', { name: 'Add these rates' }).click();
    await expect(page.getByText(`The rates from ${tomorrow} are added.`)).toBeVisible();
    const scheduled = list.getByRole('listitem', { name: new RegExp(tomorrow) });
    await expect(scheduled.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(scheduled).toContainText('$95.50');
    await scheduled.getByText('Materials and finishes').click();
    await expect(scheduled).toContainText('Bead blast:$3.25 a part');
    // The row in effect today is still the one it was.
    await expect(current.getByText('In effect', { exact: true })).toBeVisible();
    const after = await ok<{ items: { effectiveFrom: string; shopCentsPerHour: number }[] }>(
      await page.request.get('/api/v1/admin/cnc-rates', { headers: { role: 'admin' } }),
      'the rates after',
    );
    expect(after.items[0]).toMatchObject({ effectiveFrom: tomorrow, shopCentsPerHour: 9550 });
  });

  await test.step('a row dated yesterday is refused with its text', async () => {
    await date.fill(yesterday);
    await form.getByRole('button', { name: 'Add these rates' }).click();
    await expect(
      form.getByText(
        'New rates can only take effect today or later: quotes already made keep the rates of their day.',
      ),
    ).toBeVisible();
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect(date).toBeFocused();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // The server refuses it too, for a request that does not come through the form.
    const rates = await ok<{ items: object[] }>(
      await page.request.get('/api/v1/admin/cnc-rates', { headers: { role: 'admin' } }),
      'the rates',
    );
    const past = await page.request.post('/api/v1/admin/cnc-rates', {
      headers: { role: 'admin' },
      data: { ...rates.items[0], effectiveFrom: yesterday },
    });
    expect(past.status()).toBe(422);
    expect(((await past.json()) as { error: { code: string } }).error.code).toBe('CNC_RATES_DATE_IN_PAST');
  });

  await test.step('a second row for tomorrow is refused by the server with its text', async () => {
    await date.fill(tomorrow);
    await form.getByRole('button', { name: 'Add these rates' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Rates are already set for this date. Choose another date.',
    );
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect(list.getByRole('listitem', { name: new RegExp(tomorrow) })).toHaveCount(1);
  });

  await test.step('on a 320 px phone the tab reads without sideways scrolling', async () => {
    await page.setViewportSize({ width: 320, height: 800 });
    await expect(form.getByRole('button', { name: 'Add these rates' })).toBeVisible();
    // The page does not scroll sideways: the tab list scrolls on its own, and the panel fits.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(
      await page.evaluate(() => {
        const panel = document.querySelector('[role="tabpanel"]')!;
        return panel.scrollWidth <= panel.clientWidth;
      }),
    ).toBe(true);
    // The tab list is still walked with the keyboard.
    const tab = page.getByRole('tab', { name: 'CNC rates' });
    await tab.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Audit log' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
