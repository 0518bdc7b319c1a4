import { newsChannels } from '@insight/shared/upstream/contract';
import { apiPath, marketApi, marketLimits } from '@insight/shared/market/schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';

let t: TestApp;
let investor: HttpClient;
/** The stock with the fewest stories stored from the simulated market: the thinnest stock page. */
let thinnest: string;

beforeAll(async () => {
  t = await startTestApp({ INGEST: '1' });
  await t.app.ingestor.start();
  investor = new HttpClient(t.baseUrl);
  await signIn(investor, await createUser(t.app));
  const perTicker = await sql<{ ticker: string; count: number }>`
    select ticker, count(*)::int as count from news, unnest(tickers) as ticker group by ticker`.execute(
    t.app.db,
  );
  const counts = new Map(perTicker.rows.map((row) => [row.ticker, row.count]));
  const stocks = await t.app.db
    .selectFrom('companies')
    .select('symbol')
    .where('kind', '=', 'stock')
    .execute();
  thinnest = stocks
    .map(({ symbol }) => ({ symbol, count: counts.get(symbol) ?? 0 }))
    .sort((a, b) => a.count - b.count || a.symbol.localeCompare(b.symbol))[0]!.symbol;
});
afterAll(async () => t?.close());

const isNewestFirst = (items: { updated: string }[]) =>
  items.every((item, i) => i === 0 || items[i - 1]!.updated >= item.updated);

describe('the news of a stock page', () => {
  it.each([
    ['a large cap, AAPL', () => 'AAPL'],
    ['the stock with the fewest stories stored', () => thinnest],
  ])('answers the 20 newest stories of %s, newest first, each about it', async (_, symbolOf) => {
    const symbol = symbolOf();
    const response = await investor.get(apiPath(marketApi.newsForStock, { symbol }));
    expect(response.status).toBe(200);
    const news: { title: string; url: string; updated: string; author: string; image: string | null }[] =
      response.body.news;
    expect(news).toHaveLength(marketLimits.stockNewsCount);
    expect(isNewestFirst(news)).toBe(true);
    expect(new Set(news.map((item) => item.title)).size).toBeGreaterThan(15);
    const stored = await t.app.db
      .selectFrom('news')
      .select(['url', 'tickers'])
      .where(
        'url',
        'in',
        news.map((item) => item.url),
      )
      .execute();
    expect(stored).toHaveLength(20);
    for (const row of stored) expect(row.tickers).toContain(symbol);
    for (const item of news) {
      expect(item.author.length).toBeGreaterThan(0);
      expect(item.image).toMatch(/^data:image\/svg\+xml/);
    }
  });
});

describe('the news page', () => {
  it.each(newsChannels.map((channel) => [channel]))(
    'fills a page of 20 on the %s channel',
    async (channel) => {
      const response = await investor.post(marketApi.channelsNewsQm, {
        page_size: marketLimits.newsPageSize,
        page: 0,
        channels: [channel],
      });
      expect(response.status).toBe(200);
      expect(response.body.news).toHaveLength(20);
    },
  );
});
