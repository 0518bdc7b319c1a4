import { messages } from '@insight/shared';
import { nextTradingDay } from '@insight/shared/market/calendar';
import { apiPath } from '@insight/shared/market/schemas';
import {
  portfolioApi,
  portfolioMessages,
  type Portfolio,
  type PositionItem,
} from '@insight/shared/portfolio/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { HttpClient } from '../../test/http';
import {
  addPositions,
  closePositions,
  createFile,
  fileOf,
  investor,
  openPositions,
  saturdayAfter,
  setQuote,
  startPortfolioApp,
  today,
  tradingDaysBack,
  tradingToday,
  type Investor,
} from './portfolio.fixtures';

let t: TestApp;
let admin: Investor;
/** A file started 20 trading days ago, with a deposit 10 trading days ago and 100 AAPL bought after it. */
let owner: Investor;
let file: Portfolio;
let lotId: number;
const started = tradingDaysBack(20);
const deposited = tradingDaysBack(10);

beforeAll(async () => {
  ({ t, admin } = await startPortfolioApp());
  await setQuote(t, 'AAPL', 100);
  owner = await investor(t);
  file = await createFile(owner, { start_budget: 50_000, date: started });
  // The deposit dated 10 trading days ago, as if made then.
  await t.app.db
    .insertInto('portfolio_funds')
    .values({ portfolio_id: file.id, date: deposited, units: 1_000, unit_price: 1, amount: 1_000 })
    .execute();
  const added = await addPositions(owner, {
    portfolio_id: file.id,
    items: [{ type: 'Buy', symbol: 'AAPL', date: deposited, price: 100, quantity: 100 }],
  });
  expect(added.status, added.text).toBe(200);
  [lotId] = added.body.ids as [number];
}, 180_000);
afterAll(async () => t?.close());

const line = (overrides: Partial<PositionItem> = {}): PositionItem => ({
  type: 'Buy',
  symbol: 'AAPL',
  date: tradingToday(),
  price: '100',
  quantity: 1,
  ...overrides,
});

const lotsOf = async (portfolioId: number) =>
  t.app.db.selectFrom('portfolio_positions').selectAll().where('portfolio_id', '=', portfolioId).execute();

describe('the position dialog’s lines are refused with a 400 naming the rule (spec 002 §5)', () => {
  it.each([
    ['a negative quantity', { quantity: -5 }, portfolioMessages.quantityMin],
    ['a fractional quantity', { quantity: 1.5 }, portfolioMessages.quantityWhole],
    ['a quantity of nine digits', { quantity: 123_456_789 }, portfolioMessages.quantityMax],
    ['a price with three decimals', { price: '12.345' }, portfolioMessages.priceFormat],
    ['a price of 0', { price: '0' }, portfolioMessages.pricePositive],
    ['a weekend date', { date: saturdayAfter(started) }, portfolioMessages.dateTradingDay],
    ['a malformed date', { date: '2024-13-45' }, portfolioMessages.dateFormat],
    ['a date before the last deposit', { date: started }, portfolioMessages.dateBeforeDeposit(deposited)],
    ['a date after today', { date: nextTradingDay(today()) }, portfolioMessages.dateFuture],
    ['a price no one has (unknown symbol)', { symbol: 'ZZZZ9' }, portfolioMessages.unknownSymbol('ZZZZ9')],
    [
      'more than the cash',
      { quantity: 1_000, price: '100' },
      portfolioMessages.notEnoughCash('100100.00', '41000.00'),
    ],
  ] as const)('%s', async (_case, overrides, message) => {
    const before = await lotsOf(file.id);
    // With a valid line first: the call is all or nothing.
    const response = await addPositions(owner, { portfolio_id: file.id, items: [line(), line(overrides)] });
    expect(response.status).toBe(message === portfolioMessages.unknownSymbol('ZZZZ9') ? 404 : 400);
    expect(response.body.status).toBe(false);
    expect(response.body.msg).toContain(message);
    expect(await lotsOf(file.id)).toEqual(before);
  });

  it('an edit of a position opened before the last deposit is refused', async () => {
    await t.app.db
      .insertInto('portfolio_funds')
      .values({ portfolio_id: file.id, date: tradingToday(), units: 1, unit_price: 1, amount: 1 })
      .execute();
    try {
      const response = await addPositions(owner, { portfolio_id: file.id, items: [line({ id: lotId })] });
      expect(response.status).toBe(400);
      expect(response.body.msg).toBe(portfolioMessages.editBlocked('AAPL'));
    } finally {
      await t.app.db
        .deleteFrom('portfolio_funds')
        .where('portfolio_id', '=', file.id)
        .where('date', '=', tradingToday())
        .execute();
    }
  });
});

