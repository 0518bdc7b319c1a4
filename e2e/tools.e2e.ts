import fs from 'node:fs';
import { demoAccounts, type Role } from '@insight/shared';
import { universeMessages } from '@insight/shared/universes/schemas';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, signInThroughForm, skipReason, startE2E, viewports, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  // CLIENT_DIST: a build of one's own, when others rebuild client/dist meanwhile.
  if (!skipReason)
    e2e = await startE2E({
      INGEST: '1',
      ...(process.env.CLIENT_DIST ? { CLIENT_DIST: process.env.CLIENT_DIST } : {}),
    });
}, 180_000);
afterAll(async () => e2e?.close());

/** Screens to look at (SCREENSHOTS=1): the viewport, under SHOTS_DIR or /tmp/shots, as tools-<name>.png. */
async function shot(page: Page, name: string, fullPage = false) {
  if (process.env.SCREENSHOTS !== '1') return;
  const dir = process.env.SHOTS_DIR ?? '/tmp/shots';
  fs.mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(400); // a dialog's opening animation
  await page.screenshot({ path: `${dir}/tools-${name}.png`, fullPage });
}

const demo = (role: Role) => demoAccounts.find((account) => account.role === role)!;
const slack = { timeout: 15_000 };

async function signIn(page: Page, role: Role) {
  await page.goto('/login');
  await signInThroughForm(page, demo(role).email, demo(role).password);
  await page.getByText(`Logged in as ${demo(role).first_name}`).waitFor(slack);
}

// The spec's five, then ours: the user's jobs.
const everyone = [
  'Opportunities Scanner',
  'Market Data',
  'Backtest',
  'Universes',
  'Portfolio Notifications',
  'My reports',
];
const adminGroup = [
  'Clients Portfolios',
  'Strategy Backtest',
  'Research Analyst Team',
  'Admin Investment PL',
  'Admin signal',
  'Universe symbols history',
];
const systemGroup = [
  'Add Symbols',
  'Update Earnings Date',
  'User Orders by User ID',
  'Copy portfolio from user to user',
  'Throttled sign-ins',
];

