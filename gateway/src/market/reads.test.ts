import { messages } from '@insight/shared';
import { newYorkDate } from '@insight/shared/market/calendar';
import { apiPath, marketApi, marketMessages, stockSchema } from '@insight/shared/market/schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { marketWriteRepo } from './repo';

let t: TestApp;
let investor: HttpClient;
let today: string;

beforeAll(async () => {
  t = await startTestApp({ INGEST: '1' });
  await t.app.ingestor.start();
  investor = new HttpClient(t.baseUrl);
  await signIn(investor, await createUser(t.app));
  today = newYorkDate(new Date(t.app.ingestor.marketStatus()?.at ?? Date.now()));
});
afterAll(async () => t?.close());

const path = apiPath;
const daysAgo = (days: number) => {
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};
const isNewestFirst = (items: { updated: string }[]) =>
  items.every((item, i) => i === 0 || items[i - 1]!.updated >= item.updated);
const channelsOfUrls = async (urls: string[]) => {
  const rows = await t.app.db
    .selectFrom('news')
    .select(['url', 'channels', 'tickers'])
    .where('url', 'in', urls)
    .execute();
  return new Map(rows.map((row) => [row.url, row]));
};

describe('who may read the market', () => {
  it.each([
    ['POST', marketApi.quotes, { data: { symbols: ['AAPL'] } }],
    ['POST', marketApi.isMarketOpen, {}],
    ['GET', path(marketApi.fetchStock, { symbol: 'AAPL' }), undefined],
    ['GET', path(marketApi.findSymbol, { text: 'AAP', limit: 10, offset: 0 }), undefined],
    ['POST', marketApi.topNews, {}],
    ['GET', '/api/v1/universes', undefined],
    ['GET', '/api/universes', undefined],
  ] as const)('refuses an anonymous %s %s with 401', async (method, url, body) => {
    const response = await new HttpClient(t.baseUrl).request(method, url, body);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ status: false, msg: messages.session.required });
  });

  it('refuses stock data and news to a profile-type account, but tells it whether the market is open', async () => {
    const browser = new HttpClient(t.baseUrl);
    await signIn(browser, await createUser(t.app, { account_type: 'profile' }));
    expect((await browser.get(path(marketApi.fetchStock, { symbol: 'AAPL' }))).status).toBe(403);
    expect((await browser.post(marketApi.topNews, {})).status).toBe(403);
    expect((await browser.post(marketApi.isMarketOpen, { data: { format: 'json' } })).status).toBe(200);
  });
});

describe('quotes', () => {
  it('answers quotes keyed by upper-case symbol, leaving unknown symbols out', async () => {
    const response = await investor.post(marketApi.quotes, {
      data: { symbols: ['aapl', ' msft ', 'ZZZZ9'] },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['AAPL', 'MSFT']);
    expect(response.body.AAPL).toEqual({
      lastPrice: expect.any(Number),
      dailyChange: expect.any(Number),
      dailyChangeVal: expect.any(Number),
      volume: expect.any(Number),
      bid: expect.any(Number),
      dayLow: expect.any(Number),
      dayHigh: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(response.body.AAPL.dayLow).toBeLessThanOrEqual(response.body.AAPL.dayHigh);
  });

  it('agrees with get_symbol_and_last', async () => {
    const quotes = await investor.post(marketApi.quotes, { data: { symbols: ['JPM'] } });
    const last = await investor.get(path(marketApi.symbolAndLast, { symbol: 'jpm' }));
    expect(last.status).toBe(200);
    expect(last.body).toEqual({ symbol: 'JPM', price: quotes.body.JPM.lastPrice });
  });

  it('answers 404 with a clear message for an unknown symbol', async () => {
    const response = await investor.get(path(marketApi.symbolAndLast, { symbol: 'ZZZZ9' }));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ status: false, msg: marketMessages.unknownSymbol('ZZZZ9') });
  });

  it.each([
    ['no body at all', undefined, 'body'],
    ['no data', {}, 'data'],
    ['an empty list', { data: { symbols: [] } }, 'data.symbols'],
    ['a symbol with a space inside', { data: { symbols: ['AAPL', 'BRK B'] } }, 'data.symbols.1'],
    ['a symbol of 11 characters', { data: { symbols: ['ABCDEFGHIJK'] } }, 'data.symbols.0'],
    ['501 symbols', { data: { symbols: Array.from({ length: 501 }, () => 'AAPL') } }, 'data.symbols'],
  ])('refuses %s with 400 naming the field', async (_case, body, field) => {
    const response = await investor.post(marketApi.quotes, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: false, field });
    expect(response.body.msg).toContain(field);
  });
});

