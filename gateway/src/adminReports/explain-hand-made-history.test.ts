import {
  adminReportsApi,
  adminReportsMessages,
  apiPath,
  type ExplainResponse,
  type JobRow,
  type SignalSummary,
} from '@insight/shared';
import ExcelJS from 'exceljs';
import { ratingOutcome } from '@insight/shared/analysts/performance';
import { analystTeam, analystTeamDefaults, type TeamCandidate } from '@insight/shared/analysts/team';
import { tradingDaysBetween } from '@insight/shared/market/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketWriteRepo } from '../market/repo';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';

/**
 * The Research Analyst Team explain tool against a rating history made by hand in one sector
 * (Utilities, benchmarked by XLU): its numbers must be those of the team rule (shared `analystTeam`)
 * computed here directly from the same closes, by `ratingOutcome` over each rating's horizon.
 */
let t: TestApp;
let admin: HttpClient;
let ordinary: HttpClient;

const days = tradingDaysBetween('2025-01-02', '2026-10-30');
const closes: Record<string, number[]> = {
  XLU: days.map((_, i) => 100 + i * 0.01),
  UTA: days.map((_, i) => 100 + i * 0.5), // rises: buys reach their target and beat the ETF
  UTB: days.map((_, i) => 100 - i * 0.05), // falls: buys fail
};
const utilities = 9;

interface Made {
  id: string;
  analyst: string;
  symbol: 'UTA' | 'UTB';
  day: string;
  /** Target as a multiple of the entry. */
  reach: number;
}
const made: Made[] = [];
const analysts = [
  { id: 'an-good', name: 'Grace Good', firm: 'Good Co' },
  { id: 'an-poor', name: 'Paul Poor', firm: 'Poor Co' },
  { id: 'an-few', name: 'Fay Few', firm: 'Few Co' },
  { id: 'an-idle', name: 'Ida Idle', firm: 'Idle Co' },
  { id: 'an-mixed', name: 'Max Mixed', firm: 'Mixed Co' },
];
const every = (from: number, step: number, count: number) =>
  Array.from({ length: count }, (_, k) => days[from + k * step]!);
let n = 0;
const rate = (analyst: string, symbol: 'UTA' | 'UTB', list: string[], reach: number) => {
  for (const day of list) made.push({ id: `hm-${(n += 1)}`, analyst, symbol, day, reach });
};
rate('an-good', 'UTA', every(10, 30, 15), 1.05);
rate('an-poor', 'UTB', every(15, 30, 15), 1.2);
rate('an-few', 'UTA', every(days.length - 40, 10, 2), 1.05);
rate('an-idle', 'UTA', every(20, 20, 10), 1.05);
rate('an-mixed', 'UTA', every(12, 40, 6), 1.05);
rate('an-mixed', 'UTB', every(14, 40, 5), 1.2);

/** The team rule computed directly: each rating judged on the closes known by `asOf`. */
function direct(asOf: string) {
  const known = days.filter((day) => day <= asOf);
  const candidates = new Map<string, TeamCandidate['ratings'][number][]>();
  for (const rating of made) {
    if (rating.day > asOf) continue;
    const at = days.indexOf(rating.day);
    const after = known.slice(at + 1, at + 1 + 126);
    const stock = closes[rating.symbol]!;
    const entry = stock[at]!;
    const outcome = ratingOutcome({
      rating: 'buy',
      entryPrice: entry,
      target: Number((entry * rating.reach).toFixed(4)),
      closes: after.map((_, k) => stock[at + 1 + k]!),
      etfEntry: closes.XLU![at]!,
      etfCloses: after.map((_, k) => closes.XLU![at + 1 + k]!),
    });
    const list = candidates.get(rating.analyst) ?? [];
    list.push({ published: rating.day, outcome, horizonEnded: after.length >= 126 });
    candidates.set(rating.analyst, list);
  }
  const all = [...candidates].map(([analystId, ratings]) => ({ analystId, ratings }));
  return { all, team: analystTeam(all, asOf, analystTeamDefaults) };
}

