import {
  accountApi,
  alertsApi,
  feedAlertSchema,
  financeInfoResponseSchema,
  userAnalystListResponseSchema,
  type FinanceInfoResponse,
} from '@insight/shared';
import { analystPastAlertsResponseSchema, analystsApi } from '@insight/shared/analysts/schemas';
import { newYorkDate } from '@insight/shared/market/calendar';
import {
  apiPath,
  marketApi,
  scoreHistoryResponseSchema,
  stockSchema,
  symbolToEtfChartSchema,
} from '@insight/shared/market/schemas';
import {
  portfolioApi,
  portfolioChartResponseSchema,
  portfolioTickersResponseSchema,
  symbolInFileResponseSchema,
  type Position,
} from '@insight/shared/portfolio/schemas';
import { watchlistApi, watchlistResponseSchema } from '@insight/shared/watchlist/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import {
  addPositions,
  createFile,
  investor,
  openPositions,
  startPortfolioApp,
  tradingDaysBack,
  tradingToday,
  type Investor,
} from '../portfolio/portfolio.fixtures';
import { withFeedFields } from './feed-fields';

let t: TestApp;
let user: Investor;
beforeAll(async () => {
  ({ t } = await startPortfolioApp());
  user = await investor(t);
}, 180_000);
afterAll(async () => t?.close());

describe('the feed fields (spec 001 §3 Alert (live feed))', () => {
  it('counts per symbol, describes, and marks held symbols', () => {
    const base = {
      type: 1014 as const,
      rating: 'sell' as const,
      time: 1,
      analyst_name: 'Dana Reyes',
      success_rate: null,
      price_target: 90,
      sector_name: null,
      company_name_2: null,
      rate: null,
      earning_date: null,
      market_cap: null,
      mc_index: null,
      beta: null,
      upside: null,
      pe_ratio_12m: null,
      universes: [],
      rating_id: null,
      firm: null,
      price_when_posted: null,
      last_price: 100,
    };
    const list = withFeedFields(
      [
        { ...base, id: 1, symbol: 'AAPL' },
        { ...base, id: 2, symbol: 'MSFT' },
        { ...base, id: 3, symbol: 'AAPL', type: 1016 as const },
      ],
      ['AAPL'],
    );
    expect(list.map((alert) => [alert.count, alert.in_file])).toEqual([
      [2, true],
      [1, false],
      [2, true],
    ]);
    expect(list[0]!.description).toBe('Dana Reyes is BEARISH on AAPL with Target $90.00');
    expect(list[2]!.description).toBe('AAPL is underperforming relative to sector');
    for (const alert of list) expect(feedAlertSchema.parse(alert)).toEqual(alert);
  });
});

