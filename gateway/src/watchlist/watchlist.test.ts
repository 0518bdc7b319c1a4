import { demoAccounts, messages, sectors } from '@insight/shared';
import { newYorkDate, previousTradingDay, sessionOf } from '@insight/shared/market/calendar';
import { marketMessages } from '@insight/shared/market/schemas';
import {
  watchlistApi,
  watchlistLimits,
  watchlistMessages,
  watchlistResponseSchema,
  type WatchlistResponse,
} from '@insight/shared/watchlist/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { connectSocket } from '../../test/socket';

let t: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  t = await startTestApp({ INGEST: '1', DEMO_SEED: '1', SIM_CONTROL: '1' });
  await t.app.ingestor.start();
  admin = new HttpClient(t.baseUrl);
  await signIn(
    admin,
    demoAccounts.find((account) => account.role === 'admin')!,
  );
}, 180_000);
afterAll(async () => t?.close());

const investor = async (overrides: Parameters<typeof createUser>[1] = {}) => {
  const client = new HttpClient(t.baseUrl);
  const user = await createUser(t.app, overrides);
  await signIn(client, user);
  return Object.assign(client, { userId: user.id });
};
const follow = (client: HttpClient, symbol: string) => client.post(watchlistApi.follow, { data: { symbol } });
const unfollow = (client: HttpClient, symbol: string) =>
  client.post(watchlistApi.unfollow, { data: { symbol } });
const watchlistOf = async (client: HttpClient) => {
  const response = await client.get(watchlistApi.get);
  expect(response.status).toBe(200);
  return response.body as WatchlistResponse;
};

// ---- the stored facts, read as the test's own truth ----

const db = () => t.app.db;
const quoteOf = async (symbol: string) =>
  db().selectFrom('quotes').selectAll().where('symbol', '=', symbol).executeTakeFirstOrThrow();
const entryOf = async (userId: number, symbol: string) =>
  db()
    .selectFrom('watchlist')
    .selectAll()
    .where('user_id', '=', userId)
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow();
/** Moves whenever a quotes or bars poll lands. */
const marketStamp = async () => {
  const quotes = await db()
    .selectFrom('quotes')
    .select((eb) => eb.fn.max('at').as('at'))
    .executeTakeFirst();
  const bars = await db()
    .selectFrom('daily_bars')
    .select((eb) => eb.fn.max('date').as('date'))
    .executeTakeFirst();
  return `${String(quotes?.at)}|${String(bars?.date)}`;
};
/**
 * Runs `read` again until no poll of the live market landed while it ran, so that what it saw through
 * the API and in the database is of one moment (quotes move every 10 seconds during a session).
 */
async function steady<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const before = await marketStamp();
    const result = await read();
    if ((await marketStamp()) === before || attempt === 5) return result;
  }
}
const percent = (from: number, to: number) => Math.round(((100 * (to - from)) / from) * 100) / 100;

