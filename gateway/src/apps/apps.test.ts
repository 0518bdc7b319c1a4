import { alertsApi, demoAccounts, messages, type FinanceInfoResponse } from '@insight/shared';
import {
  appMessages,
  appPortfolioChangedSchema,
  appsApi,
  topRatings,
  topRatingsResponseSchema,
  toTopRatingAlert,
  type AppPortfolio,
  type AppPortfolioDetail,
} from '@insight/shared/apps/schemas';
import { apiPath, marketMessages } from '@insight/shared/market/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';

let t: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  t = await startTestApp({ INGEST: '1', DEMO_SEED: '1' });
  admin = new HttpClient(t.baseUrl);
  await signIn(
    admin,
    demoAccounts.find((account) => account.role === 'admin')!,
  );
}, 180_000);
afterAll(async () => t?.close());

const signedIn = async (overrides: Parameters<typeof createUser>[1] = {}) => {
  const client = new HttpClient(t.baseUrl);
  await signIn(client, await createUser(t.app, overrides));
  return client;
};

let titles = 0;
const uniqueTitle = (base = 'Growth') => `${base} ${++titles}`;
const thisYear = new Date().getUTCFullYear();

const addPortfolio = (body: unknown, client = admin) => client.post(appsApi.addPortfolio, body);
async function newPortfolio(app = 'insight-ios', date = '2024-03-01'): Promise<AppPortfolioDetail> {
  const response = await addPortfolio({ title: uniqueTitle(), app, date });
  expect(response.status).toBe(200);
  return appPortfolioChangedSchema.parse(response.body).data;
}
const portfoliosOf = async (app: string, activeOnly = false) => {
  const response = await admin.get(apiPath(appsApi.portfolios, { app, activeOnly: String(activeOnly) }));
  expect(response.status).toBe(200);
  return response.body.data as AppPortfolio[];
};
const portfolioOf = async (id: number, withList = true) => {
  const response = await admin.get(apiPath(appsApi.portfolio, { id, withList: String(withList) }));
  expect(response.status).toBe(200);
  return response.body.data as AppPortfolioDetail;
};
const addSymbol = (portfolio: number, symbol: string, entry?: string) =>
  admin.post(appsApi.addSymbol, { portfolio, symbol, ...(entry === undefined ? {} : { entry }) });
const lastPriceOf = async (symbol: string) => {
  const quote = await t.app.db
    .selectFrom('quotes')
    .select('last_price')
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  if (quote) return Number(quote.last_price);
  const bar = await t.app.db
    .selectFrom('daily_bars')
    .select('close')
    .where('symbol', '=', symbol)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return Number(bar.close);
};
const round2 = (value: number) => Math.round(value * 100) / 100;

describe('the app flavours (spec 002 §7.4 get_portfolios_app_names)', () => {
  it('lists the apps seeded by the migration, with flavour id and display name', async () => {
    const response = await admin.get(appsApi.apps);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(
      expect.arrayContaining([
        { flavor: 'insight', name: 'Insight' },
        { flavor: 'insight-ios', name: 'Insight for iPhone' },
        { flavor: 'insight-android', name: 'Insight for Android' },
      ]),
    );
  });

  it("tells a signed-in user their own app (the mobile view's room), null for one not from an app", async () => {
    const appUser = await signedIn({ app_id: `ios-${Date.now()}`, app_flavor: 'insight-ios' });
    expect((await appUser.get(appsApi.mine)).body).toEqual({
      data: { flavor: 'insight-ios', name: 'Insight for iPhone' },
    });
    expect((await (await signedIn()).get(appsApi.mine)).body).toEqual({ data: null });
  });
});

