import fs from 'node:fs';
import { alertsApi, demoAccounts, type Role } from '@insight/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, shot, signInThroughForm, skipReason, startE2E, viewports, type E2E } from './harness';

/**
 * The live feed in a real browser against the real gateway: the simulated market ingested, its
 * control on (admins publish ratings through POST /api/sim/ratings), the Default profile's alerts.
 */
let e2e: E2E;
beforeAll(async () => {
  if (!skipReason) e2e = await startE2E({ INGEST: '1', SIM_CONTROL: '1' });
}, 180_000);
afterAll(async () => e2e?.close());

const demo = (role: Role) => demoAccounts.find((account) => account.role === role)!;
/** What a pushed alert may take to show here: the push must arrive without a reload; its speed is measured by bench/. */
const liveMs = 10_000;

async function openFeed(page: Page, role: Role) {
  await page.goto('/login?redirect=%2F%3Ftab%3D0');
  await signInThroughForm(page, demo(role).email, demo(role).password);
  await page.getByRole('heading', { name: 'Live Feed', level: 1 }).waitFor();
  await cards(page).first().waitFor({ timeout: 15_000 });
}

const cards = (page: Page): Locator => page.getByRole('region', { name: 'Alerts' }).locator('article');
const shownCount = (page: Page) => page.getByLabel('Alert filters').getByText(/\d+ (of \d+ )?alerts?$/);

/**
 * Like harness.shot, of the viewport only: a full-page capture stretches the window to the page's
 * height, which moves a drawer or a dialog away from where the reader sees it.
 */
async function viewShot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  fs.mkdirSync(new URL('./.artifacts/', import.meta.url), { recursive: true });
  await page.waitForTimeout(400); // the opening animation
  await page.screenshot({ path: new URL(`./.artifacts/${name}.png`, import.meta.url).pathname });
}

const sentenceOf = (card: Locator) => card.locator('[data-part="sentence"]');

