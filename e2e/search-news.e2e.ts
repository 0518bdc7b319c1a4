import fs from 'node:fs';
import { demoAccounts, type Role } from '@insight/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, shot, signInThroughForm, skipReason, startE2E, viewports, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  if (!skipReason) e2e = await startE2E({ INGEST: '1', SIM_CONTROL: '1' });
}, 180_000);
afterAll(async () => e2e?.close());

/**
 * Like harness.shot, of the viewport only: what a reader sees first, and a dialog where it opens (a
 * full-page capture stretches the window to the page's height).
 */
async function viewShot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  fs.mkdirSync(new URL('./.artifacts/', import.meta.url), { recursive: true });
  await page.waitForTimeout(400); // the opening animation
  await page.screenshot({ path: new URL(`./.artifacts/${name}.png`, import.meta.url).pathname });
}

const demo = (role: Role) => demoAccounts.find((account) => account.role === role)!;

async function signIn(page: Page, role: Role = 'user') {
  await page.goto('/login');
  await signInThroughForm(page, demo(role).email, demo(role).password);
  await page.getByText(`Logged in as ${demo(role).first_name}`).waitFor();
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search stocks by symbol or company' });

/** The titles of the cards on screen. */
const titles = (page: Page) => page.getByRole('article').getByRole('link').allTextContents();

describe.skipIf(skipReason)('the top bar search in a real browser', () => {
  it('opens the stock page of the result chosen with Enter or with a click', async () => {
    const page = await newPage(e2e);
    await signIn(page);
    await searchBox(page).fill('aap');
    await page.getByRole('option', { name: /^AAPL/ }).waitFor();
    const options = await page.getByRole('option').count();
    expect(options).toBeGreaterThan(0);
    expect(options).toBeLessThanOrEqual(10);
    await viewShot(page, 'search-desktop');
    await searchBox(page).press('Enter');
    await page.waitForURL(/\/stock\/AAPL$/);

    await searchBox(page).fill('micro');
    await page.getByRole('option', { name: /^MSFT/ }).click();
    await page.waitForURL(/\/stock\/MSFT$/);
    expect(await searchBox(page).inputValue()).toBe('');
  });

  it('works at phone width, from the keyboard', async () => {
    const page = await newPage(e2e, viewports.phone);
    await signIn(page);
    await searchBox(page).fill('j');
    await page.getByRole('option').first().waitFor();
    await viewShot(page, 'search-phone');
    await searchBox(page).press('ArrowDown');
    await searchBox(page).press('ArrowDown');
    const symbol = await page.getByRole('option', { selected: true }).getAttribute('data-symbol');
    expect(symbol).toBeTruthy();
    expect(await page.getByRole('option').nth(1).getAttribute('aria-selected')).toBe('true');
    await searchBox(page).press('Enter');
    await page.waitForURL((url) => url.pathname === `/stock/${encodeURIComponent(symbol!)}`);
  });
});

describe.skipIf(skipReason)('the news page in a real browser', () => {
  it('shows 20 cards, each opening its story in a new tab, and another channel changes them', async () => {
    const page = await newPage(e2e);
    await signIn(page);
    await page.goto('/?tab=5');
    await page.getByRole('heading', { name: 'News' }).waitFor();
    const top = page.getByRole('list', { name: 'Top News news' });
    await top.waitFor();
    // The list may be there before its cards: wait for them (fails if 20 never show).
    await expect.poll(() => top.getByRole('listitem').count()).toBe(20);
    const link = page.getByRole('article').first().getByRole('link');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await page.getByRole('article').first().textContent()).toMatch(/\d\d\/\d\d\/\d\d/);
    const topTitles = await titles(page);
    await shot(page, 'news-desktop');

    expect(await page.getByRole('tab').count()).toBe(13);
    await page.getByRole('tab', { name: 'Information Technology' }).click();
    const tech = page.getByRole('list', { name: 'Information Technology news' });
    await tech.waitFor();
    await expect.poll(() => tech.getByRole('listitem').count()).toBe(20);
    expect(await titles(page)).not.toEqual(topTitles);
    expect(page.url()).toContain('channel=Information+Technology');
  });

  it('reads well on a phone', async () => {
    const page = await newPage(e2e, viewports.phone);
    await signIn(page);
    await page.goto('/?tab=5&channel=Energy');
    await page.getByRole('list', { name: 'Energy news' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await viewShot(page, 'news-phone');
    await shot(page, 'news-phone-full');
  });
});
