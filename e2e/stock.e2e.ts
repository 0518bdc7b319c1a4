import {
  apiPath,
  demoAccounts,
  marketApi,
  marketMessages,
  recommendationsResponseSchema,
  stockSchema,
  type Recommendation,
  type Role,
} from '@insight/shared';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, shot, signInThroughForm, skipReason, startE2E, viewports, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  if (!skipReason) e2e = await startE2E({ INGEST: '1', SIM_CONTROL: '1' });
}, 180_000);
afterAll(async () => e2e?.close());

const demo = (role: Role) => demoAccounts.find((account) => account.role === role)!;
// A push must arrive without a reload; how fast is measured by bench/, so a loaded CI machine gets slack here.
const live = { timeout: 10_000 };
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

async function signIn(page: Page, role: Role) {
  await page.goto('/login');
  await signInThroughForm(page, demo(role).email, demo(role).password);
  await page.getByText(`Logged in as ${demo(role).first_name}`).waitFor();
}

/** Reads a call with the page's own session, as the page itself would. */
async function read<T>(page: Page, path: string, schema: { parse: (data: unknown) => T }): Promise<T> {
  const answer = await page.request.get(path);
  expect(answer.status(), await answer.text()).toBe(200);
  return schema.parse(await answer.json());
}

const recommendationsOf = (page: Page, symbol: string) =>
  read(page, apiPath(marketApi.recommendations, { symbol, flag: 1 }), recommendationsResponseSchema);

/** The page's rule: published in the last `months` calendar months, of the chosen type. */
function expectedRatings(ratings: readonly Recommendation[], months: number, type: 'all' | 'buy' | 'sell') {
  const since = DateTime.now().minus({ months }).toSeconds();
  return ratings.filter(
    (rating) => rating.security_created_timestamp >= since && (type === 'all' || rating.rating === type),
  );
}

/** A large stock whose ratings change with the filters: some older than 3 months, buys and sells. */
async function symbolWithRatings(page: Page): Promise<string> {
  for (const symbol of ['AAPL', 'MSFT', 'AMZN', 'NVDA', 'GOOGL', 'META', 'JPM', 'XOM', 'JNJ', 'WMT']) {
    const { recommendations } = await recommendationsOf(page, symbol);
    const year = expectedRatings(recommendations, 12, 'all');
    const quarter = expectedRatings(recommendations, 3, 'all');
    const kinds = new Set(year.map((rating) => rating.rating));
    if (quarter.length > 0 && year.length > quarter.length && kinds.size === 2) return symbol;
  }
  throw new Error('no symbol of the simulated market has ratings of both kinds over a year');
}

const ratingRows = (page: Page) => page.locator('[data-rating-id]');

async function choose(page: Page, group: 'Time' | 'Type', option: string) {
  await page.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();
}

async function expectRatingsShown(page: Page, ids: string[]) {
  const count = `${ids.length} ${ids.length === 1 ? 'rating' : 'ratings'}`;
  await expect.poll(() => page.getByTestId('ratings-count').textContent()).toBe(count);
  expect(
    await ratingRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-rating-id'))),
  ).toEqual(ids);
}

