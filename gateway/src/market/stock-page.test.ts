import { demoAccounts, messages } from '@insight/shared';
import {
  apiPath,
  marketApi,
  marketMessages,
  priceRanges,
  recommendationsResponseSchema,
  type PriceRange,
} from '@insight/shared/market/schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { historyStart } from './service';

let t: TestApp;
let investor: HttpClient;
let admin: HttpClient;
/** The symbol with the most ratings over the last 3 months: the richest consensus to check. */
let symbol: string;

beforeAll(async () => {
  t = await startTestApp({ INGEST: '1', DEMO_SEED: '1', SIM_CONTROL: '1' });
  await t.app.ingestor.start();
  await t.app.analytics.ensureFresh();
  investor = new HttpClient(t.baseUrl);
  await signIn(investor, await createUser(t.app));
  admin = new HttpClient(t.baseUrl);
  await signIn(
    admin,
    demoAccounts.find((account) => account.role === 'admin')!,
  );
  const busiest = await t.app.db
    .selectFrom('ratings')
    .innerJoin('companies', 'companies.symbol', 'ratings.symbol')
    .select(['ratings.symbol', (eb) => eb.fn.countAll<string>().as('count')])
    .where('companies.sector', 'is not', null)
    .where('ratings.published_at', '>=', new Date(Date.now() - 91 * 86_400_000))
    .groupBy('ratings.symbol')
    .orderBy('count', 'desc')
    .orderBy('ratings.symbol')
    .limit(1)
    .executeTakeFirstOrThrow();
  symbol = busiest.symbol;
}, 180_000);
afterAll(async () => t?.close());

const recommendationsOf = async (of: string) => {
  const response = await investor.get(apiPath(marketApi.recommendations, { symbol: of, flag: 1 }));
  expect(response.status).toBe(200);
  return { body: recommendationsResponseSchema.strict().parse(response.body), at: Date.now() };
};

/** The symbol's ratings of the last 12 months as stored, newest first. */
const storedRatings = async (of: string, now: number) => {
  const yearAgo = new Date(now);
  yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
  return t.app.db
    .selectFrom('ratings')
    .selectAll()
    .where('symbol', '=', of)
    .where('published_at', '>=', yearAgo)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
};

/**
 * The consensus of spec 000 §2, by hand: buys of the last 91 days, and the targets of those days
 * weighted by half every 30 days of age.
 */
const consensusByHand = (ratings: Awaited<ReturnType<typeof storedRatings>>, now: number) => {
  let buys = 0;
  let weighted = 0;
  let weights = 0;
  for (const rating of ratings) {
    const ageDays = (now / 1000 - Math.floor(rating.published_at.getTime() / 1000)) / 86_400;
    if (ageDays < 0 || ageDays > 91) continue;
    if (rating.rating === 'buy') buys += 1;
    const weight = 0.5 ** (ageDays / 30);
    weighted += weight * Number(rating.price_target);
    weights += weight;
  }
  return {
    count_buy: buys,
    consensus_target: weights === 0 ? null : Math.round((weighted / weights) * 100) / 100,
  };
};

describe('the stock page\'s ratings (spec 000 §2, §3 "Recommendation")', () => {
  it('answers the ratings of the last 12 months, newest first, as stored', async () => {
    const { body, at } = await recommendationsOf(symbol);
    const stored = await storedRatings(symbol, at);
    expect(body.recommendations.length).toBeGreaterThan(3);
    expect(body.recommendations.map((rec) => rec.id)).toEqual(stored.map((rating) => rating.id));
    const analysts = new Map(
      (
        await t.app.db
          .selectFrom('analysts')
          .selectAll()
          .where(
            'id',
            'in',
            stored.map((rating) => rating.analyst_id),
          )
          .execute()
      ).map((analyst) => [analyst.id, analyst]),
    );
    stored.forEach((rating, i) => {
      expect(body.recommendations[i]).toMatchObject({
        rating: rating.rating,
        security_created_timestamp: Math.floor(rating.published_at.getTime() / 1000),
        analyst_name: analysts.get(rating.analyst_id)!.name,
        firm: analysts.get(rating.analyst_id)!.firm,
        price_target: Number(rating.price_target),
        price_when_posted: Number(rating.price_when_posted),
      });
    });
  });

  it("grades each analyst in the page's order: their grade in the symbol's sector less one (A+ 6 … C+ 0)", async () => {
    const { body } = await recommendationsOf(symbol);
    const { sector } = await t.app.db
      .selectFrom('companies')
      .select('sector')
      .where('symbol', '=', symbol)
      .executeTakeFirstOrThrow();
    const analystOf = new Map(
      (
        await t.app.db
          .selectFrom('ratings')
          .select(['id', 'analyst_id'])
          .where('symbol', '=', symbol)
          .execute()
      ).map((row) => [row.id, row.analyst_id]),
    );
    const grades = new Map(
      (
        await t.app.db
          .selectFrom('analyst_sector_stats')
          .select(['analyst_id', 'grade'])
          .where('sector', '=', sector!)
          .where('grade', 'is not', null)
          .execute()
      ).map((row) => [row.analyst_id, row.grade!]),
    );
    for (const rec of body.recommendations) {
      const grade = grades.get(analystOf.get(rec.id)!);
      expect(rec.grade).toBe(grade === undefined ? null : grade - 1);
    }
    expect(body.recommendations.some((rec) => rec.grade !== null)).toBe(true);
  });

  it('answers the consensus of the last 3 months: the count of buys and the recency-weighted target', async () => {
    const { body, at } = await recommendationsOf(symbol);
    const expected = consensusByHand(await storedRatings(symbol, at), at);
    expect(expected.consensus_target).not.toBeNull();
    expect(body.count_buy).toBe(expected.count_buy);
    expect(body.consensus_target).toBeCloseTo(expected.consensus_target!, 2);
  });

  it('a rating published now comes first, and counts in the consensus at once', async () => {
    const before = (await recommendationsOf(symbol)).body;
    const published = await admin.post('/api/sim/ratings', { symbol, rating: 'buy', price_target: 321.5 });
    expect(published.status).toBe(200);
    const { body, at } = await recommendationsOf(symbol);
    expect(body.recommendations[0]).toMatchObject({
      id: published.body.id,
      rating: 'buy',
      price_target: 321.5,
    });
    expect(body.recommendations).toHaveLength(before.recommendations.length + 1);
    const expected = consensusByHand(await storedRatings(symbol, at), at);
    expect(body.count_buy).toBe(expected.count_buy);
    expect(body.count_buy).toBe(before.count_buy + 1);
    expect(body.consensus_target).toBeCloseTo(expected.consensus_target!, 2);
  });

  it('answers none for a symbol without ratings, 404 for an unknown one', async () => {
    const unrated = await t.app.db
      .selectFrom('companies')
      .select('symbol')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('ratings').select('id').whereRef('ratings.symbol', '=', 'companies.symbol'))),
      )
      .orderBy('symbol')
      .executeTakeFirst();
    if (unrated)
      expect((await recommendationsOf(unrated.symbol)).body).toEqual({
        recommendations: [],
        count_buy: 0,
        consensus_target: null,
      });
    const unknown = await investor.get(apiPath(marketApi.recommendations, { symbol: 'ZZZZ9', flag: 1 }));
    expect(unknown).toMatchObject({
      status: 404,
      body: { status: false, msg: marketMessages.unknownSymbol('ZZZZ9') },
    });
  });
});