describe('market status', () => {
  it('answers what the ingestion last read, with or without a body', async () => {
    for (const body of [{ data: { format: 'json' } }, {}, undefined]) {
      const response = await investor.post(marketApi.isMarketOpen, body);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ is_market_open: t.app.ingestor.marketOpen() });
    }
    expect(typeof t.app.ingestor.marketOpen()).toBe('boolean');
  });
});

describe('symbol search', () => {
  const search = (text: string, limit = 10, offset = 0) =>
    investor.get(path(marketApi.findSymbol, { text, limit, offset }));

  it('puts AAPL first for "AAP" and answers at most 10', async () => {
    const response = await search('AAP');
    expect(response.status).toBe(200);
    expect(response.body[0]).toEqual({ symbol: 'AAPL', company: 'Apple Inc.', alias: 'Apple' });
    expect(response.body.length).toBeLessThanOrEqual(10);
  });

  it('puts the exact symbol first, then symbols that start with the text, then company names', async () => {
    const response = await search('a');
    const symbols: string[] = response.body.map((hit: { symbol: string }) => hit.symbol);
    expect(symbols[0]).toBe('A');
    const firstNotPrefix = symbols.findIndex((symbol) => !symbol.startsWith('A'));
    if (firstNotPrefix >= 0)
      expect(symbols.slice(firstNotPrefix).every((s) => !s.startsWith('A'))).toBe(true);
  });

  it('finds a company by a word of its name, whatever the case', async () => {
    expect((await search('apple')).body[0].symbol).toBe('AAPL');
    const bank = await search('BANK');
    expect(bank.body.length).toBeGreaterThan(0);
    for (const hit of bank.body) expect(hit.company.toLowerCase()).toMatch(/\bbank/);
  });

  it('caps the limit at 10 and pages with the offset', async () => {
    const first = await search('c', 50, 0);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(10);
    const second = await search('c', 50, 10);
    const overlap = second.body.filter((hit: { symbol: string }) =>
      first.body.some((other: { symbol: string }) => other.symbol === hit.symbol),
    );
    expect(overlap).toEqual([]);
  });

  it('answers an empty list when nothing matches', async () => {
    expect((await search('qqzzxq')).body).toEqual([]);
  });

  it('refuses a limit that is not a number with 400', async () => {
    const response = await investor.get('/api/finance/find_symbol_search/AAP/ten/0');
    expect(response.status).toBe(400);
    expect(response.body.field).toBe('limit');
  });
});

describe('stock data', () => {
  it('answers every Stock field of the spec for AAPL, with XLK as its sector ETF', async () => {
    const response = await investor.get(path(marketApi.fetchStock, { symbol: 'aapl' }));
    expect(response.status).toBe(200);
    const stock = response.body;
    expect(Object.keys(stock).sort()).toEqual(Object.keys(stockSchema.shape).sort());
    expect(stock).toMatchObject({
      symbol: 'AAPL',
      Name: 'Apple Inc.',
      comp_name_2: 'Apple',
      StockExchange: 'NASDAQ',
      sector: 'Information Technology',
      security_etf: 'XLK',
      in_file: false,
    });
    for (const field of [
      'lastPrice',
      'dailyChange',
      'dailyChangeVal',
      'MarketCapitalization',
      'Volume',
      'avg_vol',
      'beta',
      'pb_ratio',
      'bid',
      'iad',
      'eps_act_fr0',
      'shares_outstanding',
      'roe',
    ]) {
      expect(typeof stock[field], field).toBe('number');
    }
    expect(stock.DaysRange).toMatch(/^\d+\.\d{2} - \d+\.\d{2}$/);
    expect(stock.comp_desc.length).toBeGreaterThan(20);
    expect(stock.MarketCapitalization).toBe(Math.round(stock.lastPrice * stock.shares_outstanding));
  });

  it('gives the next earnings date on or after today', async () => {
    const stock = (await investor.get(path(marketApi.fetchStock, { symbol: 'MSFT' }))).body;
    const next = await t.app.db
      .selectFrom('earnings')
      .select('date')
      .where('symbol', '=', 'MSFT')
      .where('date', '>=', today)
      .orderBy('date')
      .executeTakeFirst();
    expect(stock.earningDate).toBe(next?.date ?? null);
    if (stock.earningDate !== null) expect(stock.earningDate >= today).toBe(true);
  });

  it("answers 404 'Failed to get stock data' for an unknown symbol", async () => {
    const response = await investor.get(path(marketApi.fetchStock, { symbol: 'ZZZZ9' }));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ status: false, msg: 'Failed to get stock data' });
  });
});

