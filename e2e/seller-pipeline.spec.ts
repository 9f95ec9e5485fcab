import type { Locator, Page } from '@playwright/test';
import { test, expect, seriousAccessibilityViolations } from './fixtures';
import { logIn, sendInquiryThroughApi } from './chat-helpers';

/**
 * The seller's quotation pipeline on a 320 px phone, in English and French (decisions 267, 291): the stage columns
 * stack without sideways scrolling and pass axe (no serious or critical violation) — with a drag refused, a drag
 * accepted and the move menu open — and a card moves by drag-and-drop only along the legal moves.
 */
const languages = {
  en: {
    prefix: '',
    title: 'Pipeline',
    new: 'New',
    negotiation: 'In negotiation',
    invoiced: 'Invoiced',
    rejected: 'Rejected',
    refused: /cannot be moved to Invoiced/,
    refusedAgain: /cannot be moved to Rejected/,
    moved: 'Moved to In negotiation.',
    move: 'Move',
    moveTo: 'Move to',
  },
  fr: {
    prefix: '/fr',
    title: 'Pipeline',
    new: 'Nouvelle',
    negotiation: 'En négociation',
    invoiced: 'Facturée',
    rejected: 'Refusée',
    refused: /ne peut pas aller à l’étape Facturée/,
    refusedAgain: /ne peut pas aller à l’étape Refusée/,
    moved: 'Déplacée vers « En négociation ».',
    move: 'Déplacer',
    moveTo: 'Déplacer vers',
  },
} as const;

test.use({ viewport: { width: 320, height: 800 } });

async function expectNothingWiderThanTheScreen(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'page width at 320 px').toBeLessThanOrEqual(320);
}

/** The stage column whose heading is `stage` followed by its count. */
const column = (page: Page, stage: string): Locator =>
  page.getByRole('region', { name: new RegExp(`^${stage} \\(\\d+\\)$`) });

for (const [language, text] of Object.entries(languages)) {
  test(`the pipeline at 320 px: drag along legal moves only, no overflow, axe clean (${language})`, async ({
    seller,
    buyerAccount,
    page,
    browser,
  }) => {
    // The buyer's request, through the API, from a context of its own.
    const buyerContext = await browser.newContext();
    let chatId: string;
    try {
      await logIn(buyerContext, buyerAccount);
      chatId = await sendInquiryThroughApi(buyerContext.request, seller.storefront.product.id);
    } finally {
      await buyerContext.close();
    }

    await page.goto(`${text.prefix}/seller-centre/pipeline`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    const card = page.locator(`li[data-chat-id="${chatId}"]`);
    await expect(column(page, text.new).locator(`li[data-chat-id="${chatId}"]`)).toBeVisible();
    await expectNothingWiderThanTheScreen(page);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The keyboard's way stays: the move menu, open, is checked too.
    await card.getByRole('button', { name: text.move, exact: true }).click();
    await expect(card.getByRole('list', { name: text.moveTo })).toBeVisible();
    await expectNothingWiderThanTheScreen(page);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await card.getByRole('button', { name: text.move, exact: true }).click();

    // An illegal drop: refused, said in an alert, nothing moved.
    await card.dragTo(column(page, text.invoiced));
    await expect(page.getByRole('alert')).toContainText(text.refused);
    await expect(column(page, text.new).locator(`li[data-chat-id="${chatId}"]`)).toBeVisible();
    await expectNothingWiderThanTheScreen(page);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A legal drop: accepted by the server, the card in its new column, and so after a reload.
    await card.dragTo(column(page, text.negotiation));
    await expect(page.getByText(text.moved)).toBeVisible();
    await expect(column(page, text.negotiation).locator(`li[data-chat-id="${chatId}"]`)).toBeVisible();
    await page.reload();
    await expect(column(page, text.negotiation).locator(`li[data-chat-id="${chatId}"]`)).toBeVisible();
    await expect(card.getByRole('button', { name: text.move, exact: true })).toHaveCount(0);

    // In negotiation, the stage follows the conversation: a drop to Rejected is refused.
    await card.dragTo(column(page, text.rejected));
    await expect(page.getByRole('alert')).toContainText(text.refusedAgain);
    await expect(column(page, text.negotiation).locator(`li[data-chat-id="${chatId}"]`)).toBeVisible();
    await expectNothingWiderThanTheScreen(page);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
}