describe('adding a portfolio (spec 002 §5 "App portfolio month", "name")', () => {
  it('adds it inactive, with the month sent as YYYY-mm-01, and says to select it', async () => {
    const title = uniqueTitle('Tech leaders');
    const response = await addPortfolio({ title: `  ${title} `, app: 'insight-ios', date: '2024-3-01' });
    expect(response.status).toBe(200);
    const answer = appPortfolioChangedSchema.strict().parse(response.body);
    expect(answer.msg).toBe(appMessages.portfolioAdded);
    expect(answer.data).toMatchObject({
      app: 'insight-ios',
      title,
      active: false,
      month: '2024-03',
      end_month: null,
      symbols: 0,
      list: [],
      warning: appMessages.missingSpy,
    });
    const stored = await t.app.db
      .selectFrom('app_portfolios')
      .selectAll()
      .where('id', '=', answer.data.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ app_flavor: 'insight-ios', title, month: '2024-03-01', active: false });
  });

  it.each([
    ['2024-03', '2024-03'],
    ['2024-3', '2024-03'],
    ['2024-12-01', '2024-12'],
    [`${thisYear}-01-01`, `${thisYear}-01`],
  ])('accepts the month %s as %s', async (date, month) => {
    const response = await addPortfolio({ title: uniqueTitle(), app: 'insight-android', date });
    expect(response.status).toBe(200);
    expect(response.body.data.month).toBe(month);
  });

  it.each([
    ['a month above 12', '2024-13-01'],
    ['month 0', '2024-0-01'],
    ['a two-digit year', '24-03-01'],
    ['slashes', '2024/03/01'],
    ['a year in the future', `${thisYear + 1}-01-01`],
    ['a day other than the 1st', '2024-03-15'],
    ['three month digits', '2024-003'],
    ['nothing', ''],
    ['a number', 202403],
  ])('refuses %s with "please use month in format YYYY-mm"', async (_case, date) => {
    const before = await portfoliosOf('insight-ios');
    const response = await addPortfolio({ title: uniqueTitle(), app: 'insight-ios', date });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: false, field: 'date' });
    expect(response.body.msg).toContain(appMessages.monthFormat);
    expect(await portfoliosOf('insight-ios')).toEqual(before);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['missing', undefined],
  ])('refuses a name that is %s with "please enter a name for the new portfolio"', async (_case, title) => {
    const response = await addPortfolio({ title, app: 'insight-ios', date: '2024-03-01' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: false, field: 'title' });
    expect(response.body.msg).toContain(appMessages.nameRequired);
  });

  it('refuses a name over 100 characters, an unknown app, and the same name and month twice', async () => {
    const long = await addPortfolio({ title: 'x'.repeat(101), app: 'insight-ios', date: '2024-03' });
    expect(long.status).toBe(400);
    expect(long.body.msg).toContain(appMessages.titleTooLong);

    const unknown = await addPortfolio({ title: uniqueTitle(), app: 'no-such-app', date: '2024-03' });
    expect(unknown).toMatchObject({ status: 404, body: { msg: appMessages.unknownApp('no-such-app') } });

    const title = uniqueTitle();
    expect((await addPortfolio({ title, app: 'insight-ios', date: '2024-05' })).status).toBe(200);
    const again = await addPortfolio({ title, app: 'insight-ios', date: '2024-5-01' });
    expect(again).toMatchObject({ status: 409, body: { status: false, msg: appMessages.portfolioExists } });
    // Another month, or another app, is another portfolio.
    expect((await addPortfolio({ title, app: 'insight-ios', date: '2024-06' })).status).toBe(200);
    expect((await addPortfolio({ title, app: 'insight-android', date: '2024-05' })).status).toBe(200);
  });
});

