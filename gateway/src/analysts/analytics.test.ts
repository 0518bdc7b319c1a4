import { messages } from '@insight/shared';
import {
  analystPastAlertsResponseSchema,
  analystsApi,
  analystsMessages,
} from '@insight/shared/analysts/schemas';
import { analystTeamDefaults } from '@insight/shared/analysts/team';
import { sessionOf, tradingDaysBetween } from '@insight/shared/market/calendar';
import { marketMessages } from '@insight/shared/market/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import type { App } from '../app';

/** Every stored figure of the analytics, in a stable order: two recomputes must give the same. */
async function storedFigures(app: App) {
  const stats = await app.db
    .selectFrom('analyst_sector_stats')
    .selectAll()
    .orderBy('analyst_id')
    .orderBy('sector')
    .execute();
  const teams = await app.db
    .selectFrom('analyst_teams')
    .selectAll()
    .orderBy('sector')
    .orderBy('rank')
    .execute();
  return { stats, teams };
}

describe('judging hand-made histories (Energy, benchmarked by XLE)', () => {
  let t: TestApp;
  let investor: HttpClient;

  /** 140 trading days from 2 January 2024; ratings are published on day 0 (or day 100, still open). */
  const days = tradingDaysBetween('2024-01-02', '2024-12-31').slice(0, 140);
  /** Closes over the 140 days, constant between steps: `[from day, close]…`. */
  const path = (...steps: [number, number][]) =>
    days.map((_, i) => steps.filter(([from]) => from <= i).at(-1)![1]);
  /** 15:00 New York on a day: an hour before the close. */
  const afternoonOf = (day: number) => new Date(sessionOf(days[day]!)!.close.getTime() - 3_600_000);

  /** The sector ETF: 100 until day 60, then 104, so a rating of day 0 sees the sector gain 4%. */
  const xle = path([0, 100], [60, 104]);
  const horizonEnd = days[126]!;

  // One rating of analyst E1 per stock; each stock's path is made for the case.
  const cases = [
    {
      name: 'a buy reaching its target, then trailing the sector',
      symbol: 'OILA',
      rating: 'buy',
      target: 110,
      closes: path([0, 100], [5, 111], [10, 101]),
      expected: { reached_target: 1, outperform_sector: 0, success: 1, decided: 1, target_date: horizonEnd },
    },
    {
      name: 'a buy short of its target that beat the sector (+8% against +4%)',
      symbol: 'OILB',
      rating: 'buy',
      target: 130,
      closes: path([0, 100], [1, 108]),
      expected: { reached_target: 0, outperform_sector: 1, success: 1, decided: 1, target_date: horizonEnd },
    },
    {
      name: 'a buy short of its target and behind the sector (+3% against +4%)',
      symbol: 'OILC',
      rating: 'buy',
      target: 130,
      closes: path([0, 100], [1, 103]),
      expected: { reached_target: 0, outperform_sector: 0, success: 0, decided: 1, target_date: horizonEnd },
    },
    {
      name: 'a sell reaching its target, the stock ending flat while the sector gained',
      symbol: 'OILD',
      rating: 'sell',
      target: 90,
      closes: path([0, 100], [50, 89], [60, 100]),
      expected: { reached_target: 1, outperform_sector: 1, success: 1, decided: 1, target_date: horizonEnd },
    },
    {
      name: 'a sell of a stock that beat its sector (+10% against +4%)',
      symbol: 'OILE',
      rating: 'sell',
      target: 80,
      closes: path([0, 100], [1, 110]),
      expected: { reached_target: 0, outperform_sector: 0, success: 0, decided: 1, target_date: horizonEnd },
    },
    {
      name: 'a sell of a stock that rose, but less than its sector (+2% against +4%)',
      symbol: 'OILF',
      rating: 'sell',
      target: 80,
      closes: path([0, 100], [1, 102]),
      expected: { reached_target: 0, outperform_sector: 1, success: 1, decided: 1, target_date: horizonEnd },
    },
    {
      name: 'an open buy (day 100) that already reached its target',
      symbol: 'OILG',
      rating: 'buy',
      day: 100,
      target: 120,
      closes: path([0, 100], [110, 121]),
      expected: { reached_target: 1, outperform_sector: 0, success: 1, decided: 1, target_date: null },
    },
    {
      name: 'an open buy (day 100) short of its target',
      symbol: 'OILH',
      rating: 'buy',
      day: 100,
      target: 120,
      closes: path([0, 100]),
      expected: { reached_target: 0, outperform_sector: 0, success: 0, decided: 0, target_date: null },
    },
    {
      name: 'a buy published at 21:30 New York (02:30 UTC the next day) is judged from the next close',
      symbol: 'OILI',
      rating: 'buy',
      publishedAt: new Date(`${days[1]}T02:30:00Z`),
      target: 110,
      closes: path([0, 100], [1, 111], [2, 100]),
      expected: { reached_target: 1, outperform_sector: 0, success: 1, decided: 1, target_date: horizonEnd },
    },
    {
      name: 'the close of the publication day is not after the rating: it reaches nothing',
      symbol: 'OILJ',
      rating: 'buy',
      target: 110,
      closes: path([0, 111], [1, 100]),
      expected: { reached_target: 0, outperform_sector: 0, success: 0, decided: 1, target_date: horizonEnd },
    },
    {
      name: 'a target touched the day after the horizon does not count',
      symbol: 'OILK',
      rating: 'buy',
      target: 110,
      closes: path([0, 100], [127, 111]),
      expected: { reached_target: 0, outperform_sector: 0, success: 0, decided: 1, target_date: horizonEnd },
    },
  ] as const satisfies readonly {
    name: string;
    symbol: string;
    rating: 'buy' | 'sell';
    day?: number;
    publishedAt?: Date;
    target: number;
    closes: number[];
    expected: object;
  }[];

  let ratingSequence = 0;
  const rating = (
    analystId: string,
    symbol: string,
    kind: 'buy' | 'sell',
    target: number,
    publishedAt: Date,
  ) => ({
    id: `HM${String((ratingSequence += 1)).padStart(4, '0')}`,
    analyst_id: analystId,
    analyst: `Hand Made ${analystId}`,
    firm: 'Example Research',
    symbol,
    rating: kind,
    price_target: target,
    price_when_posted: 100,
    published_at: publishedAt,
  });
  /** E2 and E4: four buys of OILB on day 0 (all beat the sector), and an open one on day 100 (still active). */
  const outperformer = (analystId: string) => [
    ...[1, 2, 3, 4].map(() => rating(analystId, 'OILB', 'buy', 130, afternoonOf(0))),
    rating(analystId, 'OILH', 'buy', 120, afternoonOf(100)),
  ];

  const company = (symbol: string, kind: 'stock' | 'etf', sector: string | null) => ({
    symbol,
    name: `${symbol} Inc.`,
    kind,
    sector,
    industry: null,
    exchange: 'NYSE',
    market_cap: null,
    shares_outstanding: null,
    beta: null,
    pe_ratio_12m: null,
    pb_ratio: null,
    peg_ratio: null,
    dividend_yield: null,
    forward_dividend: null,
    eps: null,
    roe: null,
    current_ratio: null,
    avg_vol_20d: null,
    description: '',
    indexes: [],
  });
  const bars = (symbol: string, closes: readonly number[]) =>
    closes.map((close, i) => ({
      symbol,
      date: days[i]!,
      open: close,
      high: close,
      low: close,
      close,
      volume: 1000,
    }));

  beforeAll(async () => {
    t = await startTestApp({ INGEST: '0' });
    const db = t.app.db;
    await db
      .insertInto('companies')
      .values([
        company('XLE', 'etf', 'Energy'),
        company('FUND1', 'etf', null),
        ...cases.map((c) => company(c.symbol, 'stock', 'Energy')),
      ])
      .execute();
    await db
      .insertInto('daily_bars')
      .values([...bars('XLE', xle), ...cases.flatMap((c) => bars(c.symbol, c.closes))])
      .execute();
    await db
      .insertInto('analysts')
      .values(['E1', 'E2', 'E3'].map((id) => ({ id, name: `Hand Made ${id}`, firm: 'Example Research' })))
      .execute();
    await db
      .insertInto('ratings')
      .values([
        ...cases.map((c) =>
          rating(
            'E1',
            c.symbol,
            c.rating,
            c.target,
            'publishedAt' in c ? c.publishedAt : afternoonOf('day' in c ? c.day : 0),
          ),
        ),
        ...outperformer('E2'),
        // E3 has one open rating: a record with nothing decided yet.
        rating('E3', 'OILH', 'buy', 120, afternoonOf(100)),
      ])
      .execute();
    investor = new HttpClient(t.baseUrl);
    await signIn(investor, await createUser(t.app));
  });
  afterAll(async () => t?.close());

  describe("each rating's outcome, as the analyst details dialog lists it", () => {
    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const answer = await t.app.analytics.pastPerformance('Hand Made E1', c.symbol);
      expect(answer.sector).toBe('Energy');
      const row = answer.rows.find((r) => r.ticker === c.symbol);
      expect(row).toEqual({
        pos_type: c.rating,
        published: ('publishedAt' in c ? c.publishedAt : afternoonOf('day' in c ? c.day : 0)).toISOString(),
        ticker: c.symbol,
        entry_price: 100,
        target: c.target,
        ...c.expected,
      });
    });

    it("lists the analyst's ratings in the sector newest first", async () => {
      const answer = await t.app.analytics.pastPerformance('hand made e1', 'OILA');
      expect(answer.rows).toHaveLength(cases.length);
      const published = answer.rows.map((row) => row.published);
      expect(published).toEqual([...published].sort().reverse());
    });
  });

  describe("each analyst's record in the sector", () => {
    it.each([
      // analyst, ratings, decided, successes, reached, outperformed, success rate, grade
      ['E1: 6 of 10 decided succeed (B+)', 'E1', 11, 10, 6, 4, 3, 0.6, 4],
      ['E2: 4 of 4 decided beat the sector (A+)', 'E2', 5, 4, 4, 0, 4, 1, 7],
      ['E3: nothing decided yet, no grade', 'E3', 1, 0, 0, 0, 0, null, null],
    ] as const)(
      '%s',
      async (_name, analystId, ratings, decided, successes, reached, outperformed, rate, grade) => {
        await t.app.analytics.ensureFresh();
        const row = await t.app.db
          .selectFrom('analyst_sector_stats')
          .selectAll()
          .where('analyst_id', '=', analystId)
          .executeTakeFirstOrThrow();
        expect({ ...row, success_rate: row.success_rate === null ? null : Number(row.success_rate) }).toEqual(
          {
            analyst_id: analystId,
            sector: 'Energy',
            ratings,
            decided,
            successes,
            reached,
            outperformed,
            success_rate: rate,
            grade,
            updated_at: expect.any(Date),
          },
        );
      },
    );

    it('answers grades as the alerts show them: a percent and 1 to 7, or null without one', async () => {
      expect(await t.app.analytics.gradeOf('E1', 'Energy')).toEqual({ success_rate: 60, grade: 4 });
      expect(await t.app.analytics.gradeOf('E2', 'Energy')).toEqual({ success_rate: 100, grade: 7 });
      expect(await t.app.analytics.gradeOf('E3', 'Energy')).toBeNull();
      expect(await t.app.analytics.gradeOf('E1', 'Utilities')).toBeNull();
      const batch = await t.app.analytics.statsFor(['E1', 'E2', 'E3', 'nobody'], ['Energy', 'Utilities']);
      expect([...batch.keys()].sort()).toEqual(['E1|Energy', 'E2|Energy']);
    });
  });

  describe('the analyst team of the sector', () => {
    it('takes those who pass every bar: E2 (E1 succeeds 60% of the time, under the 70% needed)', async () => {
      expect(analystTeamDefaults.minSuccessRate).toBe(0.7);
      const team = await t.app.analytics.team('Energy');
      expect(team).toEqual([
        {
          analyst_id: 'E2',
          name: 'Hand Made E2',
          firm: 'Example Research',
          rank: 1,
          success_rate: 100,
          grade: 7,
          created_at: expect.any(String),
        },
      ]);
      const answer = await t.app.analytics.pastPerformance('Hand Made E1', 'OILA');
      expect(answer.team_update).toBe(team[0]!.created_at);
    });

    it('keeps its creation date while its members stay, and is created anew when they change', async () => {
      const [before] = await t.app.analytics.team('Energy');
      await t.app.analytics.recompute();
      expect((await t.app.analytics.team('Energy'))[0]!.created_at).toBe(before!.created_at);

      await t.app.db
        .insertInto('analysts')
        .values({ id: 'E4', name: 'Hand Made E4', firm: 'Example Research' })
        .execute();
      await t.app.db.insertInto('ratings').values(outperformer('E4')).execute();
      // No explicit recompute: the read sees new facts and recomputes first.
      const team = await t.app.analytics.team('Energy');
      expect(team.map((member) => [member.analyst_id, member.rank])).toEqual([
        ['E2', 1],
        ['E4', 2],
      ]);
      // The new team is dated the day its member set first held (issue 21): here E4's record reaches
      // back as far as E2's, so that day is the former team's day; both members share it.
      expect(team[1]!.created_at).toBe(team[0]!.created_at);
    });
  });

  describe('POST get_analysts_past_alerts', () => {
    it('answers the dialog for an analyst and a symbol, ignoring alert_id', async () => {
      const response = await investor.post(analystsApi.pastAlerts, {
        alert_id: 12345,
        analyst: 'Hand Made E1',
        symbol: 'oila',
      });
      expect(response.status).toBe(200);
      expect(analystPastAlertsResponseSchema.parse(response.body)).toEqual(response.body);
      expect(response.body.sector).toBe('Energy');
      expect(response.body.rows).toHaveLength(cases.length);
    });

    it.each([
      [
        'an unknown analyst',
        { analyst: 'Nobody Known', symbol: 'OILA' },
        analystsMessages.unknownAnalyst('Nobody Known'),
      ],
      [
        'an unknown symbol',
        { analyst: 'Hand Made E1', symbol: 'ZZZZ' },
        marketMessages.unknownSymbol('ZZZZ'),
      ],
      [
        'a symbol with no sector',
        { analyst: 'Hand Made E1', symbol: 'FUND1' },
        analystsMessages.noSector('FUND1'),
      ],
    ])('answers 404 for %s', async (_name, body, msg) => {
      const response = await investor.post(analystsApi.pastAlerts, body);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ status: false, msg });
    });
  });
});

