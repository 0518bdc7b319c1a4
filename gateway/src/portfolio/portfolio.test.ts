import { nextTradingDay, previousTradingDay, tradingDaysBetween } from '@insight/shared/market/calendar';
import { apiPath } from '@insight/shared/market/schemas';
import {
  budgetResponseSchema,
  defaultMonitorSettings,
  portfolioApi,
  portfolioChartResponseSchema,
  portfolioMessages,
  portfolioSchema,
  positionSchema,
  type Portfolio,
  type PortfolioChanged,
  type Position,
} from '@insight/shared/portfolio/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { connectSocket } from '../../test/socket';
import {
  addPositions,
  closedPositions,
  closeOn,
  closePositions,
  createFile,
  fileOf,
  investor,
  openPositions,
  pct,
  round2,
  setQuote,
  startPortfolioApp,
  today,
  tradingDaysBack,
  tradingToday,
  type Investor,
} from './portfolio.fixtures';

let t: TestApp;
beforeAll(async () => {
  ({ t } = await startPortfolioApp());
  await setQuote(t, 'AAPL', 165, 1.5);
  await setQuote(t, 'KO', 55, -0.5);
  await setQuote(t, 'MSFT', 400, 0.25);
}, 180_000);
afterAll(async () => t?.close());

/** |a − b| within a cent (or a hundredth of a percent): two roundings of the same figure. */
const near = (actual: number | null | undefined, expected: number) =>
  expect(Math.abs((actual ?? Number.NaN) - expected)).toBeLessThanOrEqual(0.0100001);

