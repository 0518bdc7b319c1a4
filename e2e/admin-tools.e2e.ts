import fs from 'node:fs';
import path from 'node:path';
import { demoAccounts, type Role } from '@insight/shared';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, signInThroughForm, skipReason, startE2E, viewports, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  if (skipReason) return;
  e2e = await startE2E({
    INGEST: '1',
    ...(process.env.CLIENT_DIST ? { CLIENT_DIST: process.env.CLIENT_DIST } : {}),
  });
}, 240_000);
afterAll(async () => e2e?.close());

const demo = (role: Role) => demoAccounts.find((account) => account.role === role)!;
// A push must arrive without a reload; a loaded CI machine gets slack.
const live = { timeout: 60_000 };

async function snap(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  const dir = process.env.SHOTS_DIR ?? new URL('./.artifacts/', import.meta.url).pathname;
  fs.mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

async function signIn(page: Page, role: Role) {
  await page.goto('/login');
  await signInThroughForm(page, demo(role).email, demo(role).password);
  await page.getByText(`Logged in as ${demo(role).first_name}`).waitFor();
}

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.skipIf(skipReason)('admin utilities and My reports in the browser', () => {
  it('adds a symbol: the job’s progress shows live, then the report list offers it done', async () => {
    // The ingestion stops so that the symbol taken out stays out until the admin adds it.
    await e2e.gateway.app.ingestor.stop();
    for (const table of ['ratings', 'daily_bars', 'quotes', 'earnings', 'companies']) {
      await sql`delete from ${sql.table(table)} where symbol = 'NFLX'`.execute(e2e.gateway.app.db);
    }
    const page = await newPage(e2e, { width: 1440, height: 900 });
    await signIn(page, 'admin');
    await page.goto('/?tab=4&tool=add-symbols');
    await page.getByRole('heading', { name: 'Add Symbols' }).waitFor();
    await page.getByRole('button', { name: 'Add Symbols' }).click();
    await page.getByText('please set symbol names').waitFor();
    await page.getByRole('textbox', { name: 'Symbols' }).fill('zzzq1');
    await page.getByRole('button', { name: 'Add Symbols' }).click();
    await page.getByText('Unknown symbol: ZZZQ1').waitFor();
    await snap(page, 'add-symbols-error-1440');

    await page.getByRole('textbox', { name: 'Symbols' }).fill('nflx');
    await page.getByRole('button', { name: 'Add Symbols' }).click();
    await page.getByText(/Adding 1 symbol: NFLX/).waitFor();
    await page.getByText('Done: the symbols are in the system.').waitFor(live);
    const item = page.getByTestId('job-item').first();
    await expect.poll(() => item.getAttribute('data-state'), live).toBe('done');
    await snap(page, 'add-symbols-done-1440');

    await page.goto('/?tab=4&tool=my-reports');
    await page.getByRole('heading', { name: 'My reports' }).waitFor();
    await expect.poll(() => page.getByTestId('job-item').first().getAttribute('data-state')).toBe('done');
    await snap(page, 'my-reports-1440');
    await page.close();
  }, 120_000);

  it('shows each admin screen at phone width without horizontal overflow', async () => {
    const page = await newPage(e2e, viewports.phone);
    await signIn(page, 'admin');
    for (const [tool, heading] of [
      ['add-symbols', 'Add Symbols'],
      ['earnings-date', 'Update Earnings Date'],
      ['user-orders', 'User Orders by User ID'],
      ['copy-portfolio', 'Copy portfolio from user to user'],
    ] as const) {
      await page.goto(`/?tab=4&tool=${tool}`);
      await page.getByRole('heading', { name: heading }).waitFor();
      await noHorizontalOverflow(page);
      await snap(page, `${tool}-390`);
    }
    await page.getByRole('button', { name: 'Copy Portfolio' }).click();
    await page.getByText('missing users').waitFor();
    await page.goto('/?tab=4&tool=my-reports');
    await page.getByRole('heading', { name: 'My reports' }).waitFor();
    await noHorizontalOverflow(page);
    await snap(page, 'my-reports-390');
    await page.close();
  }, 120_000);

  it('keeps the admin screens from an ordinary user', async () => {
    const page = await newPage(e2e, viewports.desktop);
    await signIn(page, 'user');
    await page.goto('/?tab=4&tool=copy-portfolio');
    await page.waitForTimeout(1000);
    expect(await page.getByRole('heading', { name: 'Copy portfolio from user to user' }).count()).toBe(0);
    await page.close();
  }, 60_000);
});
