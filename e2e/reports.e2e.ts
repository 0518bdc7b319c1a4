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
const slack = { timeout: 30_000 };

async function signIn(page: Page, role: Role) {
  await page.goto('/login');
  await signInThroughForm(page, demo(role).email, demo(role).password);
  await page.getByText(`Logged in as ${demo(role).first_name}`).waitFor();
}

async function chartsDraw(page: Page) {
  await page.getByTestId('market-trend-chart').locator('svg.apexcharts-svg').waitFor(slack);
  await page.getByTestId('sector-trend-chart').locator('svg.apexcharts-svg').waitFor(slack);
  expect(
    await page.getByTestId('market-trend-chart').locator('.apexcharts-series path').count(),
  ).toBeGreaterThan(0);
  expect(
    await page.getByTestId('sector-trend-chart').locator('.apexcharts-bar-area').count(),
  ).toBeGreaterThan(0);
}

describe.skipIf(skipReason)('Market Data in a real browser', () => {
  it(
    'draws the market and sector trend charts, requests a report, follows it in My reports and downloads it',
    { timeout: 180_000 },
    async () => {
      const page = await newPage(e2e);
      await signIn(page, 'user');
      await page.goto('/?tab=4&tool=market-data');
      await page.getByRole('heading', { name: 'Market Data', exact: true }).waitFor();
      await chartsDraw(page);

      // A narrow range is refused on the screen.
      const range = page.getByRole('form', { name: 'Market trend range' });
      const to = await range.getByLabel('To').inputValue();
      await range.getByLabel('From').fill(to);
      await range.getByRole('button', { name: 'Show' }).click();
      await page.getByText('Please select a wider date range').waitFor();

      // Download waits for a sector; one sector of a scored report is enough.
      const form = page.getByRole('form', { name: 'Market Data report' });
      const download = form.getByRole('button', { name: 'Download' });
      expect(await download.isDisabled()).toBe(true);
      await form.getByText('IT', { exact: true }).click();
      expect(await download.isDisabled()).toBe(false);
      await shot(page, 'reports-market-data-desktop');
      await download.click();
      await page
        .getByTestId('report-ack')
        .getByText(
          'Your request was received, please note that this process may take up to one hour to complete.',
        )
        .waitFor(slack);
      await page
        .getByText(/The report request was successfully sent\./)
        .first()
        .waitFor(slack);

      // The job appears and finishes in the list without a reload.
      const list = page.getByRole('list', { name: 'Requested reports' });
      const item = list.getByTestId('job-item').first();
      await item.waitFor(slack);
      await list.locator('[data-testid="job-item"][data-state="done"]').first().waitFor({ timeout: 90_000 });
      const [file] = await Promise.all([
        page.waitForEvent('download', slack),
        list
          .locator('[data-testid="job-item"][data-state="done"]')
          .first()
          .getByRole('link', { name: 'Download' })
          .click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/^market-data-.*\.xlsx$/);
      await shot(page, 'reports-market-data-done-desktop');
    },
  );

  it('fits a phone: the charts draw and nothing overflows sideways', { timeout: 120_000 }, async () => {
    const page = await newPage(e2e, viewports.phone);
    await signIn(page, 'user');
    await page.goto('/?tab=4&tool=market-data');
    await page.getByRole('heading', { name: 'Market Data', exact: true }).waitFor();
    await chartsDraw(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'reports-market-data-phone');
  });
});