/** A tiny RFC 4180 reader: quoted fields with doubled quotes, CRLF lines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  return rows;
}

describe('a file from its first deposit to its reset (spec 001 §3, §4, §5)', () => {
  let user: Investor;
  let file: Portfolio;
  let longId: number;
  let shortId: number;
  const started = tradingDaysBack(30);
  const entered = tradingDaysBack(25);
  const notes = 'core, "long" holding';
  /** Cash after the first deposit and the two entries: 100,000 − 100 × 150 − 50 × 60. */
  const cashAfterEntries = 82_000;

  beforeAll(async () => {
    user = await investor(t);
  });

  it('Set Portfolio Funds creates the file: start_budget units at unit price 1, once per user', async () => {
    file = await createFile(user, { start_budget: 100_000, date: started });
    expect(portfolioSchema.strict().parse(file)).toMatchObject({
      user_id: user.userId,
      name: 'My File',
      created: started,
      units: 100_000,
      unit_price: 1,
      aum: 100_000,
      current_cash: 100_000,
      total_invest: 100_000,
      open_total: 0,
      pos_short_total: 0,
      last_deposite: started,
    });
    expect(await fileOf(user, user.userId)).toEqual(file);
    const again = await user.post(portfolioApi.create, { start_budget: 5 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: false, msg: portfolioMessages.alreadyExists });
  });

  it('Buy opens a Long and Sell a Short, in one call', async () => {
    const response = await addPositions(user, {
      portfolio_id: file.id,
      items: [
        { type: 'Buy', symbol: 'aapl', date: entered, price: '150.00', quantity: '1,00', notes },
        { type: 'Sell', symbol: 'KO', date: entered, price: 60, quantity: 50 },
      ],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ status: true, msg: portfolioMessages.positionsAdded(2), type: 0 });
    [longId, shortId] = response.body.ids as [number, number];
    const stored = await t.app.db
      .selectFrom('portfolio_positions')
      .selectAll()
      .where('portfolio_id', '=', file.id)
      .orderBy('id')
      .execute();
    expect(
      stored.map((row) => [row.id, row.symbol, row.kind, row.quantity, Number(row.entry_price)]),
    ).toEqual([
      [longId, 'AAPL', 'Long', 100, 150],
      [shortId, 'KO', 'Short', 50, 60],
    ]);
  });

  it('answers the figures an independent computation gives, from the stored facts and live quotes', async () => {
    const figures = (await fileOf(user, user.userId))!;
    // Long 100 AAPL 150 → 165; short 50 KO 60 → 55 (collateral 3,000 + P&L 250).
    expect(figures).toMatchObject({
      current_cash: cashAfterEntries,
      open_total: 16_500,
      pos_short_total: 3_250,
      aum: 101_750,
      units: 100_000,
      unit_price: 1.0175,
      total_invest: 100_000,
      open_pl_money: 1_500,
      open_pl_per: 10,
      short_pl_money: 250,
      short_pl_per: 8.33,
      last_deposite: started,
    });
    // The last day: now against the file at the last close before today (no flows since).
    const previous = previousTradingDay(today());
    const aumThen =
      cashAfterEntries +
      100 * (await closeOn(t, 'AAPL', previous)) +
      50 * (120 - (await closeOn(t, 'KO', previous)));
    near(figures.last_day_pl, round2(101_750 - aumThen));
    near(figures.last_day_pl_per, pct(aumThen / 100_000, 1.0175));
    const lastDay = await user.get(apiPath(portfolioApi.lastDay, { userId: user.userId }));
    expect(lastDay.body).toEqual([
      {
        id: file.id,
        last_day_pl: figures.last_day_pl,
        last_day_pl_per: figures.last_day_pl_per,
        unit_price: 1.0175,
      },
    ]);
    expect((await user.get(apiPath(portfolioApi.unitPrice, { id: file.id }))).body).toEqual({
      unit_price: 1.0175,
    });
    const sharpe = await user.get(apiPath(portfolioApi.sharpe, { id: file.id }));
    expect(typeof sharpe.body.value).toBe('number');
    expect(sharpe.body.value).toBe(figures.sharp);
  });

  it('lists the open positions with every field of spec 001 §3 Position', async () => {
    const soon = new Date(Date.parse(`${today()}T12:00:00Z`) + 9 * 86_400_000).toISOString().slice(0, 10);
    await t.app.db
      .insertInto('earnings')
      .values({ symbol: 'AAPL', date: soon, session: 'amc' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const next = await t.app.db
      .selectFrom('earnings')
      .select((eb) => eb.fn.min('date').as('date'))
      .where('symbol', '=', 'AAPL')
      .where('date', '>=', today())
      .executeTakeFirstOrThrow();
    const last50 = await t.app.db
      .selectFrom('daily_bars')
      .select('close')
      .where('symbol', '=', 'AAPL')
      .orderBy('date', 'desc')
      .limit(50)
      .execute();
    const company = await t.app.db
      .selectFrom('companies')
      .select(['name', 'sector'])
      .where('symbol', '=', 'AAPL')
      .executeTakeFirstOrThrow();
    const xlkQuote = await t.app.db
      .selectFrom('quotes')
      .select('last_price')
      .where('symbol', '=', 'XLK')
      .executeTakeFirstOrThrow();
    const xlkBefore = await closeOn(t, 'XLK', previousTradingDay(entered));

    const { list, monitor_settings } = await openPositions(user, file.id);
    expect(monitor_settings).toEqual(defaultMonitorSettings);
    const long = positionSchema.strict().parse(list.find((position) => position.id === longId));
    expect(long).toEqual({
      id: longId,
      symbol: 'AAPL',
      company: company.name,
      pos_type: 'Long',
      sector: company.sector,
      entry_date: { date: entered },
      entry: 150,
      quantity: 100,
      last_price: 165,
      current_val: 16_500,
      earning: next.date,
      percent_file: round2((100 * 16_500) / 101_750),
      pl: 1_500,
      pl_per: 10,
      etf_pl_per: pct(xlkBefore, Number(xlkQuote.last_price)),
      etf: 'XLK',
      daily_change: 1.5,
      close_price: null,
      close_date: null,
      notes,
      ma50: round2(last50.reduce((sum, bar) => sum + Number(bar.close), 0) / last50.length),
      editable: true,
    } satisfies Position);
    expect(list.find((position) => position.id === shortId)).toMatchObject({
      symbol: 'KO',
      pos_type: 'Short',
      quantity: 50,
      last_price: 55,
      current_val: 3_250,
      pl: 250,
      pl_per: 8.33,
      etf: 'XLP',
      daily_change: -0.5,
    });
  });

  it('deals deposits and withdrawals at the current unit price, old call and new', async () => {
    const deposit = await user.post(portfolioApi.addBudget, {
      portfolio_id: file.id,
      units: 10_000,
      unit_price: 1,
      deposit: true,
    });
    expect(deposit.status, deposit.text).toBe(200);
    const dealt = budgetResponseSchema.parse(deposit.body);
    expect(dealt.entry).toMatchObject({ units: 10_000, price: 1.0175, amount: 10_175, date: tradingToday() });
    expect(dealt.portfolio).toMatchObject({
      units: 110_000,
      unit_price: 1.0175,
      current_cash: cashAfterEntries + 10_175,
      total_invest: 110_175,
      last_deposite: tradingToday(),
    });

    const withdrawal = await user.post(portfolioApi.deposits, { portfolioId: file.id, units: -5_000 });
    expect(withdrawal.status, withdrawal.text).toBe(200);
    expect(withdrawal.body.entry).toMatchObject({ units: -5_000, price: 1.0175, amount: -5_087.5 });
    expect(withdrawal.body.portfolio).toMatchObject({
      units: 105_000,
      current_cash: cashAfterEntries + 10_175 - 5_087.5,
    });

    const tooMany = await user.post(portfolioApi.addBudget, {
      portfolio_id: file.id,
      units: 105_001,
      deposit: false,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe(portfolioMessages.notEnoughUnits(105_000));

    const history = await user.get(apiPath(portfolioApi.fundsHistory, { id: file.id }));
    expect(history.body.map((entry: { units: number }) => entry.units)).toEqual([-5_000, 10_000, 100_000]);
    const deposits = await user.get(apiPath(portfolioApi.depositsOf, { id: file.id }));
    expect(deposits.body).toEqual({ funds: history.body });
    const last = await user.get(apiPath(portfolioApi.lastFundDate, { userId: user.userId, id: file.id }));
    expect(last.body).toEqual({ last_deposite: tradingToday() });
  });

  it('positions opened before the last deposit can be neither edited nor deleted; later ones can', async () => {
    const edit = await addPositions(user, {
      portfolio_id: file.id,
      items: [{ id: longId, type: 'Buy', symbol: 'AAPL', date: tradingToday(), price: 151, quantity: 100 }],
    });
    expect(edit.status).toBe(400);
    expect(edit.body.msg).toBe(portfolioMessages.editBlocked('AAPL'));

    const blocked = await user.post(portfolioApi.delete, { scurity_ids: [longId, shortId] });
    expect(blocked.status).toBe(400);
    expect(blocked.body.msg).toBe(portfolioMessages.deleteBlocked);

    const added = await addPositions(user, {
      portfolio_id: file.id,
      items: [{ type: 'Buy', symbol: 'MSFT', date: tradingToday(), price: 400, quantity: 10 }],
    });
    expect(added.body).toMatchObject({ status: true, msg: portfolioMessages.positionAdded });
    const [msftId] = added.body.ids as [number];
    const msft = (await openPositions(user, file.id)).list.find((position) => position.id === msftId)!;
    expect(msft.editable).toBe(true);
    expect(
      (await openPositions(user, file.id)).list.find((position) => position.id === longId)!.editable,
    ).toBe(false);

    // An edit of a position opened since the last deposit.
    const edited = await addPositions(user, {
      portfolio_id: file.id,
      items: [
        { id: msftId, type: 'Buy', symbol: 'MSFT', date: tradingToday(), price: '399.5', quantity: 12 },
      ],
    });
    expect(edited.body).toMatchObject({ status: true, ids: [msftId] });
    expect(
      (await openPositions(user, file.id)).list.find((position) => position.id === msftId),
    ).toMatchObject({
      entry: 399.5,
      quantity: 12,
    });

    const partly = await user.post(portfolioApi.delete, { scurity_ids: [longId, msftId] });
    expect(partly.status).toBe(200);
    expect(partly.body).toEqual({
      status: true,
      msg: portfolioMessages.deleteSkipped(['AAPL']),
      deleted: [msftId],
      skipped: ['AAPL'],
    });
    expect((await openPositions(user, file.id)).list.map((position) => position.id).sort()).toEqual(
      [longId, shortId].sort(),
    );
  });

  it('a partial close splits the lot: the rest stays open, the closed part is listed with its P/L', async () => {
    const close = await closePositions(user, {
      portfolio_id: file.id,
      items: [{ id: longId, quantity: 40, price: '170', date: tradingToday(), notes: 'took some' }],
    });
    expect(close.status, close.text).toBe(200);
    expect(close.body).toEqual({ status: true, msg: portfolioMessages.closed(1) });

    const open = (await openPositions(user, file.id)).list;
    expect(open.find((position) => position.id === longId)).toMatchObject({
      quantity: 60,
      current_val: 9_900,
    });
    const closed = await closedPositions(user, file.id);
    expect(closed).toHaveLength(1);
    const xlkBefore = await closeOn(t, 'XLK', previousTradingDay(entered));
    const xlkAtClose = await closeOn(t, 'XLK', tradingToday());
    expect(positionSchema.strict().parse(closed[0])).toMatchObject({
      symbol: 'AAPL',
      pos_type: 'Long',
      entry: 150,
      quantity: 40,
      close_price: 170,
      close_date: { date: tradingToday() },
      current_val: 6_800,
      pl: 800,
      pl_per: 13.33,
      etf: 'XLK',
      etf_pl_per: pct(xlkBefore, xlkAtClose),
      last_price: null,
      percent_file: null,
      notes: 'took some',
    });
    expect(closed[0]!.id).not.toBe(longId);
    const split = await t.app.db
      .selectFrom('portfolio_positions')
      .select('parent_id')
      .where('id', '=', closed[0]!.id)
      .executeTakeFirstOrThrow();
    expect(split.parent_id).toBe(longId);

    const cash = cashAfterEntries + 10_175 - 5_087.5 + 6_800;
    expect(await fileOf(user, user.userId)).toMatchObject({ current_cash: cash, open_total: 9_900 });

    // Sector allocation: IT (60 AAPL at 165), Staples (the KO short), then cash.
    const pie = await user.post(portfolioApi.pieChart, { pid: file.id });
    expect(pie.body.labels).toEqual(['IT', 'Staples', 'Cash']);
    expect(pie.body.values).toEqual([9_900, 3_250, cash]);
    const aum = 9_900 + 3_250 + cash;
    expect(pie.body.series).toEqual([9_900, 3_250, cash].map((value) => round2((100 * value) / aum)));
  });

  it('charts the unit price and each ETF as percent change since the range’s first day', async () => {
    const response = await user.post(portfolioApi.chart, { pid: file.id, etfs: ['SPY'] });
    expect(response.status, response.text).toBe(200);
    const chart = portfolioChartResponseSchema.parse(response.body);
    expect(chart.first).toBe(started);
    const days = tradingDaysBetween(started, today());
    expect(chart.chart_data.labels).toEqual(days);
    const [mine, spy] = chart.chart_data.datasets;
    expect(mine!.label).toBe('My File');
    expect(spy!.label).toBe('SPY');
    expect(mine!.data[0]).toBe(0);
    expect(spy!.data[0]).toBe(0);
    // A day between the entries and the deposit: (cash + longs + shorts) / 100,000 units, against 1.
    const day = tradingDaysBack(10);
    const index = days.indexOf(day);
    const unitThen =
      (cashAfterEntries +
        100 * (await closeOn(t, 'AAPL', day)) +
        50 * (120 - (await closeOn(t, 'KO', day)))) /
      100_000;
    near(mine!.data[index], pct(1, unitThen));
    expect(spy!.data[index]).toBe(pct(await closeOn(t, 'SPY', started), await closeOn(t, 'SPY', day)));

    const narrow = await user.post(portfolioApi.chart, { pid: file.id, from_date: day, to_date: day });
    expect(narrow.status).toBe(400);
    expect(narrow.body.msg).toContain(portfolioMessages.narrowRange);
  });

  it('plans future actions up to the open quantity of that symbol and type', async () => {
    const date = nextTradingDay(today());
    const action = {
      portfolio_id: file.id,
      date,
      action: 'Buy',
      ticker: 'AAPL',
      reason: 'Take Profit',
    } as const;
    const saved = await user.post(portfolioApi.addFutureAction, { ...action, quantity: 60, comment: 'trim' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.action).toMatchObject({ ...action, quantity: 60, comment: 'trim' });

    const tooMany = await user.post(portfolioApi.addFutureAction, { ...action, quantity: 61 });
    expect(tooMany.body).toEqual({
      status: false,
      msg: portfolioMessages.futureActionTooMany(60),
      field: 'quantity',
    });
    const noShort = await user.post(portfolioApi.addFutureAction, { ...action, action: 'Sell', quantity: 1 });
    expect(noShort.body.msg).toBe(portfolioMessages.futureActionNoPosition('AAPL'));
    const past = await user.post(portfolioApi.addFutureAction, {
      ...action,
      date: tradingDaysBack(1),
      quantity: 1,
    });
    expect(past.body.msg).toBe(portfolioMessages.datePast);

    const listed = await user.get(apiPath(portfolioApi.futureActions, { id: file.id }));
    expect(listed.body.list).toEqual([saved.body.action]);
  });

  it('downloads the positions and the future actions as CSV and Excel', async () => {
    const csv = await user.get(`${apiPath(portfolioApi.downloadPositions, { id: file.id })}?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="portfolio-${file.id}-positions-${today()}.csv"`,
    );
    const [header, ...rows] = parseCsv(csv.text);
    expect(header).toContain('Symbol');
    const column = (name: string) => header!.indexOf(name);
    expect(
      rows.map((row) => [
        row[column('Status')],
        row[column('Symbol')],
        row[column('Quantity')],
        row[column('Notes')],
      ]),
    ).toEqual([
      // Newest entry first; of one day, the last entered first.
      ['Open', 'KO', '50', ''],
      ['Open', 'AAPL', '60', notes],
      ['Closed', 'AAPL', '40', 'took some'],
    ]);

    const xlsx = await fetch(
      `${t.baseUrl}${apiPath(portfolioApi.downloadPositions, { id: file.id })}?format=xlsx`,
      {
        headers: { cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      },
    );
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toContain(
      `portfolio-${file.id}-positions-${today()}.xlsx`,
    );
    const bytes = Buffer.from(await xlsx.arrayBuffer());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    const actions = await user.get(
      `${apiPath(portfolioApi.downloadActions, { id: file.id })}?format=csv&symbols=AAPL`,
    );
    const [actionHeader, ...actionRows] = parseCsv(actions.text);
    expect(actionHeader).toEqual(['Date', 'Action', 'Symbol', 'Reason', 'Quantity', 'Comment']);
    expect(actionRows).toEqual([[nextTradingDay(today()), 'Buy', 'AAPL', 'Take Profit', '60', 'trim']]);
    const none = await user.get(
      `${apiPath(portfolioApi.downloadActions, { id: file.id })}?format=csv&symbols=KO`,
    );
    expect(parseCsv(none.text)).toHaveLength(1);
    const actionsXlsx = await user.get(
      `${apiPath(portfolioApi.downloadActions, { id: file.id })}?format=xlsx`,
    );
    expect(actionsXlsx.headers.get('content-disposition')).toContain('.xlsx');
  });

  it('a reset deletes the positions, funds, actions and the file, back to the new-file state', async () => {
    const reset = await user.get(apiPath(portfolioApi.reset, { id: file.id }));
    expect(reset.body).toEqual({ status: true, msg: portfolioMessages.reset });
    expect((await user.get(apiPath(portfolioApi.list, { userId: user.userId }))).body).toEqual([]);
    for (const table of ['portfolio_positions', 'portfolio_funds', 'portfolio_actions'] as const) {
      const left = await t.app.db
        .selectFrom(table)
        .select('id')
        .where('portfolio_id', '=', file.id)
        .execute();
      expect(left, table).toEqual([]);
    }
    expect((await user.get(apiPath(portfolioApi.openPositions, { id: file.id }))).status).toBe(404);
    // A new file can be started again.
    expect((await createFile(user, { start_budget: 1_000 })).units).toBe(1_000);
  });
});

describe("a change reaches the owner's other tabs (design §5)", () => {
  it("as 'portfolio:changed' naming the file and what changed, and never another user's sockets", async () => {
    const user = await investor(t);
    const stranger = await investor(t);
    const otherTab = await connectSocket(t.baseUrl, { as: user });
    const strangerTab = await connectSocket(t.baseUrl, { as: stranger });
    try {
      const mark = otherTab.mark();
      const strangerMark = strangerTab.mark();
      const file = await createFile(user, { start_budget: 10_000 });
      const expectPush = async (kind: PortfolioChanged['kind'], change: () => Promise<unknown>) => {
        const since = otherTab.mark();
        await change();
        expect(await otherTab.waitFor('portfolio:changed', { since, timeoutMs: 1000 })).toEqual({
          portfolioId: file.id,
          kind,
        });
      };
      expect(await otherTab.waitFor('portfolio:changed', { since: mark, timeoutMs: 1000 })).toEqual({
        portfolioId: file.id,
        kind: 'created',
      });
      await expectPush('positions', () =>
        addPositions(user, {
          portfolio_id: file.id,
          items: [{ type: 'Buy', symbol: 'MSFT', date: tradingToday(), price: 400, quantity: 1 }],
        }),
      );
      await expectPush('funds', () => user.post(portfolioApi.deposits, { portfolioId: file.id, units: 10 }));

      // The stranger's own change reaches them; the user's, published before it, never did.
      const own = await createFile(stranger, { start_budget: 500 });
      expect(
        await strangerTab.waitFor('portfolio:changed', { since: strangerMark, timeoutMs: 1000 }),
      ).toEqual({
        portfolioId: own.id,
        kind: 'created',
      });
      expect(strangerTab.received('portfolio:changed', strangerMark)).toHaveLength(1);
    } finally {
      otherTab.close();
      strangerTab.close();
    }
  });
});