const menu = (page: Page) => page.getByRole('navigation', { name: 'Tools' });
const menuEntries = async (page: Page) => {
  await menu(page).getByRole('link').first().waitFor(slack);
  return menu(page).getByRole('link').allTextContents();
};
const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.skipIf(skipReason)('the Tools area in a real browser', () => {
  it('an ordinary user sees the five entries, views the universes and cannot edit them', async () => {
    const page = await newPage(e2e);
    await signIn(page, 'user');
    await page.goto('/?tab=4');
    expect(await menuEntries(page)).toEqual(everyone);
    await page.getByRole('heading', { name: 'Opportunities Scanner' }).waitFor(slack);
    await shot(page, 'scanner-placeholder-desktop');

    await menu(page).getByRole('link', { name: 'Universes' }).click();
    await page.getByRole('heading', { name: 'Universes', exact: true }).waitFor(slack);
    expect(new URL(page.url()).search).toBe('?tab=4&tool=universes');
    await page.getByRole('button', { name: 'View S&P500' }).waitFor(slack);
    expect(await page.getByRole('button', { name: /New universe/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    // Each built-in universe says what it holds: the whole index, or a sample of it and how much.
    const row = (name: string) =>
      page.getByTestId('universe-row').filter({ hasText: new RegExp(`^${name}`) });
    expect(await row('S&P500').textContent()).toContain('The S&P 500: all 503 members');
    expect(await row('RUSSELL2000').textContent()).toMatch(
      /A sample of the Russell 2000: \d+ of its about 2,000 members/,
    );
    await shot(page, 'universes-user-desktop');

    // Viewing: the symbols, the filter upper-cases, nothing to change.
    await page.getByRole('button', { name: 'View S&P500' }).click();
    const dialog = page.getByRole('dialog', { name: 'Universe' });
    await dialog.getByText('AAPL', { exact: true }).waitFor(slack);
    await dialog.getByLabel('Filter symbols').fill('aap');
    expect(await dialog.getByLabel('Filter symbols').inputValue()).toBe('AAP');
    expect(await dialog.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /Save/ }).count()).toBe(0);
    await shot(page, 'universe-view-desktop');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();

    // The admin groups are not there, and an admin tool by URL is refused.
    await page.goto('/?tab=4&tool=universe-history');
    await page.getByRole('heading', { name: 'You do not have permission' }).waitFor(slack);
    await page.context().close();
  });

  it('a client admin creates a universe, finds it after a reload, edits and deletes it', async () => {
    const page = await newPage(e2e);
    await signIn(page, 'client_admin');
    await page.goto('/?tab=4&tool=universes');
    expect(await menuEntries(page)).toEqual([...everyone, ...adminGroup]);
    await page.getByRole('button', { name: /New universe/ }).click();
    const create = page.getByRole('dialog', { name: 'New universe' });
    await create.getByRole('button', { name: 'Create universe' }).click();
    await create.getByText(universeMessages.nameRequired).waitFor(slack);
    await create.getByLabel('Name').fill('My tech');
    await create.getByLabel('Symbols').fill('aapl, msft\nnvda zzzq9');
    await shot(page, 'universe-create-desktop');
    await create.getByRole('button', { name: 'Create universe' }).click();
    await page
      .getByRole('alertdialog', { name: 'Create universe' })
      .getByRole('button', { name: 'Create' })
      .click();
    // An unknown symbol is refused by name.
    await create
      .getByText(/unknown symbol: ZZZQ9/)
      .first()
      .waitFor(slack);
    await create.getByLabel('Symbols').fill('aapl, msft\nnvda');
    await create.getByRole('button', { name: 'Create universe' }).click();
    await page
      .getByRole('alertdialog', { name: 'Create universe' })
      .getByRole('button', { name: 'Create' })
      .click();
    await page.getByText(universeMessages.created).first().waitFor(slack);
    await create.waitFor({ state: 'detached', ...slack });

    await page.reload();
    const row = page.getByTestId('universe-row').filter({ hasText: 'My tech' });
    await row.waitFor(slack);
    expect(await row.textContent()).toContain('3 symbols');
    expect(new URL(page.url()).search).toBe('?tab=4&tool=universes');
    await shot(page, 'universes-client-admin-desktop');

    // Edit: remove one symbol, add one, rename; saved after a confirmation.
    await page.getByRole('button', { name: 'Edit My tech' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit universe' });
    await edit.getByRole('button', { name: 'Remove MSFT' }).click();
    await edit.getByLabel('Add symbols').fill('jpm');
    await edit.getByLabel('Name').fill('My picks');
    await shot(page, 'universe-edit-desktop');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    const confirmSave = page.getByRole('alertdialog', { name: 'Save universe' });
    await confirmSave.getByText(universeMessages.confirmSave).waitFor(slack);
    await confirmSave.getByRole('button', { name: 'Save' }).click();
    await page.getByText(universeMessages.saved).first().waitFor(slack);
    const renamed = page.getByTestId('universe-row').filter({ hasText: 'My picks' });
    await renamed.waitFor(slack);
    expect(await renamed.textContent()).toContain('3 symbols');
    await page.getByRole('button', { name: 'Edit My picks' }).click();
    const again = page.getByRole('dialog', { name: 'Edit universe' });
    await again.getByText('JPM', { exact: true }).waitFor(slack);
    expect(await again.getByText('MSFT', { exact: true }).count()).toBe(0);
    await again.getByRole('button', { name: 'Cancel' }).click();

    // Delete, after the spec's confirmation.
    await page.getByRole('button', { name: 'Delete My picks' }).click();
    const confirmDelete = page.getByRole('alertdialog', { name: 'Delete universe' });
    await confirmDelete.getByText(universeMessages.confirmDelete).waitFor(slack);
    await shot(page, 'universe-delete-desktop');
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(universeMessages.deleted).first().waitFor(slack);
    await renamed.waitFor({ state: 'detached', ...slack });
    await page.reload();
    await page.getByRole('button', { name: 'View S&P500' }).waitFor(slack);
    expect(await page.getByTestId('universe-row').filter({ hasText: 'My picks' }).count()).toBe(0);

    // The symbols history, an admin tool, from the menu.
    await menu(page).getByRole('link', { name: 'Universe symbols history' }).click();
    await page.getByRole('button', { name: 'Show history' }).click();
    await page.getByRole('status').filter({ hasText: 'S&P500' }).waitFor(slack);
    await page.getByRole('table').getByText('Entered').first().waitFor(slack);
    await shot(page, 'universe-history-desktop');
    await page.context().close();
  });

  it('a system admin sees every group; the tool stays in the URL after a reload; the phone gets a select', async () => {
    const page = await newPage(e2e);
    await signIn(page, 'admin');
    await page.goto('/?tab=4&opp=1');
    expect(await menuEntries(page)).toEqual([...everyone, ...adminGroup, ...systemGroup]);
    await page.getByRole('heading', { name: 'Market Data' }).waitFor(slack);
    await menu(page).getByRole('link', { name: 'Portfolio Notifications' }).click();
    await page.getByRole('heading', { name: 'Portfolio Notifications' }).waitFor(slack);
    await page.reload();
    await page.getByRole('heading', { name: 'Portfolio Notifications' }).waitFor(slack);
    expect(new URL(page.url()).searchParams.get('tool')).toBe('portfolio-notifications');
    await shot(page, 'notifications-report-desktop');

    // The report downloads as a CSV.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download report' }).click();
    expect((await download).suggestedFilename()).toMatch(/^portfolio-notifications-.*\.csv$/);

    await menu(page).getByRole('link', { name: 'Add Symbols' }).click();
    await page.getByRole('textbox', { name: 'Symbols' }).waitFor(slack);
    await page.context().close();

    const phone = await newPage(e2e, viewports.phone);
    await signIn(phone, 'admin');
    await phone.goto('/?tab=4&tool=universes');
    await phone.getByRole('heading', { name: 'Universes', exact: true }).waitFor(slack);
    await phone.getByRole('button', { name: 'View S&P500' }).waitFor(slack);
    expect(await menu(phone).isVisible()).toBe(false);
    expect(await noSideways(phone)).toBe(true);
    await shot(phone, 'universes-phone');
    await phone.getByRole('combobox', { name: 'Tool' }).selectOption('universe-history');
    await phone.getByRole('heading', { name: 'Universe symbols history' }).waitFor(slack);
    expect(new URL(phone.url()).searchParams.get('tool')).toBe('universe-history');
    await phone.getByRole('button', { name: 'Show history' }).click();
    await phone.getByRole('table').getByText('Entered').first().waitFor(slack);
    expect(await noSideways(phone)).toBe(true);
    await shot(phone, 'universe-history-phone');
    await phone.goto('/?tab=4&tool=universes');
    await phone.getByRole('button', { name: 'View S&P500' }).click();
    await phone.getByRole('dialog', { name: 'Universe' }).getByText('AAPL', { exact: true }).waitFor(slack);
    expect(await noSideways(phone)).toBe(true);
    await shot(phone, 'universe-view-phone');
    await phone.context().close();
  });
});
