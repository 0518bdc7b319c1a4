import fs from 'node:fs';
import { demoAccounts, portfolioApi, portfolioMessages, type Portfolio, type Role } from '@insight/shared';
import { previousTradingDay } from '@insight/shared/market/calendar';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, signInThroughForm, skipReason, startE2E, viewports, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  if (!skipReason) e2e = await startE2E({ INGEST: '1', SIM_CONTROL: '1' });
}, 180_000);
afterAll(async () => e2e?.close());

/** Screens to look at (SCREENSHOTS=1): the viewport, under /tmp/shots/portfolio-<name>.png. */
async function shot(page: Page, name: string, fullPage = false) {
  if (process.env.SCREENSHOTS !== '1') return;
  fs.mkdirSync('/tmp/shots', { recursive: true });
  await page.waitForTimeout(400); // a dialog's opening animation
  await page.screenshot({ path: `/tmp/shots/portfolio-${name}.png`, fullPage });
}

const demo = (role: Role) => demoAccounts.find((account) => account.role === role)!;
// A push must arrive without a reload; how fast is measured by bench/, so a loaded CI machine gets slack here.
const live = { timeout: 10_000 };

async function signIn(page: Page, role: Role) {
  await page.goto('/login');
  await signInThroughForm(page, demo(role).email, demo(role).password);
  await page.getByText(`Logged in as ${demo(role).first_name}`).waitFor();
}

/** The open position rows of a symbol. */
const openRow = (page: Page, symbol: string) => page.locator(`[data-position="${symbol}"]`);

/**
 * Closes an open menu with its trigger: here the focus can stay on the row checkbox clicked before the
 * menu opened, so Escape goes to the checkbox, and a menu left open shows beside the next one (seen
 * on CI; not reproduced outside this test).
 */
async function closeMenu(page: Page, name: string) {
  const menu = page.getByRole('menu', { name });
  await page.getByRole('button', { name, exact: true }).click();
  await menu.waitFor({ state: 'hidden' });
}