describe('following a symbol (spec 001 §3 "Watchlist item", §4 "Watchlist star")', () => {
  it('records the follow at the quote of that moment and answers the whole watchlist', async () => {
    const user = await investor();
    const { response, quote } = await steady(async () => {
      await unfollow(user, 'AAPL');
      const response = await follow(user, 'aapl');
      return { response, quote: await quoteOf('AAPL') };
    });
    expect(response.status).toBe(200);
    const answer = watchlistResponseSchema.strict().parse(response.body);
    expect(answer.followingSymbols).toEqual(['AAPL']);
    const stored = await entryOf(user.userId, 'AAPL');
    expect(Number(stored.entry_price)).toBe(Number(quote.last_price));
    const company = await db()
      .selectFrom('companies')
      .select(['name', 'sector'])
      .where('symbol', '=', 'AAPL')
      .executeTakeFirstOrThrow();
    expect(answer.items[0]).toMatchObject({
      symbol: 'AAPL',
      company_name: company.name,
      sector: company.sector,
      entry_date: { date: stored.followed_at.toISOString() },
      entryPrice: Number(quote.last_price),
      lastPrice: Number(quote.last_price),
      pl: 0,
      etf: sectors.find((sector) => sector.name === company.sector)!.symbol,
      dailyChangePercent: Number(quote.daily_change),
    });
    // Followed a moment ago: by the market's clock, not by a status a few seconds old.
    expect(Math.abs(stored.followed_at.getTime() - Date.now())).toBeLessThan(5_000);
    expect(await watchlistOf(user)).toEqual(answer);
  });

  it("computes P/L and the sector ETF's P/L over the same days from the stored facts", async () => {
    const user = await investor();
    await follow(user, 'AAPL');
    const entry = await entryOf(user.userId, 'AAPL');
    const raised = Math.round(Number(entry.entry_price) * 1.1 * 100) / 100;
    expect((await admin.post('/api/sim/quotes', { symbol: 'AAPL', lastPrice: raised })).status).toBe(200);

    const { list, quote, etfQuote, etfThen } = await steady(async () => {
      const list = await watchlistOf(user);
      const etf = list.items[0]!.etf!;
      // The ETF's base: its close of the last session that had closed when the symbol was followed.
      const followed = entry.followed_at;
      const day = newYorkDate(followed);
      const session = sessionOf(day);
      const closedDay = session && followed >= session.close ? day : previousTradingDay(day);
      const etfThen = await db()
        .selectFrom('daily_bars')
        .select(['date', 'close'])
        .where('symbol', '=', etf)
        .where('date', '<=', closedDay)
        .orderBy('date', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      return { list, quote: await quoteOf('AAPL'), etfQuote: await quoteOf(etf), etfThen };
    });
    const item = list.items[0]!;
    expect(item.lastPrice).toBe(Number(quote.last_price));
    expect(item.pl).toBe(percent(Number(entry.entry_price), Number(quote.last_price)));
    // The price moved by 10% (during a session it has drifted a little since).
    expect(item.pl).toBeCloseTo(10, 0);
    expect(item.etf_pl).toBe(percent(Number(etfThen.close), Number(etfQuote.last_price)));
    expect(item.dailyChangePercent).toBe(Number(quote.daily_change));
  });

  it('answers the next earnings date on or after today', async () => {
    const user = await investor();
    const today = newYorkDate(new Date());
    const soon = new Date(Date.parse(`${today}T12:00:00Z`) + 9 * 86_400_000).toISOString().slice(0, 10);
    await db()
      .insertInto('earnings')
      .values({ symbol: 'KO', date: soon, session: 'bmo' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const next = await db()
      .selectFrom('earnings')
      .select((eb) => eb.fn.min('date').as('date'))
      .where('symbol', '=', 'KO')
      .where('date', '>=', today)
      .executeTakeFirstOrThrow();
    const answer = (await follow(user, 'KO')).body as WatchlistResponse;
    expect(answer.items[0]!.earningDate).toBe(next.date);
  });

  it('following again keeps the original entry', async () => {
    const user = await investor();
    await follow(user, 'MSFT');
    const first = await entryOf(user.userId, 'MSFT');
    const moved = Math.round(Number(first.entry_price) * 0.9 * 100) / 100;
    await admin.post('/api/sim/quotes', { symbol: 'MSFT', lastPrice: moved });
    const again = await follow(user, 'MSFT');
    expect(again.status).toBe(200);
    expect(await entryOf(user.userId, 'MSFT')).toEqual(first);
    expect(again.body.items[0]).toMatchObject({
      entryPrice: Number(first.entry_price),
      entry_date: { date: first.followed_at.toISOString() },
    });
  });

  it('lists the newest follow first, and unfollowing takes a symbol out', async () => {
    const user = await investor();
    await follow(user, 'AAPL');
    await follow(user, 'MSFT');
    expect((await follow(user, 'KO')).body.followingSymbols).toEqual(['KO', 'MSFT', 'AAPL']);
    const answer = await unfollow(user, 'MSFT');
    expect(answer.status).toBe(200);
    expect(answer.body.followingSymbols).toEqual(['KO', 'AAPL']);
    expect(answer.body.items.map((item: { symbol: string }) => item.symbol)).toEqual(['KO', 'AAPL']);
    expect((await watchlistOf(user)).followingSymbols).toEqual(['KO', 'AAPL']);
  });

  it('unfollowing a symbol that is not followed answers the watchlist as it is', async () => {
    const user = await investor();
    await follow(user, 'AAPL');
    const answer = await unfollow(user, 'PEP');
    expect(answer.status).toBe(200);
    expect(answer.body.followingSymbols).toEqual(['AAPL']);
  });

  it('a watchlist is per user', async () => {
    const one = await investor();
    const other = await investor();
    await follow(one, 'AAPL');
    expect(await watchlistOf(other)).toEqual({ followingSymbols: [], items: [] });
    await follow(other, 'KO');
    await unfollow(other, 'AAPL');
    expect((await watchlistOf(one)).followingSymbols).toEqual(['AAPL']);
  });

  it(`holds at most ${watchlistLimits.maxSymbols} symbols`, async () => {
    const user = await investor();
    const symbols = await db()
      .selectFrom('companies')
      .select('symbol')
      .orderBy('symbol')
      .limit(watchlistLimits.maxSymbols + 1)
      .execute();
    expect(symbols).toHaveLength(watchlistLimits.maxSymbols + 1);
    const [extra, ...full] = symbols.map((row) => row.symbol);
    await db()
      .insertInto('watchlist')
      .values(full.map((symbol) => ({ user_id: user.userId, symbol, entry_price: null })))
      .execute();
    const refused = await follow(user, extra!);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: false, msg: watchlistMessages.tooMany });
    // One already followed is not one more.
    const kept = await follow(user, full[0]!);
    expect(kept.status).toBe(200);
    expect(kept.body.followingSymbols).toHaveLength(watchlistLimits.maxSymbols);
  });
});

describe('refusals', () => {
  it('an unknown symbol is 404, a malformed one 400 naming the field', async () => {
    const user = await investor();
    const unknown = await follow(user, 'ZZZZ9');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: false, msg: marketMessages.unknownSymbol('ZZZZ9') });
    const malformed = await follow(user, 'not a symbol!');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ status: false, field: 'data.symbol' });
    expect((await user.post(watchlistApi.follow, {})).body).toMatchObject({ field: 'data' });
    expect(await watchlistOf(user)).toEqual({ followingSymbols: [], items: [] });
  });

  it.each([
    ['GET', watchlistApi.get, undefined],
    ['POST', watchlistApi.follow, { data: { symbol: 'AAPL' } }],
    ['POST', watchlistApi.unfollow, { data: { symbol: 'AAPL' } }],
  ] as const)(
    'refuses an anonymous %s %s with 401, and a profile-type account with 403',
    async (method, url, body) => {
      const anonymous = await new HttpClient(t.baseUrl).request(method, url, body);
      expect(anonymous).toMatchObject({
        status: 401,
        body: { status: false, msg: messages.session.required },
      });
      const profile = await investor({ account_type: 'profile' });
      expect((await profile.request(method, url, body)).status).toBe(403);
    },
  );
});