describe('on the simulated market', () => {
  let t: TestApp;
  let investor: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ INGEST: '1' });
    await t.app.ingestor.start();
    // The facts stop here, so that two recomputes judge the same ratings and bars.
    await t.app.ingestor.stop();
    await t.app.analytics.ensureFresh();
    investor = new HttpClient(t.baseUrl);
    await signIn(investor, await createUser(t.app));
  });
  afterAll(async () => t?.close());

  it('grades analysts over the whole scale, C+ to A+', async () => {
    const rows = await t.app.db
      .selectFrom('analyst_sector_stats')
      .select('grade')
      .distinct()
      .where('grade', 'is not', null)
      .orderBy('grade')
      .execute();
    expect(rows.map((row) => row.grade)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('counts every rating of a company with a sector once, in its analyst and sector', async () => {
    const { stats } = await storedFigures(t.app);
    const rated = await t.app.db
      .selectFrom('ratings as r')
      .innerJoin('companies as c', 'c.symbol', 'r.symbol')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('c.sector', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(stats.reduce((sum, row) => sum + row.ratings, 0)).toBe(Number(rated.n));
  });

  it('recomputed again from the same facts, stores the very same rows', async () => {
    const before = await storedFigures(t.app);
    await t.app.analytics.recompute();
    expect(await storedFigures(t.app)).toEqual(before);
  });

  it('builds a team in every sector from analysts who pass the bars, best first', async () => {
    const { teams } = await storedFigures(t.app);
    const sectors = [...new Set(teams.map((row) => row.sector))];
    expect(sectors).toHaveLength(11);
    for (const sector of sectors) {
      const team = teams.filter((row) => row.sector === sector);
      expect(team.length).toBeLessThanOrEqual(analystTeamDefaults.maxSize);
      expect(team.map((row) => row.rank)).toEqual(team.map((_, i) => i + 1));
      expect(team.every((row) => Number(row.success_rate) >= analystTeamDefaults.minSuccessRate)).toBe(true);
      expect(new Set(team.map((row) => row.created_at.toISOString())).size).toBe(1);
    }
  });

  describe('POST get_analysts_past_alerts', () => {
    it("answers an analyst's judged ratings in the symbol's sector, newest first, with the team date", async () => {
      const { stats } = await storedFigures(t.app);
      const record = stats.find((row) => row.decided >= 10)!;
      const analyst = await t.app.db
        .selectFrom('analysts')
        .select('name')
        .where('id', '=', record.analyst_id)
        .executeTakeFirstOrThrow();
      const rated = await t.app.db
        .selectFrom('ratings as r')
        .innerJoin('companies as c', 'c.symbol', 'r.symbol')
        .select(['r.symbol', 'r.rating', 'r.price_target', 'r.price_when_posted'])
        .where('r.analyst_id', '=', record.analyst_id)
        .where('c.sector', '=', record.sector)
        .orderBy('r.published_at', 'desc')
        .execute();

      const response = await investor.post(analystsApi.pastAlerts, {
        analyst: analyst.name,
        symbol: rated[0]!.symbol,
      });
      expect(response.status).toBe(200);
      const answer = analystPastAlertsResponseSchema.parse(response.body);
      expect(answer.sector).toBe(record.sector);
      expect(answer.team_update).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(answer.rows.map((row) => [row.ticker, row.pos_type, row.target, row.entry_price])).toEqual(
        rated.map((r) => [r.symbol, r.rating, Number(r.price_target), Number(r.price_when_posted)]),
      );
      expect(Object.keys(answer.rows[0]!).sort()).toEqual(
        [
          'pos_type',
          'published',
          'ticker',
          'entry_price',
          'target',
          'target_date',
          'reached_target',
          'outperform_sector',
          'success',
          'decided',
        ].sort(),
      );
      const sum = (key: 'reached_target' | 'outperform_sector' | 'success' | 'decided') =>
        answer.rows.reduce((total, row) => total + row[key], 0);
      expect([sum('decided'), sum('success'), sum('reached_target'), sum('outperform_sector')]).toEqual([
        record.decided,
        record.successes,
        record.reached,
        record.outperformed,
      ]);
      expect(answer.rows.some((row) => row.target_date !== null)).toBe(true);
    });

    it('refuses an anonymous caller with 401', async () => {
      const response = await new HttpClient(t.baseUrl).post(analystsApi.pastAlerts, {
        analyst: 'Anyone',
        symbol: 'AAPL',
      });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ status: false, msg: messages.session.required });
    });

    it('refuses a profile-type account with 403: the live feed is not theirs', async () => {
      const browser = new HttpClient(t.baseUrl);
      await signIn(browser, await createUser(t.app, { account_type: 'profile' }));
      expect((await browser.post(analystsApi.pastAlerts, { analyst: 'Anyone', symbol: 'AAPL' })).status).toBe(
        403,
      );
    });

    it.each([
      ['no analyst', { symbol: 'AAPL' }, 'analyst'],
      ['an empty analyst', { analyst: '  ', symbol: 'AAPL' }, 'analyst'],
      ['no symbol', { analyst: 'Anyone' }, 'symbol'],
      ['a malformed symbol', { analyst: 'Anyone', symbol: 'AA PL!' }, 'symbol'],
      ['an alert_id that is not a number', { alert_id: 'x', analyst: 'Anyone', symbol: 'AAPL' }, 'alert_id'],
    ])('answers 400 naming the field for %s', async (_name, body, field) => {
      const response = await investor.post(analystsApi.pastAlerts, body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: false, field });
      expect(response.body.msg).toMatch(new RegExp(`^${field}: `));
    });
  });
});
