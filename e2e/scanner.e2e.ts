import fs from 'node:fs';
import { demoAccounts, type Role } from '@insight/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, signInThroughForm, skipReason, startE2E, viewports, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  if (!skipReason) e2e = await startE2E({ INGEST: '1' });
}, 180_000);
afterAll(async () => e2e?.close());

/** Screens to look at (SCREENSHOTS=1): /tmp/shots/scanner-<name>.png. */
async function shot(page: Page, name: string, fullPage = false) {
  if (process.env.SCREENSHOTS !== '1') return;
  fs.mkdirSync('/tmp/shots', { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/shots/scanner-${name}.png`, fullPage });
}

const demo = (role: Role) => demoAccounts.find((account) => account.role === role)!;
const slack = { timeout: 30_000 };

async function signIn(page: Page, role: Role) {
  await page.goto('/login');
  await signInThroughForm(page, demo(role).email, demo(role).password);
  await page.getByText(`Logged in as ${demo(role).first_name}`).waitFor();
}

/** A file to add positions to: Set Portfolio Funds on the Portfolio tab. */
async function openFile(page: Page) {
  await page.goto('/?tab=3');
  const start = page.getByRole('button', { name: 'Set Portfolio Funds' });
  await start.waitFor();
  if (await page.getByRole('heading', { name: 'Start your file' }).isVisible()) {
    await start.click();
    await page
      .getByRole('dialog', { name: 'Set Portfolio Funds' })
      .getByRole('button', { name: 'Save' })
      .click();
    await page.getByText('No open positions').waitFor();
  }
}

describe.skipIf(skipReason)('the Opportunities Scanner in a real browser', () => {
  it(
    'goes through pre, edit, run and results, explains a rank, and adds two picks to the portfolio',
    { timeout: 240_000 },
    async () => {
      const page = await newPage(e2e);
      await signIn(page, 'user');
      await openFile(page);

      // The Home dashboard's card leads to the scanner.
      await page.goto('/?tab=6');
      await page.getByRole('link', { name: /Opportunities Scanner/ }).click();
      await page.waitForURL(/tab=4&tool=scanner/);
      await page.getByRole('heading', { name: 'Opportunities Scanner' }).waitFor();
      const next = page.getByRole('button', { name: 'Next', exact: true });
      expect(await next.isDisabled()).toBe(true);
      await page
        .getByRole('combobox', { name: 'Universe' })
        .locator('option', { hasText: 'S&P500' })
        .waitFor({ state: 'attached' });
      await shot(page, 'pre-empty-desktop');

      // edit: Create new Settings; Save waits for a name.
      await page.getByRole('button', { name: 'Create new Settings' }).click();
      const form = page.getByRole('form', { name: 'Scanner settings' });
      await form.waitFor();
      const save = form.getByRole('button', { name: 'Save' });
      expect(await save.isDisabled()).toBe(true);
      await form.getByLabel(/^Name/).fill('Wide net');
      await form.getByLabel('Minimum upside %').fill('0');
      await form.getByLabel('Days to earnings').fill('0');
      await shot(page, 'edit-desktop', true);
      expect(await save.isDisabled()).toBe(false);
      await save.click();

      // Back in pre with the new setting chosen; the count is capped at 500.
      const settings = page.getByRole('combobox', { name: 'Settings' });
      await expect.poll(async () => settings.locator('option:checked').textContent(), slack).toBe('Wide net');
      const count = page.getByLabel('Symbols per sector');
      await count.fill('900');
      expect(await count.inputValue()).toBe('500');
      await count.fill('20');
      await page.getByRole('combobox', { name: 'Sector' }).selectOption({ label: 'Information Technology' });
      await page.getByRole('button', { name: 'Add sector', exact: true }).click();
      await page.getByRole('button', { name: 'Add all sectors' }).click();
      expect(await page.getByRole('list', { name: 'Chosen sectors' }).getByRole('listitem').count()).toBe(11);
      await shot(page, 'pre-desktop', true);
      expect(await next.isDisabled()).toBe(false);
      await next.click();

      // run, then results: one table (or the empty message) per sector.
      await page.getByRole('region', { name: 'Financials opportunities' }).waitFor(slack);
      await page.getByRole('button', { name: 'Back' }).first().waitFor(slack);
      const tables = page.getByRole('table', { name: / results$/ });
      const empty = page.getByText('No Opportunities found for sector under current filters.');
      await expect.poll(async () => (await tables.count()) + (await empty.count()), slack).toBe(11);
      const scores = page.getByRole('button', { name: /^Opportunity rank of / });
      expect(await scores.count()).toBeGreaterThan(1);
      await shot(page, 'results-desktop', true);

      // The rank dialog: five gauges, each explained.
      await scores.first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('rank-gauges').waitFor();
      expect(await dialog.getByTestId('rank-gauge').count()).toBe(5);
      for (const label of ['Total Rank', 'Analyst Data', 'Risk', 'Momentum Score', 'Fundamental Score'])
        await dialog.getByText(label, { exact: true }).waitFor();
      await dialog.locator('.apexcharts-radialbar').first().waitFor(slack);
      expect(await dialog.getByRole('table', { name: 'Score factors' }).getByRole('row').count()).toBe(17);
      await shot(page, 'rank-desktop');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // Select two rows and add them.
      const links = page
        .getByRole('table', { name: / results$/ })
        .first()
        .getByRole('link');
      const symbols = [
        (await links.nth(0).textContent())!.trim(),
        (await links.nth(1).textContent())!.trim(),
      ];
      // By keyboard, as a user without a mouse would: a click can land beside the box when the
      // selection chart appears above the table and moves it.
      for (const symbol of symbols) {
        const box = page.getByRole('checkbox', { name: `Select ${symbol}`, exact: true });
        await box.focus();
        await page.keyboard.press('Space');
        await expect.poll(() => box.isChecked(), slack).toBe(true);
      }
      expect(symbols).toHaveLength(2);
      await page
        .getByRole('region', { name: 'Performance of the selected symbols' })
        .locator('.apexcharts-line-series, .apexcharts-series')
        .first()
        .waitFor(slack);
      await shot(page, 'results-selected-desktop', true);
      await page.getByRole('button', { name: 'Next: add 2 to portfolio' }).click();
      const add = page.getByRole('dialog', { name: 'Add Positions' });
      await add.waitFor();
      for (const [i] of symbols.entries()) {
        await expect
          .poll(async () => add.getByLabel(`Entry price (line ${i + 1})`).inputValue(), slack)
          .not.toBe('');
        await add.getByLabel(`Quantity (line ${i + 1})`).fill('3');
      }
      await shot(page, 'add-positions-desktop');
      await add.getByRole('button', { name: 'Save' }).click();
      await add.waitFor({ state: 'hidden', ...slack });

      await page.goto('/?tab=3');
      for (const symbol of symbols) await page.locator(`[data-position="${symbol}"]`).first().waitFor(slack);
    },
  );

  it(
    "finds opportunities in every sector on its Default settings, and a rank's P/E is the stock page's",
    { timeout: 240_000 },
    async () => {
      const page = await newPage(e2e);
      await signIn(page, 'user');
      await page.goto('/?tab=4&tool=scanner');
      await page.getByRole('heading', { name: 'Opportunities Scanner' }).waitFor();
      const universe = page.getByRole('combobox', { name: 'Universe' });
      await universe.locator('option', { hasText: 'S&P500' }).waitFor({ state: 'attached' });
      await universe.selectOption({
        label: (await universe.locator('option', { hasText: 'S&P500' }).textContent())!,
      });
      await page.getByRole('combobox', { name: 'Settings' }).selectOption({ label: 'Default settings' });
      await page.getByRole('button', { name: 'Add all sectors' }).click();
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      // Every sector answers a table of ranked rows: none is empty on the defaults.
      const tables = page.getByRole('table', { name: / results$/ });
      const empty = page.getByText('No Opportunities found for sector under current filters.');
      await expect.poll(async () => (await tables.count()) + (await empty.count()), slack).toBe(11);
      expect(await empty.count()).toBe(0);
      await shot(page, 'defaults-desktop', true);

      /** The P/E the rank dialog of `symbol` shows, then the one its stock page shows. */
      const peOfRankAndPage = async (symbol: string) => {
        await page.getByRole('button', { name: new RegExp(`^Opportunity rank of ${symbol}: `) }).click();
        const dialog = page.getByRole('dialog');
        const factors = dialog.getByRole('table', { name: 'Score factors' });
        await factors.waitFor();
        const rankRow = factors.getByRole('row').filter({ hasText: 'P/E (12m)' });
        const rankPe = (await rankRow.getByRole('cell').nth(1).textContent())!.trim();
        await shot(page, `rank-${symbol}`);
        await dialog.getByRole('button', { name: 'Close' }).click();
        await dialog.waitFor({ state: 'hidden' });
        // A second tab of the same signed-in browser.
        const stock = await page.context().newPage();
        await stock.goto(`/stock/${symbol}`);
        const pageRow = stock
          .getByRole('table', { name: 'Fundamentals' })
          .getByRole('row')
          .filter({ hasText: 'P/E (12m)' });
        await pageRow.waitFor(slack);
        const pagePe = (await pageRow.getByRole('cell').nth(1).textContent())!.trim();
        await stock.close();
        return { rankPe, pagePe };
      };

      const first = (await tables.first().getByRole('link').first().textContent())!.trim();
      const ofFirst = await peOfRankAndPage(first);
      expect(ofFirst.rankPe).toMatch(/^\d+\.\d\d$/);
      expect(ofFirst.rankPe).toBe(ofFirst.pagePe);

      // AAPL, whatever the defaults make of it: a setting with every filter off, technology only.
      await page.getByRole('button', { name: 'Back' }).first().click();
      await page.getByRole('button', { name: 'Create new Settings' }).click();
      const form = page.getByRole('form', { name: 'Scanner settings' });
      await form.getByLabel(/^Name/).fill('Everything');
      for (const field of ['Days to earnings', 'Minimum upside %', 'Minimum EPS'])
        await form.getByLabel(field).fill('');
      for (const name of ['Remove if any short', 'Exclude no ratings']) {
        const box = form.getByRole('checkbox', { name });
        await box.focus();
        await page.keyboard.press('Space');
        await expect.poll(() => box.isChecked(), slack).toBe(false);
      }
      await form.getByRole('button', { name: 'Save' }).click();
      const settings = page.getByRole('combobox', { name: 'Settings' });
      await expect
        .poll(async () => settings.locator('option:checked').textContent(), slack)
        .toBe('Everything');
      // Technology alone, every one of its symbols.
      const chosen = page.getByRole('list', { name: 'Chosen sectors' });
      while ((await chosen.getByRole('button', { name: /^Remove / }).count()) > 0)
        await chosen
          .getByRole('button', { name: /^Remove / })
          .first()
          .click();
      await page.getByLabel('Symbols per sector').fill('500');
      await page.getByRole('combobox', { name: 'Sector' }).selectOption({ label: 'Information Technology' });
      await page.getByRole('button', { name: 'Add sector', exact: true }).click();
      await chosen.getByText('500 symbols').waitFor();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page
        .getByRole('table', { name: 'Information Technology results' })
        .getByRole('link', { name: 'AAPL', exact: true })
        .waitFor(slack);
      const ofApple = await peOfRankAndPage('AAPL');
      expect(ofApple.rankPe).toMatch(/^\d+\.\d\d$/);
      expect(ofApple.rankPe).toBe(ofApple.pagePe);
    },
  );

  it('fits a phone without horizontal overflow', { timeout: 180_000 }, async () => {
    const page = await newPage(e2e, viewports.phone);
    await signIn(page, 'user');
    await page.goto('/?tab=4&tool=scanner');
    await page.getByRole('heading', { name: 'Opportunities Scanner' }).waitFor();
    await page.getByRole('button', { name: 'Add all sectors' }).click();
    await shot(page, 'pre-phone', true);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('region', { name: 'Energy opportunities' }).waitFor(slack);
    await page.getByRole('button', { name: 'Back' }).first().waitFor(slack);
    await shot(page, 'results-phone', true);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
