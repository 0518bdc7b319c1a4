import fs from 'node:fs';
import path from 'node:path';
import { demoAccounts, demoAppId, type Role } from '@insight/shared';
import { appMessages } from '@insight/shared/apps/schemas';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../gateway/test/factories/users';
import { newPage, signInThroughForm, skipReason, startE2E, viewports, type E2E } from './harness';

let e2e: E2E;
/** An app user on trial (no subscription), offline while the notification is sent. */
const trialAppId = 'tara-trial-app';
beforeAll(async () => {
  if (skipReason) return;
  // CLIENT_DIST: a build of one's own, when others rebuild client/dist meanwhile.
  e2e = await startE2E({
    INGEST: '1',
    ...(process.env.CLIENT_DIST ? { CLIENT_DIST: process.env.CLIENT_DIST } : {}),
  });
  const validTo = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await createUser(e2e.gateway.app, {
    first_name: 'Tara',
    app_id: trialAppId,
    app_flavor: 'insight',
    account: { trail: true, trial_days: 30, valid_to: validTo },
  });
}, 180_000);
afterAll(async () => e2e?.close());

const demo = (role: Role) => demoAccounts.find((account) => account.role === role)!;
/** What a push may take to show on another device. */
// A push must arrive without a reload; how fast is measured by bench/, so a loaded CI machine gets slack here.
const live = { timeout: 10_000 };