describe('the chart’s range (spec 001 §5 Charts)', () => {
  it.each([
    ['one day', { from_date: deposited, to_date: deposited }, portfolioMessages.narrowRange],
    ['a day that does not exist', { from_date: '2024-02-30' }, portfolioMessages.dateFormat],
    ['a malformed day', { to_date: '2024-1-5' }, portfolioMessages.dateFormat],
  ] as const)('%s is refused with a 400', async (_case, range, message) => {
    const response = await owner.post(portfolioApi.chart, { pid: file.id, ...range });
    expect(response.status).toBe(400);
    expect(response.body.msg).toContain(message);
  });

  it('a range starting before the file starts at its first day', async () => {
    const response = await owner.post(portfolioApi.chart, {
      pid: file.id,
      etfs: [],
      from_date: '2000-01-03',
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.chart_data.labels[0]).toBe(started);
    expect(response.body.first).toBe(started);
  });
});

describe('closing is refused beyond the open quantity and outside entry..today (spec 001 §5)', () => {
  const close = (overrides: object) =>
    closePositions(owner, {
      portfolio_id: file.id,
      items: [{ id: lotId, quantity: 1, price: '110', date: tradingToday(), ...overrides }],
    });

  it.each([
    ['more than open', { quantity: 101 }, portfolioMessages.closeTooMany('AAPL', 100)],
    ['a date before the entry', { date: started }, portfolioMessages.dateBeforeEntry(deposited)],
    ['a date after today', { date: nextTradingDay(today()) }, portfolioMessages.dateFuture],
    ['a weekend date', { date: saturdayAfter(deposited) }, portfolioMessages.dateTradingDay],
    ['a price with three decimals', { price: '1.001' }, portfolioMessages.priceFormat],
  ] as const)('%s', async (_case, overrides, message) => {
    const response = await close(overrides);
    expect(response.status).toBe(400);
    expect(response.body.msg).toContain(message);
    expect((await openPositions(owner, file.id)).list[0]).toMatchObject({ id: lotId, quantity: 100 });
  });

  it('two closes of one lot in one call may not add up to more than open, and nothing is closed', async () => {
    const response = await closePositions(owner, {
      portfolio_id: file.id,
      items: [
        { id: lotId, quantity: 60, price: '110', date: tradingToday() },
        { id: lotId, quantity: 41, price: '110', date: tradingToday() },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe(portfolioMessages.closeTooMany('AAPL', 40));
    expect(await lotsOf(file.id)).toHaveLength(1);
  });
});

describe('nobody reads or changes another user’s file; an admin may act for a user (spec 001 §6)', () => {
  const calls: [
    name: string,
    method: 'GET' | 'POST',
    url: () => string,
    body: (() => unknown) | undefined,
  ][] = [
    ['list', 'GET', () => apiPath(portfolioApi.list, { userId: owner.userId }), undefined],
    ['lastDay', 'GET', () => apiPath(portfolioApi.lastDay, { userId: owner.userId }), undefined],
    ['unitPrice', 'GET', () => apiPath(portfolioApi.unitPrice, { id: file.id }), undefined],
    ['openPositions', 'GET', () => apiPath(portfolioApi.openPositions, { id: file.id }), undefined],
    ['closedPositions', 'GET', () => apiPath(portfolioApi.closedPositions, { id: file.id }), undefined],
    ['fundsHistory', 'GET', () => apiPath(portfolioApi.fundsHistory, { id: file.id }), undefined],
    ['futureActions', 'GET', () => apiPath(portfolioApi.futureActions, { id: file.id }), undefined],
    ['sharpe', 'GET', () => apiPath(portfolioApi.sharpe, { id: file.id }), undefined],
    [
      'downloadPositions',
      'GET',
      () => `${apiPath(portfolioApi.downloadPositions, { id: file.id })}?format=csv`,
      undefined,
    ],
    ['reset', 'GET', () => apiPath(portfolioApi.reset, { id: file.id }), undefined],
    ['addBudget', 'POST', () => portfolioApi.addBudget, () => ({ portfolio_id: file.id, units: 5 })],
    ['deposits', 'POST', () => portfolioApi.deposits, () => ({ portfolioId: file.id, units: -5 })],
    [
      'addPositions',
      'POST',
      () => portfolioApi.addPositions,
      () => ({ portfolio_id: file.id, items: [line()] }),
    ],
    [
      'close',
      'POST',
      () => portfolioApi.close,
      () => ({ portfolio_id: file.id, items: [{ id: lotId, quantity: 1, price: 1, date: tradingToday() }] }),
    ],
    ['delete', 'POST', () => portfolioApi.delete, () => ({ scurity_ids: [lotId] })],
    ['pieChart', 'POST', () => portfolioApi.pieChart, () => ({ pid: file.id })],
    ['chart', 'POST', () => portfolioApi.chart, () => ({ pid: file.id })],
  ];
  it.each(calls)(
    'another investor’s %s (%s) is 404 as if it did not exist, an anonymous one 401',
    async (_name, method, url, body) => {
      const stranger = await investor(t);
      const refused = await stranger.request(method, url(), body?.());
      expect(refused.status).toBe(404);
      expect(refused.body.status).toBe(false);
      const anonymous = await new HttpClient(t.baseUrl).request(method, url(), body?.());
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.msg).toBe(messages.session.required);
      // Nothing changed.
      expect((await openPositions(owner, file.id)).list).toHaveLength(1);
    },
  );

  it('a profile-type account has no portfolio (403), an unknown file is 404', async () => {
    const profile = await investor(t, { account_type: 'profile' });
    expect((await profile.get(apiPath(portfolioApi.list, { userId: profile.userId }))).status).toBe(403);
    const unknown = await owner.get(apiPath(portfolioApi.openPositions, { id: 2_000_000_000 }));
    expect(unknown).toMatchObject({ status: 404, body: { status: false, msg: portfolioMessages.notFound } });
  });

  it('only an admin names another user: creating for them, adding positions to their file', async () => {
    const client = await investor(t);
    const intruder = await investor(t);
    const refused = await intruder.post(portfolioApi.create, { user: client.userId, start_budget: 1_000 });
    expect(refused.status).toBe(404);
    expect(await fileOf(client, client.userId)).toBeUndefined();

    const created = await admin.post(portfolioApi.create, { user: client.userId, start_budget: 20_000 });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ user_id: client.userId, units: 20_000 });
    const theirs = (await fileOf(client, client.userId))!;
    expect(theirs.id).toBe(created.body.id);

    const notForYou = await addPositions(intruder, {
      user: client.userId,
      portfolio_id: theirs.id,
      items: [line()],
    });
    expect(notForYou.status).toBe(404);
    const forThem = await addPositions(admin, {
      user: client.userId,
      portfolio_id: theirs.id,
      items: [line()],
    });
    expect(forThem.status, forThem.text).toBe(200);
    expect((await openPositions(client, theirs.id)).list.map((position) => position.id)).toEqual(
      forThem.body.ids,
    );
    // The admin reads the user's files too; the admin's own list stays theirs.
    expect((await admin.get(apiPath(portfolioApi.list, { userId: client.userId }))).body[0].id).toBe(
      theirs.id,
    );
    expect((await admin.get(apiPath(portfolioApi.list, { userId: admin.userId }))).body).toEqual([]);
  });
});
