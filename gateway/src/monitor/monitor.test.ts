import { demoAccounts } from '@insight/shared';
import { isTradingDay, newYorkDate, previousTradingDay } from '@insight/shared/market/calendar';
import { apiPath } from '@insight/shared/market/schemas';
import {
  lastMonthNotificationsSchema,
  notificationsApi,
  notificationsPageSchema,
  type PortfolioNotification,
} from '@insight/shared/notifications/schemas';
import {
  defaultPreferences,
  monitorDefaults,
  portfolioSettingsResponseSchema,
} from '@insight/shared/portfolio/monitor';
import {
  portfolioApi,
  portfolioMessages,
  type MonitorType,
  type Portfolio,
} from '@insight/shared/portfolio/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { connectSocket, type TestSocket } from '../../test/socket';
import { monitorRepo } from './repo';

let t: TestApp;
let admin: HttpClient;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestApp({ INGEST: '1', DEMO_SEED: '1', SIM_CONTROL: '1' });
  await t.app.ingestor.start();
  admin = new HttpClient(t.baseUrl);
  await signIn(
    admin,
    demoAccounts.find((account) => account.role === 'admin')!,
  );
}, 180_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

type Investor = HttpClient & { userId: number };
const investor = async (): Promise<Investor> => {
  const client = new HttpClient(t.baseUrl);
  const user = await createUser(t.app);
  await signIn(client, user);
  return Object.assign(client, { userId: user.id });
};
const socketOf = async (client: HttpClient) => {
  const socket = await connectSocket(t.baseUrl, { as: client });
  sockets.push(socket);
  return socket;
};

/** The market's trading day `count` trading days back. */
const tradingDaysBack = (count: number) => {
  const today = newYorkDate(new Date());
  let day = isTradingDay(today) ? today : previousTradingDay(today);
  for (let i = 0; i < count; i++) day = previousTradingDay(day);
  return day;
};

const quoteOf = async (symbol: string) =>
  Number(
    (
      await t.app.db
        .selectFrom('quotes')
        .select('last_price')
        .where('symbol', '=', symbol)
        .executeTakeFirstOrThrow()
    ).last_price,
  );

/** A new file opened `daysBack` trading days ago with one long position at `entry`. */
async function fileWithLong(user: Investor, symbol: string, entry: number, daysBack = 3) {
  const date = tradingDaysBack(daysBack);
  const created = await user.post(portfolioApi.create, { start_budget: 1_000_000, date });
  expect(created.status, created.text).toBe(200);
  const file = created.body as Portfolio;
  const added = await user.post(portfolioApi.addPositions, {
    portfolio_id: file.id,
    items: [{ type: 'Buy', symbol, date, price: entry.toFixed(2), quantity: 10 }],
  });
  expect(added.status, added.text).toBe(200);
  return { file, positionId: (added.body as { ids: number[] }).ids[0]! };
}

const storedOf = (portfolioId: number, rating: MonitorType) =>
  t.app.db
    .selectFrom('portfolio_notifications')
    .selectAll()
    .where('portfolio_id', '=', portfolioId)
    .where('rating', '=', rating)
    .execute();

const setPrice = async (symbol: string, lastPrice: number) => {
  const response = await admin.post('/api/sim/quotes', {
    symbol,
    lastPrice: Math.round(lastPrice * 100) / 100,
  });
  expect(response.status, response.text).toBe(200);
};

describe('the rule engine, as quotes arrive', () => {
  it("a price through a position's stop-loss notifies the owner's sockets within a second, once a day, and nobody else", async () => {
    const owner = await investor();
    const bystander = await investor();
    const noFile = await investor();
    const symbol = 'MSFT';
    const price = await quoteOf(symbol);
    const { file, positionId } = await fileWithLong(owner, symbol, price);
    // The bystander holds the same symbol far below: the move does not reach their stop-loss.
    const { file: otherFile } = await fileWithLong(bystander, symbol, price * 0.5);

    const ownerSocket = await socketOf(owner);
    const ownerTab2 = await socketOf(owner);
    const bystanderSocket = await socketOf(bystander);
    const noFileSocket = await socketOf(noFile);
    const since = [
      ownerSocket.mark(),
      ownerTab2.mark(),
      bystanderSocket.mark(),
      noFileSocket.mark(),
    ] as const;

    await setPrice(symbol, price * 0.85);
    const isStopLoss = (n: PortfolioNotification) => n.rating === 'sl' && n.portfolio_id === file.id;
    const pushed = await ownerSocket.waitFor('notification', {
      since: since[0],
      where: isStopLoss,
      timeoutMs: 1000,
    });
    await ownerTab2.waitFor('notification', { since: since[1], where: isStopLoss, timeoutMs: 1000 });
    expect(pushed).toMatchObject({
      portfolio_id: file.id,
      position_id: positionId,
      symbol,
      rating: 'sl',
      pop: false,
      title: `Stop-loss: ${symbol}`,
    });
    expect(pushed.factor).toBeCloseTo(-15, 0);
    expect(pushed.text).toContain('stop-loss');

    // Lower still, the same day: stored and told once.
    await setPrice(symbol, price * 0.8);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await storedOf(file.id, 'sl')).toHaveLength(1);
    expect(ownerSocket.received('notification', since[0]).filter(isStopLoss)).toHaveLength(1);

    // Nobody else heard of it; the bystander's own file never crossed its stop-loss.
    expect(
      bystanderSocket.received('notification', since[2]).filter((n) => n.portfolio_id !== otherFile.id),
    ).toEqual([]);
    expect(await storedOf(otherFile.id, 'sl')).toHaveLength(0);
    expect(noFileSocket.received('notification', since[3])).toEqual([]);

    // It is in the owner's list, unseen: the bell's dot shows.
    const page = notificationsPageSchema.parse(
      (await owner.get(apiPath(notificationsApi.list, { portfolio: file.id, count: 5, offset: 0 }))).body,
    );
    expect(page.list.find((n) => n.id === pushed.id)).toEqual(pushed);
    expect(page.unseen).toBeGreaterThan(0);
  });

  it('an unchecked rule does not fire', async () => {
    const owner = await investor();
    const symbol = 'AAPL';
    const price = await quoteOf(symbol);
    const { file } = await fileWithLong(owner, symbol, price);
    const saved = await owner.post(portfolioApi.updateSettings, {
      portfolio: file.id,
      settings: [{ type: 'sl', value: 10, checked: false, selectedOption: null }],
    });
    expect(saved.status, saved.text).toBe(200);
    await setPrice(symbol, price * 0.8);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await storedOf(file.id, 'sl')).toHaveLength(0);
  });
});