describe.skipIf(skipReason)('the portfolio in a real browser', () => {
  it(
    'sets funds, adds positions by hand and from a list, closes one, downloads and resets',
    { timeout: 240_000 },
    async () => {
      const page = await newPage(e2e);
      await signIn(page, 'user');
      // A second tab on the same page follows every change without a reload.
      const other = await page.context().newPage();
      await other.goto('/?tab=3');
      await other.getByRole('heading', { name: 'Start your file' }).waitFor();

      await page.goto('/?tab=3');
      await page.getByRole('heading', { name: 'Start your file' }).waitFor();
      await shot(page, 'new-file-desktop');

      // Set Portfolio Funds creates the file: 100,000 units at 1 by default.
      await page.getByRole('button', { name: 'Set Portfolio Funds' }).click();
      const funds = page.getByRole('dialog', { name: 'Set Portfolio Funds' });
      expect(await funds.getByLabel(/Units/).inputValue()).toBe('100000');
      await funds.getByLabel(/Units/).fill('50000');
      expect(await funds.getByTestId('funds').textContent()).toBe('$50,000.00');
      await shot(page, 'dialog-set-funds-new-desktop');
      await funds.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: 'Portfolio', exact: true }).waitFor();
      await page.getByText('No open positions').waitFor();
      await page.getByText('No closed positions').waitFor();
      await expect.poll(() => page.getByTestId('tile-unit-price').textContent()).toBe('1.00000');
      const fundRows = page.getByRole('table', { name: 'Funds history' }).locator('tbody tr');
      await expect.poll(() => fundRows.count()).toBe(1);
      expect(await fundRows.first().textContent()).toMatch(
        /\d\d\/\d\d\/\d\d.*Deposit.*\$50,000\.00.*50,000.*1\.0000/,
      );
      await other.getByRole('heading', { name: 'Portfolio', exact: true }).waitFor(live);

      // Add a position by hand (the position dialog).
      await page.getByRole('toolbar').getByRole('button', { name: 'Add position' }).click();
      const add = page.getByRole('dialog', { name: 'Add Positions' });
      await add.getByLabel('Symbol (line 1)').fill('AAPL');
      await expect
        .poll(() => add.getByLabel('Entry price (line 1)').inputValue(), { timeout: 5_000 })
        .not.toBe('');
      await add.getByLabel('Quantity (line 1)').fill('10');
      await add.getByRole('button', { name: 'Save' }).click();
      await openRow(page, 'AAPL').waitFor();
      await openRow(other, 'AAPL').waitFor(live);

      // And from a list: the total split equally.
      await page.getByRole('toolbar').getByRole('button', { name: 'Add position' }).click();
      await add.getByText('From List').click();
      await add.getByLabel('Symbols').fill('MSFT, JPM');
      await add.getByLabel('Total value').fill('10000');
      await shot(page, 'dialog-from-list-desktop');
      await add.getByRole('button', { name: 'Next' }).click();
      await expect
        .poll(() => add.getByLabel('Quantity (line 2)').inputValue(), { timeout: 5_000 })
        .not.toBe('');
      await add.getByRole('button', { name: 'Save' }).click();
      await openRow(page, 'MSFT').waitFor();
      await openRow(page, 'JPM').waitFor();
      const aapl = (await openRow(page, 'AAPL').textContent()) ?? '';
      expect(aapl).toContain('Long');
      expect(aapl).toMatch(/\$\d/);
      await page.locator('[data-sector]').first().waitFor();
      await shot(page, 'populated-desktop', true);

      // Future Action from the row menu: capped at the open quantity.
      await openRow(page, 'MSFT').getByRole('button', { name: 'Actions for MSFT' }).click();
      await page.getByRole('menuitem', { name: 'Future Action' }).click();
      const future = page.getByRole('dialog', { name: 'Future Action' });
      const cap = await future.getByLabel(/Quantity/).inputValue();
      await future.getByLabel(/Quantity/).fill(String(Number(cap) + 5));
      expect(await future.getByLabel(/Quantity/).inputValue()).toBe(cap);
      await future.getByLabel(/Reason/).selectOption('Take Profit');
      await shot(page, 'dialog-future-action-desktop');
      await future.getByRole('button', { name: 'Save' }).click();
      await page.getByText(portfolioMessages.futureActionSaved).waitFor();

      // Get Actions for the selected rows: the download answers with the MSFT action.
      await openRow(page, 'MSFT').locator('label').first().click();
      await page.getByText('1 selected').waitFor();
      await page.getByRole('button', { name: 'Get Actions' }).click();
      const actionsCsv = await page
        .getByRole('menu', { name: 'Get Actions' })
        .getByRole('menuitem', { name: 'CSV' })
        .getAttribute('href');
      expect(actionsCsv).toContain('symbols=MSFT');
      const actions = await page.request.get(actionsCsv!);
      expect(actions.status()).toBe(200);
      expect(actions.headers()['content-disposition']).toMatch(/attachment/);
      const actionsText = await actions.text();
      expect(actionsText).toContain('MSFT');
      expect(actionsText).toContain('Take Profit');
      await closeMenu(page, 'Get Actions');
      await openRow(page, 'MSFT').locator('label').first().click();

      // Close AAPL: it leaves the open list and shows among the closed positions.
      await openRow(page, 'AAPL').getByRole('button', { name: 'Actions for AAPL' }).click();
      await page.getByRole('menuitem', { name: 'Close Position' }).click();
      const close = page.getByRole('dialog', { name: 'Close Position' });
      await close.getByLabel('Close Price for AAPL').fill('1.234');
      expect(await close.getByLabel('Close Price for AAPL').inputValue()).not.toBe('1.234');
      await close.getByLabel('Quantity for AAPL').fill('11');
      expect(await close.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await close.getByLabel('Quantity for AAPL').fill('10');
      await close.getByLabel('Close Price for AAPL').fill('250.5');
      await shot(page, 'dialog-close-desktop');
      await close.getByRole('button', { name: 'Save' }).click();
      await page.locator('[data-closed="AAPL"]').waitFor();
      await openRow(page, 'AAPL').waitFor({ state: 'detached' });
      expect(await page.locator('[data-closed="AAPL"]').textContent()).toContain('$250.50');
      await other.locator('[data-closed="AAPL"]').waitFor(live);

      // Bulk close dialog for the two left, then cancel.
      await page.getByRole('table', { name: 'Open positions' }).locator('thead label').click();
      await page.getByText('2 selected').waitFor();
      await page.getByRole('toolbar').getByRole('button', { name: 'Close', exact: true }).click();
      const bulk = page.getByRole('dialog', { name: 'Close Positions' });
      await bulk.locator('[data-close-row]').nth(1).waitFor();
      await shot(page, 'dialog-close-bulk-desktop');
      await bulk.getByRole('button', { name: 'Cancel' }).click();

      // Set funds on the file: a deposit at the current unit price.
      await page.getByRole('toolbar').getByRole('button', { name: 'Set funds' }).click();
      const deposit = page.getByRole('dialog', { name: 'Set Portfolio Funds' });
      await deposit.getByLabel(/Units/).fill('1000');
      await shot(page, 'dialog-set-funds-desktop');
      await deposit.getByRole('button', { name: 'Save' }).click();
      await page.getByText(portfolioMessages.fundsUpdated).waitFor();
      await expect.poll(() => fundRows.count()).toBe(2);

      // Download the positions: CSV and Excel answer files.
      await page.getByRole('button', { name: 'Download', exact: true }).click();
      // The Get Actions menu has CSV and Excel items too: each menu's own are read.
      const downloads = page.getByRole('menu', { name: 'Download' });
      const csvHref = await downloads.getByRole('menuitem', { name: 'CSV' }).getAttribute('href');
      const xlsxHref = await downloads.getByRole('menuitem', { name: 'Excel' }).getAttribute('href');
      await closeMenu(page, 'Download');
      const csv = await page.request.get(csvHref!);
      expect(csv.status()).toBe(200);
      const csvText = await csv.text();
      for (const symbol of ['AAPL', 'MSFT', 'JPM']) expect(csvText).toContain(symbol);
      const xlsx = await page.request.get(xlsxHref!);
      expect(xlsx.status()).toBe(200);
      expect((await xlsx.body()).subarray(0, 2).toString()).toBe('PK');
      // The browser's own download of the same link.
      await page.getByRole('button', { name: 'Download', exact: true }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);

      // Reset, confirmed: back to the new-file state, in the other tab too.
      await page.getByRole('button', { name: 'More portfolio actions' }).click();
      await page.getByRole('menuitem', { name: 'Reset portfolio' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Reset portfolio' });
      await shot(page, 'dialog-reset-desktop');
      await confirm.getByRole('button', { name: 'Reset' }).click();
      await page.getByRole('heading', { name: 'Start your file' }).waitFor();
      await other.getByRole('heading', { name: 'Start your file' }).waitFor(live);
      await other.close();
    },
  );

  it(
    'charts a file with history against its benchmarks, and reads well on a phone',
    { timeout: 240_000 },
    async () => {
      const page = await newPage(e2e);
      await signIn(page, 'client_admin');
      // A file started four months ago, with a position bought then (over the API).
      const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
      let start = new Date(`${today}T12:00:00Z`);
      start.setUTCDate(start.getUTCDate() - 120);
      const first = previousTradingDay(start.toISOString().slice(0, 10));
      start = new Date(`${first}T12:00:00Z`);
      const created = await page.request.post(portfolioApi.create, {
        data: { start_budget: 100000, date: first },
      });
      expect(created.status(), await created.text()).toBe(200);
      const file = (await created.json()) as Portfolio;
      const later = new Date(start);
      later.setUTCDate(later.getUTCDate() + 10);
      const entry = previousTradingDay(later.toISOString().slice(0, 10));
      const added = await page.request.post(portfolioApi.addPositions, {
        data: {
          portfolio_id: file.id,
          items: [
            { type: 'Buy', symbol: 'NVDA', date: entry, price: '100', quantity: 100 },
            { type: 'Sell', symbol: 'XOM', date: entry, price: '100', quantity: 50 },
          ],
        },
      });
      expect(added.status(), await added.text()).toBe(200);

      await page.goto('/?tab=3');
      await openRow(page, 'NVDA').waitFor();
      const chart = page.getByRole('img', { name: /against SPY, RSP/ });
      await chart.locator('.apexcharts-svg').waitFor();
      const ranges = page.getByRole('group', { name: 'Chart range' });
      for (const label of ['10D', '1M', '3M']) await ranges.getByRole('button', { name: label }).waitFor();
      expect(await ranges.getByRole('button', { name: '6M' }).count()).toBe(0);
      await ranges.getByRole('button', { name: '1M' }).click();
      expect(await ranges.getByRole('button', { name: '1M' }).getAttribute('aria-pressed')).toBe('true');
      await chart.locator('.apexcharts-svg').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      await shot(page, 'chart-desktop', true);

      // A manual range must be wider than a day.
      await page.getByLabel('From', { exact: true }).fill(first);
      await page.getByLabel('To', { exact: true }).fill(first);
      await page.getByText(portfolioMessages.narrowRange).waitFor();
      expect(await page.getByRole('button', { name: 'Show range' }).isDisabled()).toBe(true);

      // Add Benchmarks: grouped lists, SPY and RSP chosen.
      await page.getByRole('button', { name: 'Add Benchmarks' }).click();
      const benchmarks = page.getByRole('dialog', { name: 'Add Benchmarks' });
      expect(await benchmarks.getByRole('checkbox', { name: /SPY/ }).isChecked()).toBe(true);
      expect(await benchmarks.getByRole('checkbox', { name: /RSP/ }).isChecked()).toBe(true);
      await benchmarks.getByText('SPDR sectors').waitFor();
      await shot(page, 'dialog-benchmarks-desktop');
      await benchmarks.locator('label').filter({ hasText: 'XLK' }).click();
      await benchmarks.getByRole('button', { name: 'Apply' }).click();
      await page
        .getByRole('img', { name: /against SPY, RSP, XLK/ })
        .locator('.apexcharts-legend')
        .getByText('XLK')
        .waitFor();

      // Compare a position to its sector's ETF (the watchlist's dialog).
      await openRow(page, 'NVDA').getByRole('button', { name: 'Actions for NVDA' }).click();
      await page.getByRole('menuitem', { name: 'Compare to Benchmark' }).click();
      await page.getByRole('dialog').locator('.apexcharts-svg').waitFor();
      await shot(page, 'dialog-compare-desktop');
      await page.keyboard.press('Escape');

      // Opened before the last deposit? No: entries after the first deposit stay editable.
      await openRow(page, 'XOM').getByRole('button', { name: 'Edit XOM' }).waitFor();

      // The phone: no sideways scrolling of the page (tables scroll inside their cards).
      const phone = await page.context().newPage();
      await phone.setViewportSize(viewports.phone);
      await phone.goto('/?tab=3');
      await openRow(phone, 'NVDA').waitFor();
      await phone
        .getByRole('img', { name: /against/ })
        .locator('.apexcharts-svg')
        .waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
        false,
      );
      await shot(phone, 'populated-phone', true);
      await openRow(phone, 'NVDA').getByRole('button', { name: 'Actions for NVDA' }).click();
      await phone.getByRole('menuitem', { name: 'Close Position' }).click();
      await phone.getByRole('dialog', { name: 'Close Position' }).waitFor();
      await shot(phone, 'dialog-close-phone');
      await phone.keyboard.press('Escape');
      // On a phone Set funds is in the toolbar's More menu.
      await phone.getByRole('toolbar').getByRole('button', { name: 'More portfolio actions' }).click();
      await phone.getByRole('menuitem', { name: 'Set funds' }).click();
      await shot(phone, 'dialog-set-funds-phone');
      await phone.keyboard.press('Escape');
      await openRow(phone, 'NVDA').getByRole('button', { name: 'Actions for NVDA' }).click();
      await phone.getByRole('menuitem', { name: 'Future Action' }).click();
      await shot(phone, 'dialog-future-action-phone');
      await phone.keyboard.press('Escape');
      await phone.getByRole('toolbar').getByRole('button', { name: 'Add position' }).click();
      await shot(phone, 'dialog-add-phone');
      await phone.keyboard.press('Escape');
    },
  );

  it('shows the new-file state on a phone', async () => {
    const page = await newPage(e2e, viewports.phone);
    await signIn(page, 'admin');
    await page.goto('/?tab=3');
    await page.getByRole('heading', { name: 'Start your file' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await shot(page, 'new-file-phone');
  });
});