describe('company profile', () => {
  it('answers the company with its sector, indexes and built-in universes', async () => {
    const response = await investor.get(path(marketApi.companyProfile, { symbol: 'AAPL' }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      short_name: 'Apple',
      kind: 'stock',
      sector: 'Information Technology',
      sector_id: 1,
      sector_etf: 'XLK',
      exchange: 'NASDAQ',
    });
    expect(response.body.indexes).toEqual(expect.arrayContaining(['S&P 500', 'NASDAQ 100']));
    expect(response.body.universes).toEqual(expect.arrayContaining(['S&P500', 'NASDAQ100']));
    expect(response.body.market_cap).toBeGreaterThan(0);
  });

  it("answers 404 'Failed to get company profile' for an unknown symbol", async () => {
    const response = await investor.get(path(marketApi.companyProfile, { symbol: 'ZZZZ9' }));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ status: false, msg: 'Failed to get company profile' });
  });
});

describe('news', () => {
  it('answers the 20 newest items of a ticker, newest first', async () => {
    // The simulated feed writes dozens of items per ticker; 25 more through the ingestion's own writes,
    // the newest of them minutes old.
    const base = Date.now() - 30 * 60_000;
    await marketWriteRepo(t.app.db).insertNews(
      Array.from({ length: 25 }, (_, i) => ({
        id: `TESTNVDA${i}`,
        title: `NVIDIA item ${i}`,
        url: `https://news.insight.test/test/nvda-${i}`,
        author: 'Test Desk',
        image: null,
        updated: new Date(base + i * 60_000).toISOString(),
        tickers: ['NVDA'],
        channels: [],
      })),
    );
    const response = await investor.get(path(marketApi.newsForStock, { symbol: 'nvda' }));
    expect(response.status).toBe(200);
    const { news } = response.body;
    expect(news).toHaveLength(20);
    expect(isNewestFirst(news)).toBe(true);
    expect(news[0]).toEqual({
      title: expect.any(String),
      url: expect.any(String),
      updated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      author: expect.any(String),
      // the simulator's own stories carry a picture drawn locally; the ones above have none
      image: news[0].image === null ? null : expect.stringMatching(/^data:image\/svg\+xml/),
    });
    const stored = await channelsOfUrls(news.map((item: { url: string }) => item.url));
    for (const item of news) expect(stored.get(item.url)?.tickers).toContain('NVDA');
    // Exactly the 20 newest stored about NVDA, the items just written among them.
    const newest = await t.app.db
      .selectFrom('news')
      .select('url')
      .where(sql<boolean>`'NVDA' = any(tickers)`)
      .orderBy('updated', 'desc')
      .limit(20)
      .execute();
    expect(news.map((item: { url: string }) => item.url)).toEqual(newest.map((row) => row.url));
    expect(news.some((item: { url: string }) => item.url.startsWith('https://news.insight.test/test/'))).toBe(
      true,
    );
  });

  it('answers 404 for the news of an unknown symbol', async () => {
    const response = await investor.get(path(marketApi.newsForStock, { symbol: 'ZZZZ9' }));
    expect(response.status).toBe(404);
  });

  it("answers 4 'Top News' items by default, and the page size asked", async () => {
    const four = await investor.post(marketApi.topNews, {});
    expect(four.status).toBe(200);
    expect(four.body.news).toHaveLength(4);
    const stored = await channelsOfUrls(four.body.news.map((item: { url: string }) => item.url));
    for (const item of four.body.news) expect(stored.get(item.url)?.channels).toContain('Top News');
    const seven = await investor.post(marketApi.topNews, { page_size: 7 });
    expect(seven.body.news).toHaveLength(7);
    expect(seven.body.news.slice(0, 4)).toEqual(four.body.news);
  });

  it('pages top news by 0-based page', async () => {
    const both = await investor.post(marketApi.topNewsQm, { page_size: 10, page: 0 });
    const second = await investor.post(marketApi.topNewsQm, { page_size: 5, page: 1 });
    expect(second.body.news).toEqual(both.body.news.slice(5, 10));
  });

  it('answers only items of the chosen channels, newest first', async () => {
    const response = await investor.post(marketApi.channelsNewsQm, {
      page_size: 20,
      page: 0,
      channels: ['Energy', 'Financials'],
    });
    expect(response.status).toBe(200);
    const { news } = response.body;
    expect(news.length).toBeGreaterThan(0);
    expect(isNewestFirst(news)).toBe(true);
    const stored = await channelsOfUrls(news.map((item: { url: string }) => item.url));
    for (const item of news) {
      expect(stored.get(item.url)?.channels.some((c) => c === 'Energy' || c === 'Financials')).toBe(true);
    }
  });

  it('answers only items about the tickers asked', async () => {
    const response = await investor.post(marketApi.newsByTickersQm, {
      page_size: 50,
      page: 0,
      tickers: ['aapl', 'MSFT', 'NVDA'],
    });
    expect(response.status).toBe(200);
    const stored = await channelsOfUrls(response.body.news.map((item: { url: string }) => item.url));
    for (const item of response.body.news) {
      expect(stored.get(item.url)?.tickers.some((s) => ['AAPL', 'MSFT', 'NVDA'].includes(s))).toBe(true);
    }
  });

  it.each([
    [marketApi.topNews, { page_size: 51 }, 'page_size'],
    [marketApi.topNewsQm, { page_size: 0, page: 0 }, 'page_size'],
    [marketApi.topNewsQm, { page_size: 20, page: -1 }, 'page'],
    [marketApi.channelsNewsQm, { page_size: 20, page: 0, channels: ['Sports'] }, 'channels.0'],
    [marketApi.channelsNewsQm, { page_size: 20, page: 0, channels: [] }, 'channels'],
    [marketApi.newsByTickersQm, { page_size: 20, page: 0, tickers: ['NOT A TICKER'] }, 'tickers.0'],
  ])('%s refuses %j with 400 naming %s', async (url, body, field) => {
    const response = await investor.post(url, body);
    expect(response.status).toBe(400);
    expect(response.body.field).toBe(field);
  });
});

