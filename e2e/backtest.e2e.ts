import { demoAccounts, type Role } from '@insight/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, shot, signInThroughForm, skipReason, startE2E, viewports, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  if (!skipReason) e2e = await startE2E({ INGEST: '1' });
}, 180_000);
afterAll(async () => e2e?.close());

const demo = (role: Role) => demoAccounts.find((account) => account.role === role)!;
const slack = { timeout: 60_000 };

async function signIn(page: Page, role: Role) {
  await page.goto('/login');
  await signInThroughForm(page, demo(role).email, demo(role).password);
  await page.getByText(`Logged in as ${demo(role).first_name}`).waitFor(slack);
}

/** YYYY-MM of the newest bar shifted by months. */
async function monthOfData(shift: number) {
  const row = await e2e.gateway.app.db
    .selectFrom('daily_bars')
    .select((eb) => eb.fn.max('date').as('date'))
    .where('symbol', '=', 'SPY')
    .executeTakeFirstOrThrow();
  const [y, m] = String(row.date).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + shift, 1)).toISOString().slice(0, 7);
}

describe.skipIf(skipReason)('the backtests in a real browser', () => {
  it('draws a backtest chart of symbols against SPY, with benchmarks offered once symbols are typed', async () => {
    const page = await newPage(e2e);
    await signIn(page, 'user');
    await page.goto('/?tab=4&tool=backtest');
    const form = page.getByRole('form', { name: 'Backtest' });
    await form.waitFor(slack);
    expect(await page.getByRole('group', { name: 'Benchmarks' }).count()).toBe(0);
    await form.getByLabel('From month').fill(await monthOfData(-3));
    await form.getByLabel('To month').fill(await monthOfData(-1));
    await form.getByLabel('Symbols').fill('aapl, msft');
    await page.getByRole('group', { name: 'Benchmarks' }).waitFor();
    await form.getByRole('button', { name: 'Generate Backtest Report' }).click();
    const figures = page.getByRole('table', { name: 'Backtest figures' });
    await figures.waitFor(slack);
    for (const name of ['AAPL', 'MSFT', 'Equal weight', 'SPY'])
      await figures.getByRole('cell', { name, exact: true }).waitFor();
    expect(
      await page.locator('[data-testid="backtest-chart"] svg path.apexcharts-line').count(),
    ).toBeGreaterThanOrEqual(4);
    await shot(page, 'backtest-chart-desktop');
  });

  it(
    'requests a strategy backtest, watches its progress move in My reports, and downloads the file',
    { timeout: 240_000 },
    async () => {
      const page = await newPage(e2e);
      await signIn(page, 'admin');
      await page.goto('/?tab=4&tool=strategy-backtest');
      const form = page.getByRole('form', { name: 'Strategy backtest' });
      await form.waitFor(slack);
      await form
        .getByRole('combobox', { name: 'Universe' })
        .locator('option', { hasText: 'S&P500' })
        .waitFor({ state: 'attached' });
      // Spec 002 §5: no recipient, "missing data".
      await form.getByLabel('Recipient').fill('');
      await form.getByRole('button', { name: 'Run Strategy Backtest' }).click();
      await form.getByText('missing data').waitFor();
      await form.getByLabel('Recipient').fill('boss@example.test');
      await form.getByLabel('Processed months').selectOption('1');
      await form.getByLabel('Stocks per portfolio').fill('5');
      await form.getByLabel('From month').fill(await monthOfData(-4));
      await form.getByLabel('To month').fill(await monthOfData(-1));
      await form.getByRole('button', { name: 'Run Strategy Backtest' }).click();
      await page.getByText(/Request received/).waitFor(slack);

      // My reports, opened once: the bar moves without a reload.
      await page.getByRole('link', { name: 'My reports' }).first().click();
      await page.getByRole('heading', { name: 'My reports' }).waitFor(slack);
      const item = page.getByTestId('job-item').first();
      await item.getByText('Strategy backtest').waitFor(slack);
      const seen = new Set<string>();
      const url = page.url();
      const end = Date.now() + 200_000;
      while (Date.now() < end) {
        const text = (await item.textContent().catch(() => '')) ?? '';
        const percent = /(\d+)%/.exec(text)?.[1];
        if (percent !== undefined) seen.add(percent);
        if ((await item.getAttribute('data-state')) === 'done') break;
        await page.waitForTimeout(100);
      }
      expect(await item.getAttribute('data-state')).toBe('done');
      expect(page.url()).toBe(url);
      expect(seen.size).toBeGreaterThanOrEqual(2);
      await shot(page, 'backtest-my-reports-desktop');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        item.getByRole('link', { name: 'Download' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^strategy-backtest-.*\.xlsx$/);
    },
  );

  it('fits a phone: the backtest screen and its chart without horizontal overflow', async () => {
    const page = await newPage(e2e, viewports.phone);
    await signIn(page, 'user');
    await page.goto('/?tab=4&tool=backtest');
    const form = page.getByRole('form', { name: 'Backtest' });
    await form.waitFor(slack);
    await form.getByLabel('From month').fill(await monthOfData(-3));
    await form.getByLabel('To month').fill(await monthOfData(-1));
    await form.getByLabel('Symbols').fill('NVDA');
    await form.getByRole('button', { name: 'Generate Backtest Report' }).click();
    await page.getByRole('table', { name: 'Backtest figures' }).waitFor(slack);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'backtest-chart-phone');
  });
});
