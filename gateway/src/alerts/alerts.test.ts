import { alertSchema, alertsApi, demoAccounts } from '@insight/shared';
import { newYorkDate } from '@insight/shared/market/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ INGEST: '1', DEMO_SEED: '1', SIM_CONTROL: '1' });
  await t.app.ingestor.start();
  await t.app.alerts.evaluate();
}, 180_000);
afterAll(async () => t.close());

const as = async (role: string) => {
  const client = new HttpClient(t.baseUrl);
  await signIn(
    client,
    demoAccounts.find((account) => account.role === role)!,
  );
  return client;
};
const financeInfo = async (client: HttpClient) => {
  const response = await client.post('/api/user/finance_info/1/whatever/true');
  expect(response.status).toBe(200);
  return response.body as {
    info: {
      alerts: ReturnType<typeof alertSchema.parse>[];
    };
  };
};
const publish = async (body: Record<string, unknown>) => {
  const admin = await as('admin');
  const response = await admin.post('/api/sim/ratings', body);
  expect(response.status).toBe(200);
  await t.app.alerts.evaluate();
  return response.body as { id: string; price_when_posted: number };
};

describe('alerts of the Default profile', () => {
  it('finance_info answers the recent ratings as alerts, newest first, with every field of spec 000 §3', async () => {
    const { info } = await financeInfo(await as('user'));
    expect(info.alerts.length).toBeGreaterThan(50);
    for (const alert of info.alerts.slice(0, 20)) alertSchema.strict().parse(alert);
    const times = info.alerts.map((alert) => alert.time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const rated = info.alerts.find((alert) => alert.type === 1014)!;
    expect(rated).toMatchObject({
      rating: expect.stringMatching(/buy|sell/),
      analyst_name: expect.any(String),
      sector_name: expect.any(String),
    });
    expect(rated.universes.length).toBeGreaterThan(0);
    // Spec 000 §5: upside = 100 × |target − last| / last.
    const quote = await t.app.db
      .selectFrom('quotes')
      .select('last_price')
      .where('symbol', '=', rated.symbol)
      .executeTakeFirstOrThrow();
    const last = Number(quote.last_price);
    expect(rated.last_price).toBe(last);
    expect(rated.upside).toBeCloseTo((100 * Math.abs(rated.price_target! - last)) / last, 1);
  });

  it("carries each analyst's success rate and grade in the sector as the analytics judge them", async () => {
    await t.app.analytics.ensureFresh();
    const { info } = await financeInfo(await as('user'));
    const rated = info.alerts.filter((alert) => alert.type === 1014).slice(0, 25);
    const ratings = await t.app.db
      .selectFrom('ratings')
      .select(['id', 'analyst_id'])
      .where(
        'id',
        'in',
        rated.map((alert) => alert.rating_id!),
      )
      .execute();
    const analystOf = new Map(ratings.map((row) => [row.id, row.analyst_id]));
    const stats = await t.app.analytics.statsFor(
      ratings.map((row) => row.analyst_id),
      rated.map((alert) => alert.sector_name!),
    );
    let graded = 0;
    for (const alert of rated) {
      const judged = stats.get(`${analystOf.get(alert.rating_id!)}|${alert.sector_name}`);
      expect({ rate: alert.rate, success_rate: alert.success_rate }).toEqual({
        rate: judged?.grade ?? null,
        success_rate: judged?.success_rate ?? null,
      });
      if (judged) graded += 1;
    }
    // Most analysts have a decided record in the sectors they rate.
    expect(graded).toBeGreaterThan(rated.length / 2);
  });

  it('a rating published now becomes a 1014 alert', async () => {
    const rating = await publish({ symbol: 'KO', rating: 'buy', price_target: 99 });
    const { info } = await financeInfo(await as('user'));
    expect(info.alerts[0]).toMatchObject({
      type: 1014,
      symbol: 'KO',
      rating: 'buy',
      price_target: 99,
      rating_id: rating.id,
    });
  });

  it('a target within 2% of the last price gives a 1004 alert, once', async () => {
    const quote = await t.app.db
      .selectFrom('quotes')
      .select('last_price')
      .where('symbol', '=', 'KO')
      .executeTakeFirst();
    const price = quote ? Number(quote.last_price) : 60;
    const rating = await publish({
      symbol: 'KO',
      rating: 'buy',
      price_target: Math.round(price * 1.01 * 100) / 100,
    });
    await t.app.alerts.evaluate();
    const { info } = await financeInfo(await as('user'));
    expect(info.alerts.filter((alert) => alert.type === 1004 && alert.rating_id === rating.id)).toHaveLength(
      1,
    );
  });

  it('a buy that falls behind its sector gives a 1016 alert', async () => {
    const rating = await publish({ symbol: 'PEP', rating: 'buy', price_target: 500 });
    const admin = await as('admin');
    await admin.post('/api/sim/quotes', {
      symbol: 'PEP',
      lastPrice: Math.round(rating.price_when_posted * 0.8 * 100) / 100,
    });
    await t.app.alerts.evaluate();
    const { info } = await financeInfo(await as('user'));
    expect(info.alerts.some((alert) => alert.type === 1016 && alert.rating_id === rating.id)).toBe(true);
  });

  it('earnings within a week of a rated symbol give a 1015 alert (1017 on the day)', async () => {
    // The simulated calendar may have no report in the coming week, so the fact is stored here.
    const today = newYorkDate(new Date(t.app.ingestor.marketStatus()!.at));
    const soon = {
      symbol: 'MMM',
      date: new Date(Date.parse(today) + 3 * 86_400_000).toISOString().slice(0, 10),
    };
    await t.app.db
      .insertInto('earnings')
      .values({ ...soon, session: 'bmo' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await t.app.db
      .insertInto('earnings')
      .values({ symbol: 'MMM', date: today, session: 'amc' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await publish({ symbol: soon.symbol, rating: 'sell', price_target: 1 });
    const { info } = await financeInfo(await as('user'));
    expect(
      info.alerts.some(
        (alert) => alert.type === 1015 && alert.symbol === soon.symbol && alert.earning_date === soon.date,
      ),
    ).toBe(true);
    expect(
      info.alerts.some(
        (alert) => alert.type === 1017 && alert.symbol === soon.symbol && alert.earning_date === today,
      ),
    ).toBe(true);
  });
});

describe('dismissing is per user', () => {
  it('hides the alert for that user only', async () => {
    const user = await as('user');
    const other = await as('client_admin');
    const [first] = (await financeInfo(user)).info.alerts;
    expect((await user.post(alertsApi.dismiss, { alert_id: first!.id })).body).toEqual({ status: true });
    expect((await financeInfo(user)).info.alerts.some((alert) => alert.id === first!.id)).toBe(false);
    expect((await financeInfo(other)).info.alerts.some((alert) => alert.id === first!.id)).toBe(true);
  });

  it('executing also takes it out of that user’s feed', async () => {
    const user = await as('user');
    const [first] = (await financeInfo(user)).info.alerts;
    expect((await user.post(alertsApi.execute, { alert_id: first!.id })).status).toBe(200);
    expect((await financeInfo(user)).info.alerts.some((alert) => alert.id === first!.id)).toBe(false);
  });

  it('refuses an unknown alert, bad input, anonymous callers and profile accounts', async () => {
    const user = await as('user');
    expect((await user.post(alertsApi.dismiss, { alert_id: 99_999_999 })).status).toBe(404);
    const bad = await user.post(alertsApi.dismiss, { alert_id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('alert_id');
    expect((await new HttpClient(t.baseUrl).post(alertsApi.dismiss, { alert_id: 1 })).status).toBe(401);
    expect((await (await as('profile')).post('/api/user/finance_info/1/x/true')).status).toBe(403);
  });
});

describe('alerts are pushed', () => {
  it('a socket gets the snapshot on join, then a published rating as alert:new within a second', async () => {
    const { connectSocket } = await import('../../test/socket');
    const user = await as('user');
    const socket = await connectSocket(t.baseUrl, { as: user });
    try {
      const snapshot = await socket.waitFor('alerts:snapshot', { timeoutMs: 5000 });
      expect(snapshot.alerts.length).toBeGreaterThan(10);
      const mark = socket.mark();
      const started = Date.now();
      const admin = await as('admin');
      const published = await admin.post('/api/sim/ratings', {
        symbol: 'CAT',
        rating: 'buy',
        price_target: 777,
      });
      const alert = await socket.waitFor('alert:new', {
        since: mark,
        where: (a) => a.rating_id === published.body.id,
        timeoutMs: 1000,
      });
      expect(alert).toMatchObject({ type: 1014, symbol: 'CAT', price_target: 777 });
      expect(Date.now() - started).toBeLessThan(1000 + 500);
    } finally {
      socket.close();
    }
  });

  it('a dismissal reaches the user’s other tabs as alert:removed', async () => {
    const { connectSocket } = await import('../../test/socket');
    const user = await as('user');
    const otherTab = await connectSocket(t.baseUrl, { as: user });
    try {
      const [first] = (await financeInfo(user)).info.alerts;
      const mark = otherTab.mark();
      await user.post(alertsApi.dismiss, { alert_id: first!.id });
      await otherTab.waitFor('alert:removed', { since: mark, where: (p) => p.id === first!.id });
    } finally {
      otherTab.close();
    }
  });
});