beforeAll(async () => {
  t = await startTestApp();
  const repo = marketWriteRepo(t.app.db);
  const company = (symbol: string, kind: 'stock' | 'etf') => ({
    symbol,
    name: `${symbol} Inc.`,
    kind,
    sector: 'Utilities' as const,
    industry: null,
    exchange: 'NYSE',
    market_cap: null,
    shares_outstanding: null,
    beta: null,
    avg_vol_20d: null,
    description: '',
    indexes: [],
    index_history: [],
  });
  await repo.upsertCompanies([company('UTA', 'stock'), company('UTB', 'stock'), company('XLU', 'etf')]);
  await repo.insertBars(
    Object.entries(closes).flatMap(([symbol, list]) =>
      list.map((close, i) => ({
        symbol,
        date: days[i]!,
        open: close,
        high: close,
        low: close,
        close,
        volume: 1000,
      })),
    ),
  );
  await t.app.db.insertInto('analysts').values(analysts).execute();
  await repo.insertRatings(
    made.map((rating) => {
      const entry = closes[rating.symbol]![days.indexOf(rating.day)]!;
      const analyst = analysts.find((a) => a.id === rating.analyst)!;
      return {
        id: rating.id,
        analyst_id: analyst.id,
        analyst: analyst.name,
        firm: analyst.firm,
        symbol: rating.symbol,
        rating: 'buy' as const,
        price_target: Number((entry * rating.reach).toFixed(4)),
        price_when_posted: entry,
        published_at: `${rating.day}T15:00:00.000Z`,
      };
    }),
  );
  admin = new HttpClient(t.baseUrl);
  await signIn(admin, await createUser(t.app, { is_admin: true }));
  ordinary = new HttpClient(t.baseUrl);
  await signIn(ordinary, await createUser(t.app));
}, 120_000);
afterAll(async () => t?.close());

const explainPath = (month: string, analyst: string, sector: number | string, profile: number | string) =>
  apiPath(adminReportsApi.explain, { month, analyst, sector, profile });

describe('GET reports/explain_analyst_selection', () => {
  it.each([
    ['2026-10', '2026-10-30'],
    ['2026-03', '2026-03-31'],
  ])('for %s: each analyst in or out of the team with the numbers of the team rule', async (month, asOf) => {
    const { all, team } = direct(asOf);
    expect(team.map((member) => member.analystId)).toContain('an-good');
    for (const analyst of analysts) {
      const response = await admin.get(explainPath(month, analyst.id, utilities, 0));
      expect(response.status, response.text).toBe(200);
      const answer = response.body as ExplainResponse;
      const [sector] = answer.sectors;
      expect(sector!.asOf).toBe(asOf);
      const member = team.find((entry) => entry.analystId === analyst.id);
      expect(sector!.inTeam, analyst.id).toBe(member !== undefined);
      expect(sector!.team.map((entry) => entry.analystId)).toEqual(team.map((entry) => entry.analystId));

      const ratings = all.find((c) => c.analystId === analyst.id)?.ratings ?? [];
      const decided = ratings.filter((r) => r.outcome.decided);
      const ended = ratings.filter((r) => r.horizonEnded);
      expect(sector!.decided, analyst.id).toBe(decided.length);
      expect(sector!.successRate, analyst.id).toBe(
        decided.length === 0 ? null : decided.filter((r) => r.outcome.success).length / decided.length,
      );
      expect(sector!.outperformRate, analyst.id).toBe(
        ended.length === 0 ? null : ended.filter((r) => r.outcome.outperformed).length / ended.length,
      );
      if (member) {
        expect(sector!.rank).toBe(member.rank);
        expect(sector!.successRate).toBe(member.successRate);
        expect(answer.ret).toContain(`${analyst.name} is in the Utilities team as of ${asOf}`);
      } else {
        expect(answer.ret).toContain(`${analyst.name} is not in the Utilities team as of ${asOf}`);
        expect(sector!.rules.some((rule) => !rule.passed)).toBe(true);
      }
      expect(answer.params).toEqual({ ...analystTeamDefaults });
    }
  });

  it('says which rule keeps each analyst out', async () => {
    const failing = async (analyst: string) => {
      const answer = (await admin.get(explainPath('2026-10', analyst, utilities, 0))).body as ExplainResponse;
      return answer.sectors[0]!.rules.filter((rule) => !rule.passed).map((rule) => rule.rule);
    };
    expect(await failing('an-good')).toEqual([]);
    expect(await failing('an-poor')).toContain('minSuccessRate');
    expect(await failing('an-few')).toContain('minDecided');
    expect(await failing('an-idle')).toContain('active');
  });

  it('in profile mode, explains every sector the profile follows', async () => {
    const profile = await t.app.db
      .selectFrom('profiles')
      .select('id')
      .where('name', '=', 'Default')
      .executeTakeFirstOrThrow();
    const response = await admin.get(explainPath('2026-10', 'an-good', 0, profile.id));
    expect(response.status, response.text).toBe(200);
    const answer = response.body as ExplainResponse;
    expect(answer.mode).toBe('profile');
    expect(answer.sectors).toHaveLength(11);
    expect(answer.sectors.find((s) => s.sector === 'Utilities')!.inTeam).toBe(true);
    expect(answer.ret).toContain(
      'Grace Good is in the analyst team of profile Default in 2026-10 for Utilities.',
    );
  });

  it.each([
    [
      'a malformed month',
      explainPath('2026-13', 'an-good', utilities, 0),
      400,
      `month: ${adminReportsMessages.monthFormat}`,
    ],
    [
      'neither a sector nor a profile',
      explainPath('2026-10', 'an-good', 0, 0),
      400,
      adminReportsMessages.explainNeedsScope,
    ],
    [
      'an unknown sector',
      explainPath('2026-10', 'an-good', 42, 0),
      400,
      'sector: sector must be a sector id or 0',
    ],
    [
      'an unknown analyst',
      explainPath('2026-10', 'an-nobody', utilities, 0),
      404,
      adminReportsMessages.unknownAnalyst,
    ],
    [
      'an unknown profile',
      explainPath('2026-10', 'an-good', 0, 987_654),
      404,
      adminReportsMessages.unknownProfile,
    ],
    [
      'a month in the future',
      explainPath('2099-01', 'an-good', utilities, 0),
      400,
      adminReportsMessages.futureMonth,
    ],
  ])('answers %s with its refusal', async (_, path, status, msg) => {
    const response = await admin.get(path);
    expect(response.status, response.text).toBe(status);
    expect(response.body).toMatchObject({ status: false, msg });
  });

  it('refuses an ordinary user with 403', async () => {
    const response = await ordinary.get(explainPath('2026-10', 'an-good', utilities, 0));
    expect(response.status).toBe(403);
  });
});

