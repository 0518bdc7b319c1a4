import { isTradingDay, newYorkDate, previousTradingDay } from '@insight/shared/market/calendar';
import { apiPath } from '@insight/shared/market/schemas';
import {
  portfolioApi,
  type AddPositionsBody,
  type CloseBody,
  type CreatePortfolioInput,
  type Portfolio,
  type Position,
} from '@insight/shared/portfolio/schemas';
import { expect } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn, type UserOverrides } from '../../test/factories/users';
import { HttpClient } from '../../test/http';

/**
 * What the portfolio tests share: the real gateway on the market the global setup ingested, with the
 * poller left stopped so that quotes and bars hold still; prices a test needs are written into the
 * market tables, as an ingest would.
 */
export async function startPortfolioApp() {
  const t = await startTestApp({ INGEST: '1' });
  // The ingest catches up from the template once, then stops: nothing moves under a test.
  await t.app.ingestor.start();
  await t.app.ingestor.stop();
  const admin = await investor(t, { is_admin: true });
  return { t, admin };
}

export type Investor = HttpClient & { userId: number };

export async function investor(t: TestApp, overrides: UserOverrides = {}): Promise<Investor> {
  const client = new HttpClient(t.baseUrl);
  const user = await createUser(t.app, overrides);
  await signIn(client, user);
  return Object.assign(client, { userId: user.id });
}

// ---- days ----

/** The market's today (New York), and the trading day positions and funds of "today" are dated. */
export const today = () => newYorkDate(new Date());
export const tradingToday = () => (isTradingDay(today()) ? today() : previousTradingDay(today()));
/** The trading day `count` trading days before the trading today. */
export function tradingDaysBack(count: number) {
  let day = tradingToday();
  for (let i = 0; i < count; i++) day = previousTradingDay(day);
  return day;
}
/** The first Saturday after a day. */
export function saturdayAfter(day: string) {
  const date = new Date(`${day}T12:00:00Z`);
  do date.setUTCDate(date.getUTCDate() + 1);
  while (date.getUTCDay() !== 6);
  return date.toISOString().slice(0, 10);
}

// ---- market facts ----

/** Sets a symbol's live quote, as the quotes poll would. */
export async function setQuote(t: TestApp, symbol: string, lastPrice: number, dailyChange = 0) {
  await t.app.db
    .updateTable('quotes')
    .set({ last_price: lastPrice, daily_change: dailyChange })
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow();
}

/** The symbol's close on a day or the last before it, as stored. */
export async function closeOn(t: TestApp, symbol: string, day: string) {
  const row = await t.app.db
    .selectFrom('daily_bars')
    .select('close')
    .where('symbol', '=', symbol)
    .where('date', '<=', day)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return Number(row.close);
}

export const round2 = (value: number) => Math.round(value * 100) / 100;
export const pct = (from: number, to: number) => round2((100 * (to - from)) / Math.abs(from));

// ---- calls ----

export async function createFile(client: HttpClient, body: CreatePortfolioInput) {
  const response = await client.post(portfolioApi.create, body);
  expect(response.status, response.text).toBe(200);
  return response.body as Portfolio;
}

export async function fileOf(client: HttpClient, userId: number) {
  const response = await client.get(apiPath(portfolioApi.list, { userId }));
  expect(response.status, response.text).toBe(200);
  return (response.body as Portfolio[])[0];
}

export const addPositions = (client: HttpClient, body: AddPositionsBody) =>
  client.post(portfolioApi.addPositions, body);

export const closePositions = (client: HttpClient, body: CloseBody) => client.post(portfolioApi.close, body);

export async function openPositions(client: HttpClient, id: number) {
  const response = await client.get(apiPath(portfolioApi.openPositions, { id }));
  expect(response.status, response.text).toBe(200);
  return response.body as { list: Position[]; monitor_settings: unknown[] };
}

export async function closedPositions(client: HttpClient, id: number) {
  const response = await client.get(apiPath(portfolioApi.closedPositions, { id }));
  expect(response.status, response.text).toBe(200);
  return (response.body as { list: Position[] }).list;
}