describe('monitor settings and preferences (spec 001 §3, §7, §9)', () => {
  it("answers the spec's defaults, saves changes with 'Monitor Settings updated', and keeps what was not sent", async () => {
    const owner = await investor();
    const { file } = await fileWithLong(owner, 'JPM', await quoteOf('JPM'));
    const read = await owner.get(apiPath(portfolioApi.settings, { id: file.id }));
    expect(read.status).toBe(200);
    expect(portfolioSettingsResponseSchema.strict().parse(read.body)).toEqual({
      notification_settings: monitorDefaults,
      preferences: defaultPreferences,
    });

    const saved = await owner.post(portfolioApi.updateSettings, {
      portfolio: file.id,
      settings: [
        { type: 'profit', value: null, checked: true, selectedOption: null },
        { type: 'sl', value: 7, checked: true, selectedOption: null },
        { type: 'ma50', value: null, checked: true, selectedOption: 'below' },
      ],
      preferences: { default_etf: 'QQQ', risk: 'High' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.msg).toBe(portfolioMessages.monitorUpdated);

    const again = portfolioSettingsResponseSchema.parse(
      (await owner.get(apiPath(portfolioApi.settings, { id: file.id }))).body,
    );
    const byType = Object.fromEntries(again.notification_settings.map((s) => [s.type, s]));
    expect(byType.sl).toEqual({ type: 'sl', value: 7, checked: true, selectedOption: null });
    expect(byType.profit!.value).toBeNull();
    expect(byType.ma50!.selectedOption).toBe('below');
    expect(byType.etf).toEqual(monitorDefaults.find((s) => s.type === 'etf'));
    expect(again.preferences).toEqual({ ...defaultPreferences, default_etf: 'QQQ', risk: 'High' });

    // The open positions carry the same rules, for the table's warning badges.
    const open = await owner.get(apiPath(portfolioApi.openPositions, { id: file.id }));
    expect(open.body.monitor_settings).toEqual(again.notification_settings);
  });

  it.each([
    [
      'a value of 3 characters',
      { settings: [{ type: 'sl', value: 100, checked: true, selectedOption: null }] },
    ],
    ['a fractional value', { settings: [{ type: 'sl', value: 2.5, checked: true, selectedOption: null }] }],
    ['an unknown type', { settings: [{ type: 'moon', value: 1, checked: true, selectedOption: null }] }],
    ['an unknown ETF', { preferences: { default_etf: 'NOPE' } }],
    ['a risk not offered', { preferences: { risk: 'Reckless' } }],
    ['no portfolio', { portfolio: 'one' }],
  ])('refuses %s with 400', async (_name, body) => {
    const owner = await investor();
    const { file } = await fileWithLong(owner, 'KO', await quoteOf('KO'));
    const response = await owner.post(portfolioApi.updateSettings, { portfolio: file.id, ...body });
    expect(response.status).toBe(400);
    expect(typeof response.body.msg).toBe('string');
  });
});

describe('the notifications calls (spec 001 §4, §7, §9)', () => {
  /** Twelve stored notifications, a day apart, as the engine would have stored them. */
  async function fileWithTwelve() {
    const owner = await investor();
    const { file, positionId } = await fileWithLong(owner, 'PG', await quoteOf('PG'));
    await monitorRepo(t.app.db).insert(
      Array.from({ length: 12 }, (_, i) => ({
        portfolio_id: file.id,
        position_id: positionId,
        symbol: 'PG',
        rating: 'refresh' as const,
        title: `Notice ${i + 1}`,
        text: `Text ${i + 1}`,
        factor: i,
        day: `2026-01-${String(i + 1).padStart(2, '0')}`,
      })),
    );
    return { owner, file };
  }
  const page = async (client: HttpClient, portfolio: number, count: number, offset: number) =>
    client.get(apiPath(notificationsApi.list, { portfolio, count, offset }));

  it('pages by 5, newest first; marking seen counts; the last month tells the dot', async () => {
    const { owner, file } = await fileWithTwelve();
    const pages = [];
    for (const offset of [0, 5, 10]) {
      const response = await page(owner, file.id, 5, offset);
      expect(response.status).toBe(200);
      pages.push(notificationsPageSchema.strict().parse(response.body));
    }
    expect(pages.map((p) => p.list.length)).toEqual([5, 5, 2]);
    expect(pages[0]!.total).toBe(12);
    expect(pages[0]!.unseen).toBe(12);
    const titles = pages
      .flatMap((p) => p.list.map((n) => n.title))
      .filter((title) => title.startsWith('Notice'));
    expect(titles).toEqual(Array.from({ length: 12 }, (_, i) => `Notice ${12 - i}`));

    const marked = await owner.get(apiPath(notificationsApi.markSeen, { portfolio: file.id, count: 5 }));
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ status: true, seen: 5, unseen: 7 });
    const again = await owner.get(apiPath(notificationsApi.markSeen, { portfolio: file.id, count: 5 }));
    expect(again.body).toEqual({ status: true, seen: 0, unseen: 7 });

    const month = lastMonthNotificationsSchema.parse(
      (await owner.get(apiPath(notificationsApi.lastMonth, { id: file.id }))).body,
    );
    expect(month.list).toHaveLength(12);
    expect(month.unseen).toBe(7);
    expect(month.list.slice(0, 5).every((n) => n.pop)).toBe(true);

    await owner.get(apiPath(notificationsApi.markSeen, { portfolio: file.id, count: 100 }));
    const cleared = lastMonthNotificationsSchema.parse(
      (await owner.get(apiPath(notificationsApi.lastMonth, { id: file.id }))).body,
    );
    expect(cleared.unseen).toBe(0);
  });

  it('gives the report as a CSV of the days asked', async () => {
    const { owner } = await fileWithTwelve();
    const response = await owner.get(
      apiPath(notificationsApi.report, { user: owner.userId, from: '2026-01-03', to: '2026-01-05' }),
    );
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(
      'portfolio-notifications-2026-01-03-2026-01-05.csv',
    );
    const lines = response.text.trim().split('\r\n');
    expect(lines[0]).toBe('date,day,symbol,rating,title,text,factor,seen');
    expect(lines.slice(1).map((line) => line.split(',')[4])).toEqual(['Notice 3', 'Notice 4', 'Notice 5']);
  });

  it.each([
    ['count 0', (p: number) => apiPath(notificationsApi.list, { portfolio: p, count: 0, offset: 0 })],
    ['count not a number', (p: number) => `/api/file/get_portfolio_notifications/${p}/five/0`],
    [
      'a negative offset',
      (p: number) => apiPath(notificationsApi.list, { portfolio: p, count: 5, offset: -1 }),
    ],
    ['count above 100', (p: number) => apiPath(notificationsApi.markSeen, { portfolio: p, count: 101 })],
    ['an id not a number', () => '/api/file/get_portfolio_last_month_notifications/x'],
    [
      'a report range reversed',
      () => apiPath(notificationsApi.report, { user: 1, from: '2026-02-01', to: '2026-01-01' }),
    ],
  ])('refuses %s with 400', async (_name, path) => {
    const { owner, file } = await fileWithTwelve();
    const response = await owner.get(path(file.id));
    expect(response.status).toBe(400);
    expect(typeof response.body.msg).toBe('string');
  });

  it("answers another user's file as an unknown one (404); an admin may read it", async () => {
    const { file, owner } = await fileWithTwelve();
    const stranger = await investor();
    const calls = [
      () => stranger.get(apiPath(notificationsApi.list, { portfolio: file.id, count: 5, offset: 0 })),
      () => stranger.get(apiPath(notificationsApi.markSeen, { portfolio: file.id, count: 5 })),
      () => stranger.get(apiPath(notificationsApi.lastMonth, { id: file.id })),
      () => stranger.get(apiPath(portfolioApi.settings, { id: file.id })),
      () => stranger.post(portfolioApi.updateSettings, { portfolio: file.id, preferences: { risk: 'Low' } }),
      () =>
        stranger.get(
          apiPath(notificationsApi.report, { user: owner.userId, from: '2026-01-01', to: '2026-01-31' }),
        ),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.status).toBe(404);
    }
    expect((await stranger.get(apiPath(notificationsApi.lastMonth, { id: 999_999 }))).status).toBe(404);
    expect((await admin.get(apiPath(notificationsApi.lastMonth, { id: file.id }))).status).toBe(200);
    // Nothing was marked seen by the refused call.
    const month = lastMonthNotificationsSchema.parse(
      (await owner.get(apiPath(notificationsApi.lastMonth, { id: file.id }))).body,
    );
    expect(month.unseen).toBe(12);
  });
});