describe("the stock page's price chart", () => {
  it.each([
    ['1M', '2026-03-31', '2026-02-28'],
    ['1M', '2024-03-31', '2024-02-29'],
    ['3M', '2026-05-15', '2026-02-15'],
    ['6M', '2026-01-10', '2025-07-10'],
    ['1Y', '2024-02-29', '2023-02-28'],
    ['5Y', '2026-11-20', '2021-11-20'],
    ['YTD', '2026-11-20', '2026-01-01'],
  ] as const)('%s counted back from a newest close of %s starts on %s', (range, newest, start) => {
    expect(historyStart(range, newest)).toBe(start);
  });

  it.each(priceRanges)(
    '%s answers the stored daily closes of the range, oldest first',
    async (range: PriceRange) => {
      const response = await investor.get(apiPath(marketApi.priceHistory, { symbol: 'AAPL', range }));
      expect(response.status).toBe(200);
      const { points } = response.body as { points: { date: string; close: number }[] };
      const newest = await t.app.db
        .selectFrom('daily_bars')
        .select(['date'])
        .where('symbol', '=', 'AAPL')
        .orderBy('date', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      const stored = await t.app.db
        .selectFrom('daily_bars')
        .select(['date', 'close'])
        .where('symbol', '=', 'AAPL')
        .where('date', '>=', historyStart(range, newest.date))
        .orderBy('date')
        .execute();
      expect(points).toEqual(stored.map((bar) => ({ date: bar.date, close: Number(bar.close) })));
      expect(points.at(-1)!.date).toBe(newest.date);
      if (range === 'YTD') {
        // The year's first trading day (January 1 is always a holiday).
        const firstOfYear = await sql<{ date: string }>`
        select min(date)::text as date from daily_bars
        where symbol = 'AAPL' and extract(year from date) = ${Number(newest.date.slice(0, 4))}`.execute(
          t.app.db,
        );
        expect(points[0]!.date).toBe(firstOfYear.rows[0]!.date);
      }
    },
  );

  it('longer ranges start earlier', async () => {
    const firsts: string[] = [];
    for (const range of ['1M', '3M', '6M', '1Y', '5Y'] as const) {
      const response = await investor.get(apiPath(marketApi.priceHistory, { symbol: 'MSFT', range }));
      firsts.push(response.body.points[0].date);
    }
    expect([...firsts].sort().reverse()).toEqual(firsts);
    expect(new Set(firsts).size).toBe(firsts.length);
  });

  it('refuses a range it does not know (400 naming it) and an unknown symbol (404)', async () => {
    const bad = await investor.get(apiPath(marketApi.priceHistory, { symbol: 'AAPL', range: '2W' }));
    expect(bad).toMatchObject({ status: 400, body: { status: false, field: 'range' } });
    const unknown = await investor.get(apiPath(marketApi.priceHistory, { symbol: 'ZZZZ9', range: '1M' }));
    expect(unknown).toMatchObject({ status: 404, body: { msg: marketMessages.unknownSymbol('ZZZZ9') } });
  });
});

describe('who may read them', () => {
  it.each([
    apiPath(marketApi.recommendations, { symbol: 'AAPL', flag: 1 }),
    apiPath(marketApi.priceHistory, { symbol: 'AAPL', range: '1Y' }),
  ])('%s: 401 anonymous, 403 for a profile-type account', async (url) => {
    const anonymous = await new HttpClient(t.baseUrl).get(url);
    expect(anonymous).toMatchObject({ status: 401, body: { msg: messages.session.required } });
    const profile = new HttpClient(t.baseUrl);
    await signIn(profile, await createUser(t.app, { account_type: 'profile' }));
    expect((await profile.get(url)).status).toBe(403);
  });
});
