import { demoAccounts, marketApi, type Role } from '@insight/shared';
import type { Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, shot, signInThroughForm, skipReason, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  // The simulator under control and ingesting, so POST /api/sim/market reaches the sockets.
  if (!skipReason) e2e = await startE2E({ SIM_CONTROL: '1', INGEST: '1' });
}, 180_000);
afterAll(async () => e2e?.close());

const demo = (role: Role) => demoAccounts.find((account) => account.role === role)!;
// Closed, the status also says when the market opens next ("· Opens Mon 9:30 ET").
const statusText =
  /^(US markets are (OPEN|CLOSED)|Checking market status\.\.\.)(· Opens \w{3} \d{1,2}:\d{2} ET)?$/;
// A push must arrive without a reload; how fast is measured by bench/, so a loaded CI machine gets slack here.
const live = { timeout: 10_000 };

async function signIn(page: Page, role: Role) {
  await page.goto('/login');
  await signInThroughForm(page, demo(role).email, demo(role).password);
  await page.getByText(`Logged in as ${demo(role).first_name}`).waitFor();
}

/** The simulator's market, set over HTTP with the page's own (admin) cookie, as a test client would. */
async function setMarket(page: Page, open: boolean) {
  const answer = await page.request.post('/api/sim/market', { data: { open } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The page's Socket.IO websockets, as Chromium sees them. */
function socketsOf(page: Page): WebSocket[] {
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => {
    if (socket.url().includes('/socket.io/')) sockets.push(socket);
  });
  return sockets;
}

describe.skipIf(skipReason)('the market status, live in a real browser', () => {
  it('shows the market opening and closing as it is pushed, without a reload and without polling', async () => {
    const page = await newPage(e2e);
    const statusReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === marketApi.isMarketOpen) statusReads.push(request.url());
    });
    await signIn(page, 'admin');
    const status = page.getByRole('status').filter({ hasText: statusText });
    await status.waitFor();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await setMarket(page, true);
    await page.getByText('US markets are OPEN', { exact: true }).waitFor(live);
    await shot(page, 'market-open');

    await setMarket(page, false);
    await page.getByText(/^US markets are CLOSED/).waitFor(live);

    await setMarket(page, true);
    await page.getByText('US markets are OPEN', { exact: true }).waitFor(live);

    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // One read when the socket started fresh (or none, when the join's push came first); no timer.
    expect(statusReads.length).toBeLessThanOrEqual(1);
  });

  it('opens the socket at sign-in, closes it at sign-out, and opens a new one for the next sign-in', async () => {
    const page = await newPage(e2e);
    const sockets = socketsOf(page);
    await signIn(page, 'admin');
    await expect.poll(() => sockets.length, { timeout: 10_000 }).toBe(1);
    const first = sockets[0]!;

    await page.getByText(`Logged in as ${demo('admin').first_name}`).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await expect.poll(() => first.isClosed(), { timeout: 5_000 }).toBe(true);

    await signInThroughForm(page, demo('admin').email, demo('admin').password);
    await page.getByText(`Logged in as ${demo('admin').first_name}`).waitFor();
    await expect.poll(() => sockets.length, { timeout: 10_000 }).toBe(2);
    expect(sockets[1]!.isClosed()).toBe(false);

    // The new socket is live too.
    await setMarket(page, false);
    await page.getByText(/^US markets are CLOSED/).waitFor(live);
    await setMarket(page, true);
    await page.getByText('US markets are OPEN', { exact: true }).waitFor(live);
  });
});