describe.skipIf(skipReason)('the stock page in a real browser', () => {
  it('shows the header, the data table, the chart, the news and the ratings, whose filters narrow the list', async () => {
    const page = await newPage(e2e);
    await signIn(page, 'user');
    const symbol = await symbolWithRatings(page);
    const stock = await read(page, apiPath(marketApi.fetchStock, { symbol }), stockSchema);
    const { recommendations } = await recommendationsOf(page, symbol);

    await page.goto(`/stock/${symbol}`);
    await page.getByRole('heading', { level: 1, name: stock.Name }).waitFor();
    expect(await page.getByTestId('stock-symbol').textContent()).toBe(symbol);
    expect(await page.getByTestId('stock-exchange').textContent()).toBe(stock.StockExchange);
    expect(await page.getByTestId('stock-sector').textContent()).toContain(stock.sector!);
    expect(await page.getByTestId('stock-sector').textContent()).toContain(stock.security_etf!);
    // The live price: quotes move while the market is open, so it is compared with the market's latest.
    await expect
      .poll(async () => {
        const latest = await read(page, apiPath(marketApi.fetchStock, { symbol }), stockSchema);
        return (await page.getByTestId('stock-price').textContent()) === usd.format(latest.lastPrice!);
      }, live)
      .toBe(true);
    await page.getByRole('button', { name: /to Watchlist/ }).waitFor();

    // The data table: 14 rows in two columns.
    const statistics = page.getByRole('region', { name: 'Key statistics' });
    expect(await statistics.getByRole('table').count()).toBe(2);
    expect(await statistics.getByRole('row').count()).toBe(14);

    // The chart draws (its module loads on demand), and a range button redraws it.
    const chart = page.getByTestId('price-chart');
    await chart.locator('.apexcharts-canvas').waitFor();
    await page.getByRole('group', { name: 'Chart range' }).getByRole('button', { name: '1Y' }).click();
    await page.getByText('over the past year').waitFor();
    await chart.locator('.apexcharts-canvas').waitFor();

    await page.getByRole('region', { name: 'News' }).getByRole('link').first().waitFor();
    const newsLinks = page.getByRole('region', { name: 'News' }).getByRole('link');
    expect(await newsLinks.count()).toBeGreaterThan(0);
    expect(await newsLinks.count()).toBeLessThanOrEqual(20);
    expect(await newsLinks.first().getAttribute('target')).toBe('_blank');

    // Ratings: the last 3 months of both kinds at first, then as the filters say.
    const ids = (months: number, type: 'all' | 'buy' | 'sell') =>
      expectedRatings(recommendations, months, type).map((rating) => rating.id);
    await expectRatingsShown(page, ids(3, 'all'));
    await shot(page, 'stock-desktop');

    await choose(page, 'Time', '12M');
    await expectRatingsShown(page, ids(12, 'all'));
    await choose(page, 'Type', 'Buy');
    await expectRatingsShown(page, ids(12, 'buy'));
    await choose(page, 'Type', 'Sell');
    await expectRatingsShown(page, ids(12, 'sell'));
    await choose(page, 'Time', '1M');
    await expectRatingsShown(page, ids(1, 'sell'));
    expect(ids(12, 'all').length).toBeGreaterThan(ids(3, 'all').length);
  });

  it('lays the page out in one column on a phone', async () => {
    const page = await newPage(e2e, viewports.phone);
    await signIn(page, 'user');
    await page.goto('/stock/AAPL');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByTestId('price-chart').locator('.apexcharts-canvas').waitFor();
    await page.getByRole('region', { name: 'News' }).getByRole('link').first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewports.phone.width);
    const chartBox = await page.getByTestId('price-chart').boundingBox();
    const newsBox = await page.getByRole('region', { name: 'News' }).boundingBox();
    // One column: the news sits under the chart, not beside it.
    expect(newsBox!.y).toBeGreaterThan(chartBox!.y + chartBox!.height);
    await shot(page, 'stock-phone');
  });

  it('shows a price set in the market as it is pushed, without a reload', async () => {
    const page = await newPage(e2e);
    await signIn(page, 'admin');
    const stock = await read(page, apiPath(marketApi.fetchStock, { symbol: 'MSFT' }), stockSchema);
    await page.goto('/stock/MSFT');
    const price = page.getByTestId('stock-price');
    await page.getByRole('heading', { level: 1, name: stock.Name }).waitFor();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    for (const factor of [1.07, 0.95]) {
      const lastPrice = Math.round(stock.lastPrice! * factor * 100) / 100;
      const answer = await page.request.post('/api/sim/quotes', { data: { symbol: 'MSFT', lastPrice } });
      expect(answer.status(), await answer.text()).toBe(200);
      await expect.poll(() => price.textContent(), live).toBe(usd.format(lastPrice));
    }
    expect(await price.textContent()).toBe(usd.format(Math.round(stock.lastPrice! * 0.95 * 100) / 100));
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  it('shows the error view for a symbol the market does not know', async () => {
    const page = await newPage(e2e);
    await signIn(page, 'user');
    await page.goto('/stock/NOSUCH');
    await page.getByRole('heading', { name: 'Oops! something went wrong :(' }).waitFor();
    await page.getByText(marketMessages.stockOrCompanyFailed).waitFor();
    await shot(page, 'stock-error');
  });
});