describe('answers in the spec shape', () => {
  let heldSymbol: string;
  let fileId: number;

  beforeAll(async () => {
    const file = await createFile(user, { start_budget: 100_000, date: tradingDaysBack(30) });
    fileId = file.id;
    heldSymbol = 'AAPL';
    const added = await addPositions(user, {
      portfolio_id: file.id,
      items: [{ type: 'Buy', symbol: heldSymbol, date: tradingDaysBack(5), price: 150, quantity: 10 }],
    });
    expect(added.status, added.text).toBe(200);
  });

  it('finance_info: every alert carries description, count and in_file (true for a held symbol)', async () => {
    const response = await user.post(apiPath(alertsApi.financeInfo, { id: user.userId, session: 'x' }));
    expect(response.status).toBe(200);
    const body = financeInfoResponseSchema.parse(response.body) as FinanceInfoResponse;
    expect(body.info.alerts.length).toBeGreaterThan(0);
    for (const alert of body.info.alerts) {
      expect(alert.in_file).toBe(alert.symbol === heldSymbol);
      expect(alert.count).toBe(body.info.alerts.filter((other) => other.symbol === alert.symbol).length);
      expect(alert.description.length).toBeGreaterThan(0);
    }
  });

  it('fetch_stock answers in_file truthfully; get_is_symbol_in_file and the tickers agree', async () => {
    for (const [symbol, held] of [
      [heldSymbol, true],
      ['MSFT', false],
    ] as const) {
      const stock = await user.get(apiPath(marketApi.fetchStock, { symbol }));
      expect(stock.status).toBe(200);
      expect(stockSchema.parse(stock.body).in_file).toBe(held);
      const check = await user.get(apiPath(portfolioApi.isSymbolInFile, { symbol: symbol.toLowerCase() }));
      expect(symbolInFileResponseSchema.parse(check.body)).toEqual({ in_file: held });
    }
    const tickers = await user.get(portfolioApi.tickers);
    expect(portfolioTickersResponseSchema.parse(tickers.body)).toEqual({ tickers: [heldSymbol] });
  });

  it('get_symbol_2_etf_chart answers chart_data as the portfolio chart does', async () => {
    const start = tradingDaysBack(20);
    const response = await user.get(
      apiPath(marketApi.symbolToEtfChart, { symbol: 'AAPL', etf: 'XLK', start }),
    );
    expect(response.status).toBe(200);
    const chart = symbolToEtfChartSchema.parse(response.body);
    expect(portfolioChartResponseSchema.parse(chart)).toEqual({
      chart_data: chart.chart_data,
      first: chart.first,
    });
    expect(chart.chart_data.labels.length).toBeGreaterThan(10);
    expect(chart.chart_data.datasets.map((set) => set.label)).toEqual(['AAPL', 'XLK']);
    expect(chart.chart_data.datasets[0]!.data[0]).toBe(0);
    expect(chart.first).toBe(chart.chart_data.labels[0]);
  });

  it('the portfolio chart of a file younger than the range answers the range it can', async () => {
    const young = await investor(t);
    // A file opened on the latest trading day (today, unless the market is shut today).
    const today = tradingToday();
    const file = await createFile(young, { start_budget: 10_000, date: today });
    const threeWeeksAgo = new Date(Date.parse(`${today}T12:00:00Z`) - 21 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const response = await young.post(portfolioApi.chart, {
      pid: file.id,
      etfs: ['SPY'],
      from_date: threeWeeksAgo,
      to_date: today,
    });
    expect(response.status, response.text).toBe(200);
    const chart = portfolioChartResponseSchema.parse(response.body);
    expect(chart.first).toBe(file.created);
    expect(fileId).toBeGreaterThan(0);
  });
});

describe('the two ETF figures agree (spec 001 §3)', () => {
  it("the watchlist's ETF P&L and the portfolio's ETF % for the same symbol and entry day", async () => {
    const trader = await investor(t);
    const followed = await trader.post(watchlistApi.follow, { data: { symbol: 'MSFT' } });
    expect(followed.status, followed.text).toBe(200);
    // Followed on a trading day's afternoon (on a weekend or holiday no position can be entered today).
    await t.app.db
      .updateTable('watchlist')
      .set({ followed_at: new Date(`${tradingDaysBack(5)}T19:00:00Z`) })
      .where('user_id', '=', trader.userId)
      .where('symbol', '=', 'MSFT')
      .execute();
    const watched = await trader.get(watchlistApi.get);
    expect(watched.status, watched.text).toBe(200);
    const item = watchlistResponseSchema.parse(watched.body).items.find((row) => row.symbol === 'MSFT')!;
    const entryDay = newYorkDate(new Date(item.entry_date.date));
    const file = await createFile(trader, { start_budget: 100_000, date: tradingDaysBack(10) });
    const added = await addPositions(trader, {
      portfolio_id: file.id,
      items: [{ type: 'Buy', symbol: 'MSFT', date: entryDay, price: item.entryPrice ?? 400, quantity: 1 }],
    });
    expect(added.status, added.text).toBe(200);
    const position = (await openPositions(trader, file.id)).list.find(
      (row: Position) => row.symbol === 'MSFT',
    )!;
    expect(item.etf).toBe(position.etf);
    expect(item.etf_pl).not.toBeNull();
    expect(position.etf_pl_per).toBe(item.etf_pl);
  });
});

describe('the small calls (spec 000 §7, spec 002 §7.5)', () => {
  it('historyScore answers one point per month of the last 12 from the stored ratings', async () => {
    const response = await user.get(apiPath(marketApi.historyScore, { symbol: 'AAPL' }));
    expect(response.status, response.text).toBe(200);
    const body = scoreHistoryResponseSchema.parse(response.body);
    expect(body.history).toHaveLength(12);
    const months = body.history.map((point) => point.month);
    expect([...months].sort()).toEqual(months);
    for (const point of body.history) {
      const total = point.buys + point.sells;
      expect(point.score).toBe(total === 0 ? null : Math.round((10_000 * point.buys) / total) / 100);
    }
    expect(body.history.some((point) => point.buys + point.sells > 0)).toBe(true);
    expect((await user.get(apiPath(marketApi.historyScore, { symbol: 'ZZZZ9' }))).status).toBe(404);
  });

  it("get_user_analyst_list answers the analysts of the user's alerts", async () => {
    // Every alert the user can reach: finance_info's newest page, then the older pages by their cursor.
    const feed = await user.post(apiPath(alertsApi.financeInfo, { id: user.userId, session: 'x' }));
    const { info } = feed.body as FinanceInfoResponse;
    const alerts = [...info.alerts];
    for (let cursor = info.cursor; cursor !== null;) {
      const page = await user.get(`${alertsApi.page}?cursor=${encodeURIComponent(cursor)}`);
      expect(page.status, page.text).toBe(200);
      alerts.push(...(page.body as FinanceInfoResponse['info']).alerts);
      cursor = (page.body as FinanceInfoResponse['info']).cursor;
    }
    const names = new Set(alerts.flatMap((alert) => (alert.analyst_name ? [alert.analyst_name] : [])));
    const response = await user.post(alertsApi.userAnalystList, {});
    expect(response.status, response.text).toBe(200);
    const body = userAnalystListResponseSchema.parse(response.body);
    expect(new Set(body.data.map((row) => row.analyst_name))).toEqual(names);
  });

  it('the current user carries portfolio_id once a file exists', async () => {
    const fresh = await investor(t);
    const before = await fresh.post(accountApi.currentUser, {});
    expect(before.body.data.portfolio_id).toBeNull();
    const file = await createFile(fresh, { start_budget: 1_000, date: tradingDaysBack(3) });
    const after = await fresh.post(accountApi.currentUser, {});
    expect(after.body.data.portfolio_id).toBe(file.id);
  });

  it("'Analyst team created' is the day the team formed, not the day it was computed", async () => {
    const feed = await user.post(apiPath(alertsApi.financeInfo, { id: user.userId, session: 'x' }));
    const alert = (feed.body as FinanceInfoResponse).info.alerts.find(
      (row) => row.analyst_name && row.type === 1014,
    )!;
    const response = await user.post(analystsApi.pastAlerts, {
      analyst: alert.analyst_name,
      symbol: alert.symbol,
    });
    expect(response.status, response.text).toBe(200);
    const body = analystPastAlertsResponseSchema.parse(response.body);
    expect(body.team_update).not.toBeNull();
    expect(newYorkDate(new Date(body.team_update!)) < newYorkDate(new Date())).toBe(true);
  });
});