describe('the portfolios of an app (get_portfolios/{app}/false)', () => {
  it('lists only that app, newest month first; /true lists only the active ones', async () => {
    const older = await newPortfolio('insight', '2023-01-01');
    const newer = await newPortfolio('insight', '2023-11-01');
    await newPortfolio('insight-android', '2023-12-01');
    const all = await portfoliosOf('insight');
    expect(all.every((portfolio) => portfolio.app === 'insight')).toBe(true);
    const ids = all.map((portfolio) => portfolio.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const months = all.map((portfolio) => portfolio.month);
    expect(months).toEqual([...months].sort().reverse());

    const toggled = await admin.post(appsApi.makeActive, { portfolio: older.id, active: true });
    expect(toggled.status).toBe(200);
    expect(toggled.body.data).toMatchObject({ id: older.id, active: true });
    const active = await portfoliosOf('insight', true);
    expect(active.map((portfolio) => portfolio.id)).toContain(older.id);
    expect(active.map((portfolio) => portfolio.id)).not.toContain(newer.id);
    expect(active.every((portfolio) => portfolio.active)).toBe(true);

    await admin.post(appsApi.makeActive, { portfolio: older.id, active: false });
    expect((await portfolioOf(older.id)).active).toBe(false);
    expect((await portfoliosOf('insight', true)).map((portfolio) => portfolio.id)).not.toContain(older.id);
  });

  it('answers 404 for an unknown app or portfolio, 400 for a malformed id or flag', async () => {
    expect((await admin.get(apiPath(appsApi.portfolios, { app: 'nope', activeOnly: 'false' }))).status).toBe(
      404,
    );
    expect((await admin.get(apiPath(appsApi.portfolio, { id: 99999999, withList: 'true' }))).status).toBe(
      404,
    );
    expect((await admin.get(apiPath(appsApi.portfolio, { id: 'abc', withList: 'true' }))).status).toBe(400);
    expect((await admin.get(apiPath(appsApi.portfolio, { id: 1, withList: 'maybe' }))).status).toBe(400);
    const toggle = await admin.post(appsApi.makeActive, { portfolio: 99999999, active: true });
    expect(toggle).toMatchObject({ status: 404, body: { msg: appMessages.portfolioNotFound } });
    expect((await admin.post(appsApi.makeActive, { portfolio: 1, active: 'yes' })).status).toBe(400);
  });
});

describe('the end month (set_portfolio_end_month)', () => {
  it('sets it, refuses one before the start or malformed, and clears it with null', async () => {
    const portfolio = await newPortfolio('insight-ios', '2024-02-01');
    const set = await admin.post(appsApi.setEndMonth, { portfolio: portfolio.id, value: '2024-06-01' });
    expect(set.status).toBe(200);
    expect(set.body.data.end_month).toBe('2024-06');

    const before = await admin.post(appsApi.setEndMonth, { portfolio: portfolio.id, value: '2024-01' });
    expect(before).toMatchObject({ status: 400, body: { msg: appMessages.endBeforeStart, field: 'value' } });
    const malformed = await admin.post(appsApi.setEndMonth, { portfolio: portfolio.id, value: '2024-13' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toContain(appMessages.monthFormat);
    expect((await portfolioOf(portfolio.id)).end_month).toBe('2024-06');

    const same = await admin.post(appsApi.setEndMonth, { portfolio: portfolio.id, value: '2024-2' });
    expect(same.body.data.end_month).toBe('2024-02');
    const cleared = await admin.post(appsApi.setEndMonth, { portfolio: portfolio.id, value: null });
    expect(cleared.body.data.end_month).toBeNull();
  });
});

describe('symbols (add_portfolio_symbol, remove_portfolio_symbol; spec 002 §5 "missing SPY symbol")', () => {
  it('adds symbols with their entry and last price, warning until SPY is in', async () => {
    const portfolio = await newPortfolio();
    const added = await addSymbol(portfolio.id, 'aapl', '150.25');
    expect(added.status).toBe(200);
    const answer = appPortfolioChangedSchema.strict().parse(added.body).data;
    expect(answer.list).toEqual([
      { symbol: 'AAPL', entry: 150.25, last_price: round2(await lastPriceOf('AAPL')) },
    ]);
    expect(answer.symbols).toBe(1);
    expect(answer.warning).toBe(appMessages.missingSpy);

    // Without an entry the symbol enters at its last price.
    const spy = await addSymbol(portfolio.id, 'SPY');
    expect(spy.status).toBe(200);
    const spyPrice = round2(await lastPriceOf('SPY'));
    expect(spy.body.data.list).toEqual([
      expect.objectContaining({ symbol: 'AAPL', entry: 150.25 }),
      { symbol: 'SPY', entry: spyPrice, last_price: spyPrice },
    ]);
    expect(spy.body.data.warning).toBeNull();
    expect((await portfolioOf(portfolio.id)).warning).toBeNull();
    expect((await portfoliosOf('insight-ios')).find((row) => row.id === portfolio.id)?.symbols).toBe(2);

    const removed = await admin.post(appsApi.removeSymbol, { portfolio: portfolio.id, symbol: 'spy' });
    expect(removed.status).toBe(200);
    expect(removed.body.data.list.map((item: { symbol: string }) => item.symbol)).toEqual(['AAPL']);
    expect(removed.body.data.warning).toBe(appMessages.missingSpy);
  });

  it('answers a portfolio without its list when not asked for it', async () => {
    const portfolio = await newPortfolio();
    await addSymbol(portfolio.id, 'MSFT', '300');
    const bare = await portfolioOf(portfolio.id, false);
    expect(bare).toEqual({ ...portfolio, symbols: 1, warning: null, list: undefined });
    expect('list' in bare).toBe(false);
  });

  it('refuses a symbol twice, an unknown one, a bad entry, and removing one not there', async () => {
    const portfolio = await newPortfolio();
    await addSymbol(portfolio.id, 'KO', '60');
    const twice = await addSymbol(portfolio.id, 'ko', '61');
    expect(twice).toMatchObject({
      status: 409,
      body: { status: false, msg: appMessages.symbolExists('KO') },
    });
    expect((await portfolioOf(portfolio.id)).list).toEqual([
      expect.objectContaining({ symbol: 'KO', entry: 60 }),
    ]);

    const unknown = await addSymbol(portfolio.id, 'ZZZZ9', '10');
    expect(unknown).toMatchObject({ status: 404, body: { msg: marketMessages.unknownSymbol('ZZZZ9') } });
    const badEntry = await addSymbol(portfolio.id, 'PEP', '12.345');
    expect(badEntry).toMatchObject({ status: 400, body: { field: 'entry' } });
    const zero = await addSymbol(portfolio.id, 'PEP', '0');
    expect(zero).toMatchObject({ status: 400, body: { field: 'entry' } });
    const malformed = await addSymbol(portfolio.id, 'not a symbol!', '10');
    expect(malformed).toMatchObject({ status: 400, body: { field: 'symbol' } });

    const missing = await admin.post(appsApi.removeSymbol, { portfolio: portfolio.id, symbol: 'PEP' });
    expect(missing).toMatchObject({ status: 404, body: { msg: appMessages.symbolMissing('PEP') } });
    const noPortfolio = await addSymbol(99999999, 'AAPL', '10');
    expect(noPortfolio).toMatchObject({ status: 404, body: { msg: appMessages.portfolioNotFound } });
    expect((await portfolioOf(portfolio.id)).list?.map((item) => item.symbol)).toEqual(['KO']);
  });
});

describe('the broadcast to an app (send_notification_all_app_users), its refusals', () => {
  it('refuses empty text with "please enter message text", an unknown app with 404', async () => {
    for (const msg of ['', '   ', undefined]) {
      const response = await admin.post(appsApi.notifyAll, { app_flavor: 'insight-ios', msg });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: false, field: 'msg' });
      expect(response.body.msg).toContain(appMessages.textRequired);
    }
    const long = await admin.post(appsApi.notifyAll, { app_flavor: 'insight-ios', msg: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    const unknown = await admin.post(appsApi.notifyAll, { app_flavor: 'nope', msg: 'Hello' });
    expect(unknown).toMatchObject({ status: 404, body: { msg: appMessages.unknownApp('nope') } });
    const stored = await t.app.db.selectFrom('app_messages').select('id').execute();
    expect(stored).toEqual([]);
  });
});

describe('the mobile view top ratings (spec 000 §9: the first 5 non-gold)', () => {
  it('answers the first 5 rating alerts of the feed whose analyst is not A+', async () => {
    const user = await signedIn({ app_id: `top-${Date.now()}`, app_flavor: 'insight' });
    const feed = await user.post(apiPath(alertsApi.financeInfo, { id: 0, session: 'x' }));
    expect(feed.status).toBe(200);
    // The feed's own fields (description, count, in_file) are the feed's, not the mobile view's.
    const alerts = (feed.body as FinanceInfoResponse).info.alerts.map(
      ({ description: _description, count: _count, in_file: _inFile, ...alert }) => alert,
    );
    const response = await user.get(appsApi.topRatings);
    expect(response.status).toBe(200);
    expect(topRatingsResponseSchema.parse(response.body)).toEqual(response.body);
    expect(response.body).toEqual({ alerts: topRatings(alerts).map(toTopRatingAlert) });
    expect(response.body.alerts.length).toBeLessThanOrEqual(5);
    for (const alert of response.body.alerts) {
      expect(alert.type).toBe(1014);
      expect(alert.rate).not.toBe(7);
      expect(alert.ticker).toBe(alert.symbol);
      expect(alert.is_gold).toBe(false);
      // Signed: a target under the price is a negative upside (never "+25.67%" for a bearish one).
      if (alert.price_target !== null && alert.last_price !== null)
        expect(Math.sign(alert.max_upside)).toBe(Math.sign(alert.price_target - alert.last_price));
    }
  });
});

describe('only admins (appPortfolios.manage, app.notify)', () => {
  const routes = [
    ['GET', appsApi.apps, undefined],
    ['GET', apiPath(appsApi.portfolios, { app: 'insight-ios', activeOnly: 'false' }), undefined],
    ['GET', apiPath(appsApi.portfolio, { id: 1, withList: 'true' }), undefined],
    ['POST', appsApi.addPortfolio, { title: 'Mine', app: 'insight-ios', date: '2024-03-01' }],
    ['POST', appsApi.makeActive, { portfolio: 1, active: true }],
    ['POST', appsApi.setEndMonth, { portfolio: 1, value: '2024-04' }],
    ['POST', appsApi.addSymbol, { portfolio: 1, symbol: 'AAPL', entry: '10' }],
    ['POST', appsApi.removeSymbol, { portfolio: 1, symbol: 'AAPL' }],
    ['POST', appsApi.notifyAll, { app_flavor: 'insight-ios', msg: 'Hello' }],
  ] as const;

  it.each(routes)(
    'refuses %s %s with 401 anonymous, 403 for investors and client admins',
    async (method, url, body) => {
      const anonymous = await new HttpClient(t.baseUrl).request(method, url, body);
      expect(anonymous).toMatchObject({
        status: 401,
        body: { status: false, msg: messages.session.required },
      });
      for (const client of [await signedIn(), await signedIn({ client_admin: true })]) {
        const refused = await client.request(method, url, body);
        expect(refused).toMatchObject({
          status: 403,
          body: { status: false, msg: messages.session.forbidden },
        });
      }
    },
  );

  it('a refused broadcast sends and queues nothing', async () => {
    await signedIn({ app_id: `q-${Date.now()}`, app_flavor: 'insight-ios' });
    const investor = await signedIn();
    await investor.post(appsApi.notifyAll, { app_flavor: 'insight-ios', msg: 'Free money' });
    expect(await t.app.db.selectFrom('app_message_outbox').select('user_id').execute()).toEqual([]);
  });
});
