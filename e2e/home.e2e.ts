import fs from 'node:fs';
import { apiPath, openPositionsResponseSchema, portfolioApi, portfolioMessages } from '@insight/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../gateway/test/factories/users';
import { newPage, signInThroughForm, skipReason, startE2E, viewports, type E2E } from './harness';

/**
 * The home dashboard and "add to portfolio" in a real browser against the real gateway, with the
 * simulated market ingested (so the feed has ratings and symbols have last prices).
 */
let e2e: E2E;
beforeAll(async () => {
  if (!skipReason) e2e = await startE2E({ INGEST: '1', SIM_CONTROL: '1' });
}, 180_000);
afterAll(async () => e2e?.close());

/** Screenshots of what the reader sees (the viewport), into /tmp/shots when SCREENSHOTS=1. */
async function viewShot(page: Page, name: string, fullPage = false) {
  if (process.env.SCREENSHOTS !== '1') return;
  fs.mkdirSync('/tmp/shots', { recursive: true });
  await page.waitForTimeout(500); // animations
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage });
}

/** A user of their own, signed in through the form: every test starts without a file. */
async function newUserPage(viewport: { width: number; height: number } = viewports.desktop) {
  const user = await createUser(e2e.gateway.app, { first_name: 'Hana' });
  const page = await newPage(e2e, viewport);
  await page.goto('/login');
  await signInThroughForm(page, user.email, user.password);
  await page.getByRole('heading', { name: 'Welcome, Hana', level: 1 }).waitFor();
  return { page, user };
}

/** Creates the user's file over the API with the page's own cookie, as the Portfolio tab would. */
async function createFile(page: Page) {
  const answer = await page.request.post(portfolioApi.create, { data: { start_budget: 100_000 } });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { id: number };
}

const ratings = (page: Page) => page.getByRole('region', { name: 'Latest ratings' }).locator('article');