/** Publishes a rating as the signed-in admin (the page's own cookie), as a test client would. */
async function publishRating(page: Page, symbol: string, price_target: number) {
  const answer = await page.request.post('/api/sim/ratings', {
    data: { symbol, rating: 'buy', price_target },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

describe.skipIf(skipReason)('the live feed, in a real browser', () => {
  it('shows the profile’s alert cards, newest first, with live prices', async () => {
    const page = await newPage(e2e);
    await openFeed(page, 'admin');
    await page.mouse.move(2, 2); // the pointer away from the list: nothing is held back
    await publishRating(page, 'NVDA', 245.5);
    await sentenceOf(cards(page).first()).filter({ hasText: '$245.50' }).waitFor({ timeout: 10_000 });
    expect(await cards(page).count()).toBeGreaterThan(3);
    // Each card's own time (its first; a derived card also dates the rating it derives from).
    const times = await cards(page).evaluateAll((nodes) =>
      nodes.map((card) => Date.parse(card.querySelector('time[datetime]')?.getAttribute('datetime') ?? '')),
    );
    // The newest alert heads the feed. (Strict order of the whole list is not asserted: a derived
    // alert pushed live with an earlier market time was seen out of place once on CI; issue 15.)
    expect(times[0]).toBe(Math.max(...times));
    await expect
      .poll(
        () =>
          cards(page)
            .first()
            .getByText(/^[+-]?\d+\.\d{2}%$/)
            .count(),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    await shot(page, 'feed-desktop');

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('dialog', { name: 'Filters' }).waitFor();
    await viewShot(page, 'feed-drawer-desktop');
    await page.keyboard.press('Escape');

    const details = page.getByRole('button', { name: 'see details' }).first();
    await details.click();
    const dialog = page.getByRole('dialog', { name: /past performance in similar .* companies/ });
    await dialog.getByRole('table').waitFor();
    await dialog.getByText('Opportunities').waitFor();
    await viewShot(page, 'feed-analyst-desktop');
  });

  it('puts a newly published rating at the top as it is pushed, without a reload', async () => {
    const page = await newPage(e2e);
    await openFeed(page, 'admin');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.mouse.move(2, 2); // the pointer away from the list: nothing is held back

    const started = Date.now();
    await publishRating(page, 'AAPL', 987.65);
    await sentenceOf(cards(page).first())
      .filter({ hasText: '$987.65' })
      .waitFor({ timeout: Math.max(1, liveMs - (Date.now() - started)) });
    expect(await cards(page).first().getByRole('link', { name: 'AAPL' }).count()).toBeGreaterThan(0);

    // With the pointer over the list the next one waits behind the pill, and the pill shows it.
    await cards(page).nth(2).hover();
    await publishRating(page, 'MSFT', 876.54);
    const pill = page.getByRole('button', { name: '1 new alert' });
    await pill.waitFor({ timeout: liveMs });
    await viewShot(page, 'feed-new-alert-pill');
    expect(await sentenceOf(cards(page).first()).textContent()).toContain('$987.65');
    await pill.click();
    await sentenceOf(cards(page).first()).filter({ hasText: '$876.54' }).waitFor({ timeout: liveMs });
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  it('narrows the list with a filter, and keeps the filter after a reload', async () => {
    const page = await newPage(e2e);
    await openFeed(page, 'user');
    const before = Number((await shownCount(page).textContent())!.match(/\d+/)![0]);

    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    const saved = page.waitForResponse(
      (response) => new URL(response.url()).pathname === alertsApi.saveFilters,
    );
    await drawer.getByText('Bearish', { exact: true }).click();
    await drawer.getByRole('button', { name: /^Show \d+ alerts?$/ }).click();
    await drawer.waitFor({ state: 'hidden' });

    await shownCount(page).filter({ hasText: ' of ' }).waitFor();
    const after = Number((await shownCount(page).textContent())!.match(/^\d+/)![0]);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
    // Bearish is the position of the rating behind an alert: sell ratings and the alerts they led to.
    const sentences = await cards(page).locator('[data-part="sentence"]').allTextContents();
    expect(sentences.some((text) => text.includes(' is BEARISH on '))).toBe(true);
    expect(sentences.some((text) => text.includes(' is BULLISH on '))).toBe(false);
    await page.getByRole('listitem').filter({ hasText: 'Bearish' }).first().waitFor();
    await saved;

    await page.reload();
    await cards(page).first().waitFor({ timeout: 15_000 });
    await shownCount(page)
      .filter({ hasText: `${after} of ` })
      .waitFor();
    await page.getByRole('button', { name: 'Remove filter Bearish' }).waitFor();

    // Another browser (no local copy) gets them from the server.
    const elsewhere = await newPage(e2e);
    await openFeed(elsewhere, 'user');
    await elsewhere.getByRole('button', { name: 'Remove filter Bearish' }).waitFor();
    await elsewhere.context().close();

    // Reset brings every alert back.
    await page.getByLabel('Alert filters').getByRole('button', { name: 'Reset' }).click();
    await shownCount(page).filter({ hasNotText: ' of ' }).waitFor();
  });

  it('dismisses a card, for good', async () => {
    const page = await newPage(e2e);
    await openFeed(page, 'user');
    const first = cards(page).first();
    const id = await first.getAttribute('data-alert-id');
    const symbol = await first.locator('h3 a').first().textContent();
    await first.getByRole('button', { name: `Dismiss the alert on ${symbol}` }).click();
    await page.locator(`article[data-alert-id="${id}"]`).waitFor({ state: 'detached', timeout: 5_000 });

    await page.reload();
    await cards(page).first().waitFor({ timeout: 15_000 });
    expect(await page.locator(`article[data-alert-id="${id}"]`).count()).toBe(0);
  });

  it('lets an admin switch profile: the filters reset and the profile’s alerts replace the list', async () => {
    await e2e.gateway.app.db
      .insertInto('profiles')
      .values({ name: 'growth_tech', owner_user_id: null })
      .execute();
    const page = await newPage(e2e);
    await openFeed(page, 'admin');
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByText('Bullish', { exact: true }).click();
    await drawer.getByRole('button', { name: /^Show \d+ alerts?$/ }).click();
    // (The page behind an open drawer is hidden from the reader, so the chip is read after closing it.)
    await page.getByRole('button', { name: 'Remove filter Bullish' }).waitFor();

    await page.getByRole('button', { name: /^Filters/ }).click();
    await drawer.getByRole('combobox', { name: 'Profile' }).selectOption({ label: 'Growth Tech' });
    await drawer.getByRole('button', { name: 'Show 0 alerts' }).click();
    await page.getByText('No recent ratings').waitFor({ timeout: 5_000 });
    // A profile of its own sectors, not yet built: the empty state says when its alerts start.
    await page.getByText(/start once its owner has built it/).waitFor();
    expect(await page.getByRole('button', { name: 'Remove filter Bullish' }).count()).toBe(0);
    await viewShot(page, 'feed-empty-desktop');

    // The choice is remembered for this user in this browser.
    await page.reload();
    await page.getByText('No recent ratings').waitFor({ timeout: 15_000 });
    await page.getByText('· Growth Tech profile').waitFor();
  });

  it('fits a phone', async () => {
    const page = await newPage(e2e, viewports.phone);
    await openFeed(page, 'admin');
    await page.mouse.move(2, 2);
    await publishRating(page, 'AMZN', 265.25);
    await sentenceOf(cards(page).first()).filter({ hasText: '$265.25' }).waitFor({ timeout: 10_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'feed-phone');

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('dialog', { name: 'Filters' }).waitFor();
    await viewShot(page, 'feed-drawer-phone');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'see details' }).first().click();
    const dialog = page.getByRole('dialog', { name: /past performance/ });
    await dialog.getByRole('table').waitFor();
    await viewShot(page, 'feed-analyst-phone');
  });
});
