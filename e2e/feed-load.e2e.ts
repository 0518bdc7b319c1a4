import fs from 'node:fs';
import { alertsApi, demoAccounts, readyApi, type AlertsPage } from '@insight/shared';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../gateway/test/app';
import { chromiumPath, signInThroughForm, skipReason, viewports } from './harness';

/**
 * The feed at load, as a newcomer meets it: a gateway started on a fresh data directory runs its
 * first backfill while the browser is already open; the banner shows the progress, and once ready the
 * feed reads like a market's last month, older pages loading as the user scrolls.
 */
let gateway: TestApp;
/** A gateway on the market the global setup ingested: the feed of a market's last month at once. */
let market: TestApp;
let browser: Browser;
beforeAll(async () => {
  if (skipReason) return;
  // A fresh data directory (no market template): the first backfill of five years runs from here,
  // started by the test that watches it.
  gateway = await startTestApp({ DEMO_SEED: '1' });
  market = await startTestApp({ INGEST: '1', DEMO_SEED: '1' });
  await market.app.ingestor.start();
  await market.app.ingestor.live;
  browser = await chromium.launch({
    executablePath: chromiumPath!,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  await market?.close();
});

const demoUser = demoAccounts.find((account) => account.role === 'user')!;
const trialUser = demoAccounts.find((account) => 'trialDaysLeft' in account)!;
const cards = (page: Page): Locator => page.getByRole('region', { name: 'Alerts' }).locator('article');

async function newPage(viewport: { width: number; height: number }, on: TestApp = gateway) {
  const context = await browser.newContext({ viewport, baseURL: on.baseUrl });
  const page = await context.newPage();
  // The first backfill keeps an embedded (PGlite) gateway busy: pages load slowly meanwhile.
  page.setDefaultNavigationTimeout(120_000);
  page.setDefaultTimeout(60_000);
  return page;
}

async function viewShot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  fs.mkdirSync(new URL('./.artifacts/', import.meta.url), { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: new URL(`./.artifacts/${name}.png`, import.meta.url).pathname });
}

describe.skipIf(skipReason)('the feed at load, in a real browser', () => {
  // The first backfill stores its bars in small inserts with a turn of the event loop between them, so
  // the embedded gateway serves the page, the sign-in and the progress while it runs.
  it('shows the first backfill’s progress, then the newest alerts by market time with ratings on the first screen', async () => {
    const page = await newPage(viewports.desktop);
    // The backfill starts with the browser already there.
    void gateway.app.ingestor.start();
    await page.goto('/login?redirect=%2F%3Ftab%3D0');
    await signInThroughForm(page, demoUser.email, demoUser.password);
    const banner = page.getByTestId('readiness-banner');
    const ready = (await page.request.get(readyApi)).status() === 200;
    await viewShot(page, 'feed-load-banner-desktop-signed-in');
    // The percentages the banner shows until the page reloads by itself.
    const percents: number[] = [];
    if (!ready) {
      await banner.getByText(/Preparing five years of market data: \d+%/).waitFor({ timeout: 20_000 });
      await viewShot(page, 'feed-load-banner-desktop');
      // (Counted while the page reloads too: a navigation under way counts as no card yet.)
      const cardsShown = () =>
        cards(page)
          .count()
          .catch(() => 0);
      const deadline = Date.now() + 200_000;
      while (Date.now() < deadline && (await cardsShown()) === 0) {
        const text = await banner.textContent({ timeout: 1_000 }).catch(() => null);
        const percent = text?.match(/: (\d+)%/)?.[1];
        if (percent !== undefined) percents.push(Number(percent));
        await page.waitForTimeout(500);
      }
    }
    // Ready: the page reloads by itself, without the banner, with the feed. (Cards may show a moment
    // before the gateway says ready; the page refreshes then, so the feed is read after that.)
    await expect
      .poll(async () => (await page.request.get(readyApi)).status(), { timeout: 200_000, interval: 500 })
      .toBe(200);
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    await cards(page).first().waitFor({ timeout: 30_000 });
    expect(await banner.count()).toBe(0);
    expect(ready).toBe(false); // the banner was seen: the browser was there before the backfill ended
    // The progress moved while the data was prepared (the bars by batch), never back.
    expect(new Set(percents).size).toBeGreaterThan(1);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    // The first card is the newest alert by market time.
    const timesShown = () =>
      cards(page)
        .locator('time')
        .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime') ?? '')));
    await expect.poll(async () => (await timesShown()).length, { timeout: 15_000 }).toBeGreaterThan(5);
    const times = await timesShown();
    expect(times[0]).toBe(Math.max(...times));
    // Rating cards among what the first screen shows, not only derived ones.
    const firstScreen = cards(page).filter({ hasText: /BULLISH|BEARISH/ });
    const onScreen = await firstScreen.evaluateAll(
      (nodes) => nodes.filter((node) => node.getBoundingClientRect().top < window.innerHeight).length,
    );
    expect(onScreen).toBeGreaterThan(0);
    await viewShot(page, 'feed-load-ready-desktop');

    const phone = await newPage(viewports.phone);
    await phone.goto('/login?redirect=%2F%3Ftab%3D0');
    await signInThroughForm(phone, demoUser.email, demoUser.password);
    await cards(phone).first().waitFor({ timeout: 30_000 });
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await viewShot(phone, 'feed-load-ready-phone');
  }, 420_000);

  // On the ingested market: it does not wait for a first backfill (that took it to 102 s).
  it('loads the older pages as the user scrolls to the end', async () => {
    const page = await newPage(viewports.desktop, market);
    await page.goto('/login?redirect=%2F%3Ftab%3D0');
    await signInThroughForm(page, demoUser.email, demoUser.password);
    await cards(page).first().waitFor({ timeout: 30_000 });
    const first = (await (await page.request.post('/api/user/finance_info/1/x/true')).json()) as {
      info: AlertsPage;
    };
    expect(first.info.has_more).toBe(true);

    const olderPages: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(alertsApi.page)) olderPages.push(request.url());
    });
    // Scroll to the end until the feed has no more to load: every alert is then on the page (grouped
    // ones aside). Live alerts may arrive meanwhile (the market publishes around the clock).
    const more = page.getByTestId('feed-more');
    for (let round = 0; round < 80; round++) {
      if ((await more.count()) === 0) break;
      await more.scrollIntoViewIfNeeded({ timeout: 5_000 }).catch(() => {});
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(250);
    }
    expect(olderPages.length).toBeGreaterThan(0);
    const ids = await cards(page).evaluateAll((nodes) => nodes.length);
    const last = (await (await page.request.post('/api/user/finance_info/1/x/true')).json()) as {
      info: AlertsPage;
    };
    expect(ids).toBeGreaterThan(100);
    expect(ids).toBeLessThanOrEqual(last.info.total);
    expect(await page.getByTestId('feed-more').count()).toBe(0);
  }, 120_000);

  it('shows the trial demo account its trial banner', async () => {
    const page = await newPage(viewports.desktop);
    await page.goto('/login');
    await signInThroughForm(page, trialUser.email, trialUser.password);
    const note = page.getByRole('note', { name: 'Subscription' });
    await note.waitFor({ timeout: 30_000 });
    expect(await note.textContent()).toMatch(/used 4 out of 14 days of your trial subscription/);
    expect(await note.getByTestId('days-left').textContent()).toBe('10');
    await viewShot(page, 'feed-load-trial-desktop');
  }, 60_000);
});