describe.skipIf(skipReason)('the home dashboard, in a real browser', () => {
  it('shows a new user the three cards and a start prompt leading to the Portfolio tab', async () => {
    const { page } = await newUserPage();
    const sections = page.getByRole('navigation', { name: 'Sections', exact: true });
    for (const [name, href] of [
      ['Opportunities Scanner', '/?tab=4&tool=scanner'],
      ['Portfolio', '/?tab=3'],
      ["Analysts' ratings", '/?tab=0'],
    ]) {
      expect(await sections.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    await page.getByRole('heading', { name: 'Start your portfolio' }).waitFor();
    expect(await page.getByRole('region', { name: 'Portfolio performance' }).count()).toBe(0);
    await ratings(page).first().waitFor({ timeout: 15_000 });
    await viewShot(page, 'home-new-user-desktop', true);

    await page.getByRole('link', { name: 'Start now' }).click();
    await page.waitForURL(/\/\?tab=3$/);

    const phone = await newUserPage(viewports.phone);
    await phone.page.getByRole('heading', { name: 'Start your portfolio' }).waitFor();
    await ratings(phone.page).first().waitFor({ timeout: 15_000 });
    await viewShot(phone.page, 'home-new-user-phone', true);
  });

  it('with a file shows its chart, its allocation and the 4 latest ratings, with See more to the feed', async () => {
    const { page } = await newUserPage();
    await createFile(page);
    await page.reload();
    await page.getByRole('region', { name: 'Portfolio performance' }).waitFor();
    await page.getByRole('region', { name: 'Allocation' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Start your portfolio' }).count()).toBe(0);
    await ratings(page).nth(3).waitFor({ timeout: 15_000 });
    expect(await ratings(page).count()).toBe(4);
    await viewShot(page, 'home-with-file-desktop', true);

    await page.getByRole('link', { name: /See more/ }).click();
    await page.waitForURL(/\/\?tab=0$/);
    await page.getByRole('heading', { name: 'Live Feed', level: 1 }).waitFor();

    const phone = await newPage(e2e, viewports.phone);
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto('/');
    await phone.getByRole('region', { name: 'Allocation' }).waitFor();
    await ratings(phone).nth(3).waitFor({ timeout: 15_000 });
    await viewShot(phone, 'home-with-file-phone', true);
  });

  it('sends a user without a file from a feed card to the Portfolio tab', async () => {
    const { page } = await newUserPage();
    await page.goto('/?tab=0');
    const card = page.getByRole('region', { name: 'Alerts' }).locator('article').first();
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: /^Add .+ to portfolio$/ }).click();
    await page.waitForURL(/\/\?tab=3$/);
  });

  it('adds to the portfolio from a feed card: the dialog opens preset with the symbol and saves a position', async () => {
    const { page } = await newUserPage();
    const file = await createFile(page);
    await page.goto('/?tab=0');
    const card = page.getByRole('region', { name: 'Alerts' }).locator('article').first();
    await card.waitFor({ timeout: 15_000 });
    const button = card.getByRole('button', { name: /^Add .+ to portfolio$/ });
    const symbol = (await button.getAttribute('aria-label'))!.replace(/^Add (.+) to portfolio$/, '$1');
    await button.click();

    const dialog = page.getByRole('dialog', { name: 'Add Position' });
    await dialog.waitFor();
    // Single mode: no Manual / From List choice, no add-line button.
    expect(await dialog.getByRole('radiogroup').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Add line' }).count()).toBe(0);
    expect(await dialog.getByLabel('Symbol').inputValue()).toBe(symbol);
    // The last price arrives and fills the entry price; the symbol turns green.
    await expect.poll(() => dialog.getByLabel('Entry price').inputValue(), { timeout: 5_000 }).not.toBe('');
    const price = Number(await dialog.getByLabel('Entry price').inputValue());
    expect(price).toBeGreaterThan(0);
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true); // no quantity yet

    await dialog.getByLabel('Quantity').fill('1,200');
    expect(await dialog.getByLabel('Quantity').inputValue()).toBe('1200');
    expect(await dialog.getByLabel('Value').inputValue()).toBe((price * 1200).toFixed(2));
    await dialog.getByLabel('Quantity').fill('10');
    await dialog.getByLabel('Notes').fill('from the feed');
    await viewShot(page, 'position-dialog-single-desktop');
    await save.click();

    await page.getByText(portfolioMessages.positionAdded).first().waitFor();
    await dialog.waitFor({ state: 'hidden', timeout: 3_000 });

    const open = await page.request.get(apiPath(portfolioApi.openPositions, { id: file.id }));
    expect(open.status()).toBe(200);
    const { list } = openPositionsResponseSchema.parse(await open.json());
    expect(list.map((position) => [position.symbol, position.quantity, position.notes])).toContainEqual([
      symbol,
      expect.any(Number),
      'from the feed',
    ]);
    expect(Math.abs(list.find((position) => position.symbol === symbol)!.quantity)).toBe(10);
  });

  it(
    'adds several positions from a list, splitting the total, and marks an unknown symbol red',
    { timeout: 150_000 },
    async () => {
      const { page } = await newUserPage();
      await createFile(page);
      await page.goto('/?tab=3');
      await page.getByRole('button', { name: 'Add position' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add Positions' });
      await dialog.waitFor();

      // Manual: a symbol without a price is red and keeps Save disabled.
      await dialog.getByLabel('Symbol (line 1)').fill('zzzzq');
      expect(await dialog.getByLabel('Symbol (line 1)').inputValue()).toBe('ZZZZQ');
      await dialog.getByText('No price for ZZZZQ').waitFor({ timeout: 5_000 });
      await dialog.getByLabel('Quantity (line 1)').fill('5');
      await dialog.getByLabel('Entry price (line 1)').fill('10');
      expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await viewShot(page, 'position-dialog-manual-desktop');

      // From List: the messages first, then the lines.
      await dialog.getByText('From List').click();
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByText(portfolioMessages.invalidSymbols).waitFor();
      await dialog.getByLabel('Symbols').fill('aapl, msft\nMSFT zzzzq');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByText(portfolioMessages.invalidTotal).waitFor();
      await dialog.getByLabel('Total value').fill('20,000');
      await viewShot(page, 'position-dialog-from-list-desktop');
      await dialog.getByRole('button', { name: 'Next' }).click();

      await dialog.getByText('No price for ZZZZQ: left out of the list.').waitFor({ timeout: 10_000 });
      expect(await dialog.getByLabel('Symbol (line 1)').inputValue()).toBe('AAPL');
      expect(await dialog.getByLabel('Symbol (line 2)').inputValue()).toBe('MSFT');
      expect(await dialog.getByLabel('Symbol (line 3)').count()).toBe(0);
      for (const line of [1, 2]) {
        const price = Number(await dialog.getByLabel(`Entry price (line ${line})`).inputValue());
        const quantity = Number(await dialog.getByLabel(`Quantity (line ${line})`).inputValue());
        expect(quantity).toBe(Math.round(10_000 / price));
      }
      await viewShot(page, 'position-dialog-lines-desktop');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: 3_000 });

      // The same dialog on a phone.
      const phone = await newPage(e2e, viewports.phone);
      await phone.context().addCookies(await page.context().cookies());
      await phone.goto('/?tab=3');
      await phone.getByRole('button', { name: 'Add position' }).first().click();
      const small = phone.getByRole('dialog', { name: 'Add Positions' });
      await small.waitFor();
      await small.getByLabel('Symbol (line 1)').fill('NVDA');
      await small.getByRole('button', { name: 'Add line' }).click();
      await viewShot(phone, 'position-dialog-manual-phone');
      await small.getByText('From List').click();
      await viewShot(phone, 'position-dialog-from-list-phone');
    },
  );
});
