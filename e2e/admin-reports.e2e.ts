import { demoAccounts, type Role } from '@insight/shared';
import { previousTradingDay } from '@insight/shared/market/calendar';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, shot, signInThroughForm, skipReason, startE2E, viewports, type E2E } from './harness';

let e2e: E2E;
let demoUserId: number;
beforeAll(async () => {
  if (skipReason) return;
  // On a machine loaded by parallel runs the gateway's start can miss Fastify's ready timeout (its
  // demo seeding hashes passwords): a second start, from the template already copied, gets slack.
  for (let attempt = 1; ; attempt++) {
    try {
      e2e = await startE2E({
        INGEST: '1',
        ...(process.env.CLIENT_DIST ? { CLIENT_DIST: process.env.CLIENT_DIST } : {}),
      });
      break;
    } catch (error) {
      if (attempt >= 3 || (error as { code?: string }).code !== 'AVV_ERR_READY_TIMEOUT') throw error;
    }
  }
  const app = e2e.gateway.app;
  const demo = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', demoAccounts.find((account) => account.role === 'user')!.email)
    .executeTakeFirstOrThrow();
  demoUserId = demo.id;
  // The demo investor gets a file a month old, so that there is a portfolio to report on.
  const today = app.portfolio.today();
  let start = today;
  for (let i = 0; i < 20; i++) start = previousTradingDay(start);
  await app.portfolio.create(
    { userId: demo.id, admin: true },
    { user: demo.id, name: 'My File', start_budget: 100_000, notes: '', date: start },
  );
}, 400_000);
afterAll(async () => e2e?.close());

const demo = (role: Role) => demoAccounts.find((account) => account.role === role)!;
const live = { timeout: 60_000 };

async function signIn(page: Page, role: Role) {
  await page.goto('/login');
  await signInThroughForm(page, demo(role).email, demo(role).password);
  await page.getByText(`Logged in as ${demo(role).first_name}`).waitFor();
}

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.skipIf(skipReason)('admin reports in the browser', () => {
  it('an admin requests a Clients Portfolios report and sees it done in My reports', async () => {
    const page = await newPage(e2e, { width: 1440, height: 900 });
    await signIn(page, 'admin');
    await page.goto('/?tab=4&tool=clients-portfolios');
    await page.getByRole('heading', { name: 'Clients Portfolios' }).waitFor();
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('please choose a user').waitFor();
    await page.getByRole('combobox', { name: 'Client' }).selectOption(String(demoUserId));
    await page.getByRole('textbox', { name: 'Send to' }).fill('desk@example.test');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('file will be sent by email').waitFor();
    await page.getByText('Done: the report was mailed and is in My reports.').waitFor(live);
    await shot(page, 'clients-portfolios-done-1440');

    await page.goto('/?tab=4&tool=my-reports');
    await page.getByRole('heading', { name: 'My reports' }).waitFor();
    const item = page.getByTestId('job-item').first();
    await expect.poll(() => item.getAttribute('data-state'), live).toBe('done');
    await item.getByText('Clients portfolio report').waitFor();
    await item.getByRole('link', { name: /download/i }).waitFor();
    await shot(page, 'clients-portfolios-my-reports-1440');
    await page.close();
  }, 120_000);

  it('the Research Analyst Team explain tool answers', async () => {
    const page = await newPage(e2e, { width: 1440, height: 900 });
    await signIn(page, 'admin');
    await page.goto('/?tab=4&tool=analyst-team');
    await page.getByRole('heading', { name: 'Research Analyst Team' }).waitFor();
    await page.getByRole('button', { name: 'Explain' }).click();
    await page.getByText('please choose an analyst').waitFor();
    const analyst = page.getByRole('combobox', { name: 'Analyst' });
    const firstAnalyst = await analyst.locator('option').nth(1).getAttribute('value');
    await analyst.selectOption(firstAnalyst!);
    await page.getByRole('combobox', { name: 'Sector' }).selectOption({ label: 'Information Technology' });
    await page.getByRole('button', { name: 'Explain' }).click();
    const section = page.getByRole('region', { name: 'Information Technology team' });
    await section.waitFor();
    await section.getByText(/is (not )?in the Information Technology team as of/).waitFor();
    expect(await section.getByRole('listitem').count()).toBeGreaterThanOrEqual(5);
    await shot(page, 'analyst-team-explain-1440');
    await page.close();
  }, 60_000);

  it('an ordinary user does not see these tools, and cannot open them by address', async () => {
    const page = await newPage(e2e, { width: 1440, height: 900 });
    await signIn(page, 'user');
    await page.goto('/?tab=4');
    const nav = page.getByRole('navigation', { name: 'Tools' });
    await nav.getByRole('link', { name: 'Opportunities Scanner' }).waitFor();
    for (const label of [
      'Clients Portfolios',
      'Research Analyst Team',
      'Admin Investment PL',
      'Admin signal',
    ])
      expect(await nav.getByRole('link', { name: label }).count()).toBe(0);
    await page.goto('/?tab=4&tool=clients-portfolios');
    await page.waitForTimeout(500);
    expect(await page.getByRole('heading', { name: 'Clients Portfolios' }).count()).toBe(0);
    await page.close();
  }, 60_000);

  it('shows the report screens at phone width without horizontal overflow', async () => {
    const page = await newPage(e2e, viewports.phone);
    await signIn(page, 'client_admin');
    await page.goto('/?tab=4&tool=clients-portfolios');
    await page.getByRole('heading', { name: 'Clients Portfolios' }).waitFor();
    await page
      .getByText(/Clients portfolio reports|No user you can report on/)
      .first()
      .waitFor();
    await noHorizontalOverflow(page);
    await shot(page, 'clients-portfolios-390');

    await page.goto('/?tab=4&tool=analyst-team');
    await page.getByRole('heading', { name: 'Research Analyst Team' }).waitFor();
    const analyst = page.getByRole('combobox', { name: 'Analyst' });
    await analyst.waitFor();
    await analyst.selectOption((await analyst.locator('option').nth(1).getAttribute('value'))!);
    await page.getByRole('combobox', { name: 'Explain for' }).selectOption('profile');
    await page.getByRole('combobox', { name: 'Profile' }).selectOption({ label: 'Default' });
    await page.getByRole('button', { name: 'Explain' }).click();
    await page.getByRole('region', { name: 'Explanation' }).waitFor({ timeout: 90_000 });
    await noHorizontalOverflow(page);
    await shot(page, 'analyst-team-explain-390');
    await page.close();
  }, 180_000);
});
