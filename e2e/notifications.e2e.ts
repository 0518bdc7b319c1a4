import fs from 'node:fs';
import { demoAccounts, portfolioApi, portfolioMessages } from '@insight/shared';
import { isTradingDay, newYorkDate, previousTradingDay } from '@insight/shared/market/calendar';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn as signInOverHttp } from '../gateway/test/factories/users';
import { HttpClient } from '../gateway/test/http';
import { newPage, signInThroughForm, skipReason, startE2E, viewports, type E2E } from './harness';

let e2e: E2E;
let admin: HttpClient;
beforeAll(async () => {
  if (skipReason) return;
  e2e = await startE2E({ INGEST: '1', SIM_CONTROL: '1' });
  admin = new HttpClient(e2e.baseUrl);
  await signInOverHttp(
    admin,
    demoAccounts.find((account) => account.role === 'admin')!,
  );
}, 180_000);
afterAll(async () => e2e?.close());

/** Screens to look at (not to assert), of the viewport: into /tmp/shots when SCREENSHOTS=1. */
async function viewShot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  fs.mkdirSync('/tmp/shots', { recursive: true });
  await page.waitForTimeout(400); // the opening animation
  await page.screenshot({ path: `/tmp/shots/notifications-${name}.png` });
}

const tradingDaysBack = (count: number) => {
  const today = newYorkDate(new Date());
  let day = isTradingDay(today) ? today : previousTradingDay(today);
  for (let i = 0; i < count; i++) day = previousTradingDay(day);
  return day;
};

const quoteOf = async (symbol: string) =>
  Number(
    (
      await e2e.gateway.app.db
        .selectFrom('quotes')
        .select('last_price')
        .where('symbol', '=', symbol)
        .executeTakeFirstOrThrow()
    ).last_price,
  );

/** A new investor with a file holding `symbol` long at its price now; signed in on a page at the portfolio. */
async function investorAtPortfolio(
  symbol: string,
  viewport: { width: number; height: number } = viewports.desktop,
) {
  const user = await createUser(e2e.gateway.app);
  const api = new HttpClient(e2e.baseUrl);
  await signInOverHttp(api, user);
  const date = tradingDaysBack(3);
  const created = await api.post(portfolioApi.create, { start_budget: 1_000_000, date });
  expect(created.status, created.text).toBe(200);
  const price = await quoteOf(symbol);
  const added = await api.post(portfolioApi.addPositions, {
    portfolio_id: created.body.id,
    items: [{ type: 'Buy', symbol, date, price: price.toFixed(2), quantity: 10 }],
  });
  expect(added.status, added.text).toBe(200);

  const page = await newPage(e2e, viewport);
  await page.goto('/login');
  await signInThroughForm(page, user.email, user.password);
  await page.getByText('Logged in as Test').waitFor();
  await page.goto('/?tab=3');
  await page.getByRole('toolbar', { name: 'Portfolio actions' }).waitFor();
  return { page, portfolioId: created.body.id as number, price, api };
}

const moveTo = async (symbol: string, lastPrice: number) => {
  const response = await admin.post('/api/sim/quotes', {
    symbol,
    lastPrice: Math.round(lastPrice * 100) / 100,
  });
  expect(response.status, response.text).toBe(200);
};

describe.skipIf(skipReason)('portfolio notifications in a real browser', () => {
  it("lights the bell's red dot live when a stop-loss is crossed, and the popover marks it seen", async () => {
    const { page, portfolioId, price, api } = await investorAtPortfolio('NVDA');
    const bell = page.getByTestId('notifications-bell');
    await bell.waitFor();
    const dot = page.getByTestId('notifications-dot');
    // Rules other than the stop-loss may fire on a fresh file (an earnings date, a new rating): clear them.
    await page.waitForTimeout(500);
    await api.get(`/api/file/set_portfolio_notifications_pop/${portfolioId}/100`);
    await page.reload();
    await bell.waitFor();
    expect(await dot.count()).toBe(0);

    await moveTo('NVDA', price * 0.85);
    await dot.waitFor({ timeout: 10_000 });
    await expect.poll(() => bell.getAttribute('aria-label')).toMatch(/unseen/);

    await bell.click();
    const item = page.getByTestId('notification-item').filter({ hasText: 'Stop-loss: NVDA' });
    await item.waitFor();
    await viewShot(page, 'popover-desktop');
    // Opening marked it seen: the dot goes, and the server agrees.
    await dot.waitFor({ state: 'detached', timeout: 10_000 });
    const month = await api.get(`/api/file/get_portfolio_last_month_notifications/${portfolioId}`);
    expect(month.body.unseen).toBe(0);
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it("saves the monitor settings from the Settings dialog's two tabs", async () => {
    const { page, portfolioId, api } = await investorAtPortfolio('AAPL');
    await page.getByRole('button', { name: 'Monitor settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Portfolio Monitor' }).waitFor();
    const stopLoss = dialog.getByLabel('Stop-loss since entry value');
    await stopLoss.fill('123');
    // Two characters at most (spec 001 §5).
    expect(await stopLoss.inputValue()).toBe('12');
    await viewShot(page, 'settings-desktop');
    await dialog.getByRole('tab', { name: 'Preferences' }).click();
    await dialog.getByLabel('Risk').selectOption('High');
    await viewShot(page, 'settings-preferences-desktop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(portfolioMessages.monitorUpdated).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const saved = await api.get(`/api/file/get_portfolio_settings/${portfolioId}`);
    expect(saved.body.notification_settings.find((s: { type: string }) => s.type === 'sl').value).toBe(12);
    expect(saved.body.preferences.risk).toBe('High');
    await page.context().close();
  });

  it('fits a phone: the popover and the dialog', async () => {
    const { page, price } = await investorAtPortfolio('JPM', viewports.phone);
    await moveTo('JPM', price * 0.8);
    await page.getByTestId('notifications-dot').waitFor({ timeout: 10_000 });
    await page.getByTestId('notifications-bell').click();
    await page.getByTestId('notification-item').first().waitFor();
    await viewShot(page, 'popover-phone');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Monitor settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('tab', { name: 'Preferences' }).waitFor();
    await viewShot(page, 'settings-phone');
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('tab', { name: 'Preferences' }).click();
    await viewShot(page, 'settings-preferences-phone');
    await page.context().close();
  });
});