describe("a change reaches the user's other tabs", () => {
  it("as 'watchlist:changed' within a second, and never another user's sockets", async () => {
    const user = await investor();
    const stranger = await investor();
    const otherTab = await connectSocket(t.baseUrl, { as: user });
    const strangerTab = await connectSocket(t.baseUrl, { as: stranger });
    try {
      const mark = otherTab.mark();
      const strangerMark = strangerTab.mark();
      const started = Date.now();
      const followed = await follow(user, 'AAPL');
      const pushed = await otherTab.waitFor('watchlist:changed', { since: mark, timeoutMs: 1000 });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(pushed).toEqual(followed.body);

      const unfollowed = await unfollow(user, 'AAPL');
      expect(
        await otherTab.waitFor('watchlist:changed', {
          since: mark,
          where: (list) => list.followingSymbols.length === 0,
          timeoutMs: 1000,
        }),
      ).toEqual(unfollowed.body);

      // The stranger's own change reaches them; the user's, published before it, never did.
      await follow(stranger, 'KO');
      const own = await strangerTab.waitFor('watchlist:changed', { since: strangerMark, timeoutMs: 1000 });
      expect(own.followingSymbols).toEqual(['KO']);
      expect(strangerTab.received('watchlist:changed', strangerMark)).toHaveLength(1);
    } finally {
      otherTab.close();
      strangerTab.close();
    }
  });
});