describe('POST reports/admin_signal_report', () => {
  it("lists the month range's ratings by analysts in their sector's team when they published", async () => {
    const months = ['2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02'];
    const expected = made.filter((rating) => {
      const month = rating.day.slice(0, 7);
      if (!months.includes(month)) return false;
      const [year, mon] = month.split('-').map(Number) as [number, number];
      const teamDay = new Date(Date.UTC(year, mon - 1, 0)).toISOString().slice(0, 10);
      return direct(teamDay).team.some((member) => member.analystId === rating.analyst);
    });
    expect(expected.length).toBeGreaterThan(0);
    const response = await admin.post(adminReportsApi.signal, {
      start_month: '2025-09',
      end_month: '2026-02',
      sector: utilities,
      email: 'signals@example.test',
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ status: true, msg: adminReportsMessages.received });
    const job = (await t.app.jobs.waitFor((response.body as { jobId: string }).jobId, 60_000)) as JobRow;
    expect(job.state, job.error ?? '').toBe('done');
    expect((job.result as SignalSummary).signals).toBe(expected.length);
    const stored = await t.app.db
      .selectFrom('jobs')
      .select('file_path')
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(stored.file_path!);
    const sheet = workbook.getWorksheet('Signals')!;
    const published: string[] = [];
    sheet.eachRow((row, index) => {
      const value = row.getCell(1).value;
      if (index > 1 && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) published.push(value);
    });
    expect(published).toEqual(expected.map((rating) => rating.day).sort());
  });

  it('answers the validation errors and refuses an ordinary user', async () => {
    const body = { start_month: '2026-01', end_month: '2026-02', sector: 0, email: 'signals@example.test' };
    const bad = await admin.post(adminReportsApi.signal, { ...body, start_month: '2026-1' });
    expect(bad.body).toEqual({
      status: false,
      msg: `start_month: ${adminReportsMessages.monthFormat}`,
      field: 'start_month',
    });
    const order = await admin.post(adminReportsApi.signal, { ...body, start_month: '2026-03' });
    expect(order.status).toBe(400);
    const future = await admin.post(adminReportsApi.signal, { ...body, end_month: '2099-01' });
    expect(future.body).toMatchObject({ status: false, msg: adminReportsMessages.futureMonth });
    expect((await ordinary.post(adminReportsApi.signal, body)).status).toBe(403);
  });
});