/** The viewport, when SCREENSHOTS=1: under SHOTS_DIR if set, else e2e/.artifacts/. */
async function snap(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  const dir = process.env.SHOTS_DIR ?? new URL('./.artifacts/', import.meta.url).pathname;
  fs.mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(400); // animations settle
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

async function signIn(page: Page, role: Role) {
  await page.goto('/login');
  await signInThroughForm(page, demo(role).email, demo(role).password);
  await page.getByText(`Logged in as ${demo(role).first_name}`).waitFor();
}

/** The mobile view as the native app opens it, with what it posts to the app recorded. */
async function openMobileView(
  width: number,
  height: number,
  appId = demoAppId,
  name: string = demo('user').first_name,
) {
  const context = await e2e.browser.newContext({ viewport: { width, height }, baseURL: e2e.baseUrl });
  await context.addInitScript(() => {
    const posted: unknown[] = [];
    Object.assign(window, {
      posted,
      ReactNativeWebView: { postMessage: (text: string) => posted.push(JSON.parse(text)) },
    });
  });
  const page = await context.newPage();
  await page.goto(`/apphome?id=${appId}`);
  await page.getByRole('heading', { name: `Welcome, ${name}` }).waitFor();
  return page;
}
const postedBy = (page: Page) => page.evaluate(() => (window as unknown as { posted: unknown[] }).posted);

describe.skipIf(skipReason)('app portfolios and Notify Users in a real browser', () => {
  it('adds a portfolio (month rules), its symbols (SPY warning), and a confirmed notification reaches the mobile view live', async () => {
    const mobile = await openMobileView(viewports.phone.width, viewports.phone.height);
    await mobile.getByRole('heading', { name: 'Top ratings' }).waitFor();
    // The demo user has a subscription: no premium buttons.
    expect(await mobile.getByRole('button', { name: 'Get Premium' }).count()).toBe(0);
    expect(await mobile.getByRole('button', { name: 'Go Premium' }).count()).toBe(0);
    expect(await postedBy(mobile)).toContainEqual({
      type: 'ready',
      user_id: expect.any(Number),
      app: 'insight',
    });

    const page = await newPage(e2e, { width: 1280, height: 860 });
    await signIn(page, 'admin');
    await page.goto('/appportfolios');
    await page.getByRole('heading', { name: 'App portfolios' }).waitFor();
    await expect.poll(() => page.getByLabel('App', { exact: true }).inputValue()).toBe('insight');
    await page.getByText('No portfolios for this app yet').waitFor();

    // A bad month, then a good one.
    const form = page.getByRole('form', { name: 'Add a portfolio' });
    await form.getByLabel('Name').fill('Browser picks');
    await form.getByLabel('Month').fill('2024-13');
    await form.getByRole('button', { name: 'Add portfolio' }).click();
    await form.getByText(appMessages.monthFormat).waitFor();
    await form.getByLabel('Name').fill('');
    await form.getByLabel('Month').fill('2024-3');
    await form.getByRole('button', { name: 'Add portfolio' }).click();
    await form.getByText(appMessages.nameRequired).waitFor();
    await form.getByLabel('Name').fill('Browser picks');
    await form.getByRole('button', { name: 'Add portfolio' }).click();
    await page.getByText(appMessages.portfolioAdded).waitFor();
    expect(await form.getByText(appMessages.monthFormat).count()).toBe(0);

    // Select it: no symbols, so the SPY warning.
    await page.getByRole('button', { name: 'Edit Browser picks' }).click();
    const editor = page.getByRole('region', { name: 'Browser picks', exact: true });
    await editor.getByText('From 03/2024').waitFor();
    await editor.getByText(appMessages.missingSpy).waitFor();

    const symbols = editor.getByRole('form', { name: 'Add a symbol' });
    await symbols.getByLabel('Symbol').fill('aapl');
    await symbols.getByLabel('Entry price').fill('150.25');
    await symbols.getByRole('button', { name: 'Add symbol' }).click();
    const aapl = editor.locator('[data-symbol="AAPL"]');
    await aapl.waitFor();
    expect(await aapl.innerText()).toContain('$150.25');
    await editor.getByText(appMessages.missingSpy).waitFor();

    await symbols.getByLabel('Symbol').fill('SPY');
    await symbols.getByRole('button', { name: 'Add symbol' }).click();
    await editor.locator('[data-symbol="SPY"]').waitFor();
    await editor.getByText(appMessages.missingSpy).waitFor({ state: 'detached' });

    // Active, by its checkbox; the list row follows.
    const stored = () =>
      e2e.gateway.app.db
        .selectFrom('app_portfolios')
        .select(['active', 'month'])
        .where('title', '=', 'Browser picks')
        .executeTakeFirstOrThrow();
    expect(await stored()).toEqual({ active: false, month: '2024-03-01' });
    await editor.getByText('Active', { exact: true }).click();
    await expect.poll(stored).toEqual({ active: true, month: '2024-03-01' });
    await page.getByRole('list', { name: 'Portfolios' }).getByText('Active', { exact: true }).waitFor();
    await snap(page, 'appportfolios-desktop');

    // Notify Users: text required, then a confirmation, then the mobile view shows it at once.
    await page.getByRole('tab', { name: 'Notify Users' }).click();
    const notifyForm = page.getByRole('form', { name: 'Notify users' });
    await notifyForm.getByRole('button', { name: 'Send', exact: true }).click();
    await notifyForm.getByText(appMessages.textRequired).waitFor();
    await notifyForm.getByLabel('Message').fill('New portfolio for March is live');
    await notifyForm.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(appMessages.confirmSend('Insight')).waitFor();
    await snap(page, 'appportfolios-notify-confirm-desktop');
    // Nothing goes before the confirmation.
    expect(await mobile.getByText('New portfolio for March is live').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Send to all users' }).click();
    await page.getByText(appMessages.notificationsQueued).waitFor();

    await mobile.getByText('New portfolio for March is live').waitFor(live);
    expect(await postedBy(mobile)).toContainEqual({
      type: 'notification',
      id: expect.any(Number),
      msg: 'New portfolio for March is live',
      at: expect.any(String),
    });
    await snap(mobile, 'apphome-phone');
    await mobile.context().close();
    await page.context().close();
  });

  it('looks finished on a phone and a desktop (screenshots)', async () => {
    const phone = await newPage(e2e, viewports.phone);
    await signIn(phone, 'admin');
    await phone.goto('/appportfolios');
    await phone.getByRole('button', { name: 'Edit Browser picks' }).click();
    const editor = phone.getByRole('region', { name: 'Browser picks', exact: true });
    await editor.locator('[data-symbol="SPY"]').waitFor();
    await phone.evaluate(() => window.scrollTo(0, 0));
    await snap(phone, 'appportfolios-phone');
    await editor.scrollIntoViewIfNeeded();
    await snap(phone, 'appportfolios-phone-editor');
    await phone.getByRole('tab', { name: 'Notify Users' }).click();
    await snap(phone, 'appportfolios-notify-phone');
    await phone.context().close();

    // The demo user was online when it was sent: delivered then, never again.
    const again = await openMobileView(1280, 860);
    await again.getByRole('heading', { name: 'Top news' }).waitFor();
    await again.waitForTimeout(1_000);
    expect(await again.getByText('New portfolio for March is live').count()).toBe(0);
    await again.context().close();
  });

  it('delivers it to a user who was offline when they next open the app, once; without a subscription, Get/Go Premium', async () => {
    const trial = await openMobileView(viewports.phone.width, viewports.phone.height, trialAppId, 'Tara');
    await trial.getByText('New portfolio for March is live').waitFor(live);
    await trial.getByRole('button', { name: 'Get Premium' }).click();
    await trial.getByRole('button', { name: 'Go Premium' }).click();
    const posted = await postedBy(trial);
    expect(posted).toContainEqual({ type: 'go_premium', source: 'get_premium' });
    expect(posted).toContainEqual({ type: 'go_premium', source: 'go_premium' });
    expect(posted.filter((message) => (message as { type: string }).type === 'notification')).toHaveLength(1);
    await trial.evaluate(() => window.scrollTo(0, 0));
    await snap(trial, 'apphome-phone-trial');
    await trial.context().close();

    // Opened again (another device): taken from the outbox once, so not shown again.
    const desktop = await openMobileView(1280, 860, trialAppId, 'Tara');
    await desktop.getByRole('heading', { name: 'Top news' }).waitFor();
    await desktop.waitForTimeout(1_000);
    expect(await desktop.getByText('New portfolio for March is live').count()).toBe(0);
    await snap(desktop, 'apphome-desktop');
    await desktop.context().close();
  });
});