describe('symbol against ETF chart', () => {
  const chart = (symbol: string, etf: string, start: string) =>
    investor.get(path(marketApi.symbolToEtfChart, { symbol, etf, start }));

  it('answers both daily closes from the start date, with percents from the first point', async () => {
    const start = daysAgo(90);
    const response = await chart('AAPL', 'XLK', start);
    expect(response.status).toBe(200);
    const { points } = response.body;
    expect(response.body).toMatchObject({ symbol: 'AAPL', etf: 'XLK' });
    expect(points.length).toBeGreaterThan(40);
    expect(points[0]).toMatchObject({ symbol_pct: 0, etf_pct: 0 });
    expect(points[0].date >= start).toBe(true);
    for (let i = 1; i < points.length; i++) expect(points[i].date > points[i - 1].date).toBe(true);
    const last = points.at(-1);
    expect(last.symbol_pct).toBeCloseTo((last.symbol_close / points[0].symbol_close - 1) * 100, 2);
    expect(last.etf_pct).toBeCloseTo((last.etf_close / points[0].etf_close - 1) * 100, 2);
    const bar = await t.app.db
      .selectFrom('daily_bars')
      .select('close')
      .where('symbol', '=', 'XLK')
      .where('date', '=', last.date)
      .executeTakeFirstOrThrow();
    expect(last.etf_close).toBe(Number(bar.close));
  });

  it('answers no points when fewer than two days have data', async () => {
    const response = await chart('AAPL', 'XLK', daysAgo(-30));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      symbol: 'AAPL',
      etf: 'XLK',
      points: [],
      chart_data: { labels: [], datasets: [{ data: [] }, { data: [] }] },
    });
  });

  it('answers 404 for an unknown ETF and 400 for a bad date', async () => {
    const unknown = await chart('AAPL', 'ZZZZ9', daysAgo(30));
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe(marketMessages.unknownSymbol('ZZZZ9'));
    const bad = await chart('AAPL', 'XLK', '2024-13-40');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('start');
  });
});
