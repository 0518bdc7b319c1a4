import { sectors } from '@insight/shared';
import {
  analystsMessages,
  type AnalystPastAlerts,
  type AnalystSectorGrade,
  type PastPerformanceRow,
} from '@insight/shared/analysts/schemas';
import { analystTeam, type TeamRating } from '@insight/shared/analysts/team';
import { marketMessages } from '@insight/shared/market/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db';
import { HttpError } from '../platform/errors';
import { judgeRating, recordOf, type CloseSeries, type JudgedRating } from './judge';
import { analyticsRepo, type StatsRow, type TeamRow } from './repo';

/** The key of an (analyst, sector) pair in `statsFor`'s answer. */
export const analystSectorKey = (analystId: string, sector: string) => `${analystId}|${sector}`;

/** The sector ETF that benchmarks a sector's stocks (shared/src/common/sectors.ts). */
const etfOfSector = new Map<string, string>(sectors.map((sector) => [sector.name, sector.symbol]));

const notFound = (message: string) => new HttpError(404, message);
const bit = (value: boolean): 0 | 1 => (value ? 1 : 0);
/** A 0..1 rate as the percent the spec shows, to two places. */
const percent = (rate: string | number) => Math.round(Number(rate) * 10_000) / 100;
/** A 0..1 rate as stored: NUMERIC, six places. */
const storedRate = (rate: number) => rate.toFixed(6);

export interface AnalyticsDeps {
  /** The market's now: team creation dates are stamped with it. */
  now: () => Date;
  /** True while the market's history is being backfilled: reads then serve what is stored. */
  backfilling: () => boolean;
  log: FastifyBaseLogger;
}

export interface RecomputeSummary {
  ms: number;
  /** Loading the facts, judging them, writing the figures. */
  phases: { load: number; judge: number; write: number };
  ratings: number;
  stats: number;
  teams: number;
  /** The trading day the teams were built as of (the newest stored close). */
  asOf: string | null;
}

/**
 * The analysts' record, judged from the facts: each rating's outcome over its horizon (shared
 * `ratingOutcome`), each analyst's record per sector (analyst_sector_stats) and each sector's analyst
 * team (analyst_teams, shared `analystTeam`). Stored figures are a cache of a recompute, never edited:
 * a recompute judges every rating again and writes the result in one transaction.
 *
 * When to recompute: after the market's backfill, and on read whenever the facts changed since the
 * stored figures were computed (a new rating or bar; see `factsStamp`). Reads wait for that recompute,
 * so what they answer is always the facts' current judgement.
 */
export class AnalyticsService {
  private readonly repo;
  private computing: Promise<RecomputeSummary | null> | null = null;
  /** Checks and recomputes under way, waited for on close. */
  private readonly pending = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly deps: AnalyticsDeps,
  ) {
    this.repo = analyticsRepo(db);
  }

  /** Recomputes when the facts changed since the stored figures (not during the backfill). */
  ensureFresh(): Promise<void> {
    if (this.deps.backfilling() || this.closed) return Promise.resolve();
    return this.track(this.freshen());
  }

  private async freshen() {
    // A recompute in flight may have started before the newest facts: wait for it, then look again.
    if (this.computing) await this.computing;
    const [facts, computed] = await Promise.all([this.repo.factsStamp(), this.repo.computedStamp()]);
    if (facts !== computed && !this.closed) await this.recompute();
  }

  /** Judges every rating again and stores the figures (single-flight). Null once closed. */
  recompute(): Promise<RecomputeSummary | null> {
    this.computing ??= this.track(this.compute()).finally(() => {
      this.computing = null;
    });
    return this.computing;
  }

  /** Waits for the work under way; starts none after. */
  async close() {
    this.closed = true;
    await Promise.allSettled(this.pending);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work)).catch(() => undefined);
    return work;
  }

  private async compute(): Promise<RecomputeSummary | null> {
    if (this.closed) return null;
    const started = performance.now();
    const slice = timeSlice();
    const facts = await this.repo.factsStamp();
    const ratings = await this.repo.ratingFacts();
    const series = await this.repo.closeSeries();
    const loaded = performance.now();
    // Judged in slices that give the event loop back: a recompute (at start-up, or when a node takes
    // polling over and catches up) must not hold up /api/health and the sockets for seconds.
    const judged: JudgedRating[] = [];
    for (const rating of ratings) {
      judged.push(judgeRating(rating, series.get(rating.symbol), this.etfSeries(rating.sector, series)));
      if (slice.due()) await slice.yield();
    }
    const asOf = newestDay(series);
    const stats = statsRows(judged);
    await slice.yield();
    const teams = asOf === null ? [] : await this.teams(judged, asOf, slice);
    const judgedAt = performance.now();

    const now = this.deps.now();
    const teamRows = await this.db.transaction().execute(async (trx) => {
      await this.repo.lock(trx);
      const rows = keepCreationDates(teams, await this.repo.teams(trx), now);
      await this.repo.replaceStats(stats, now, trx);
      await this.repo.replaceTeams(rows, trx);
      await this.repo.saveState(facts, now, Math.round(judgedAt - started), trx);
      return rows;
    });
    const done = performance.now();
    const summary: RecomputeSummary = {
      ms: Math.round(done - started),
      phases: {
        load: Math.round(loaded - started),
        judge: Math.round(judgedAt - loaded),
        write: Math.round(done - judgedAt),
      },
      ratings: judged.length,
      stats: stats.length,
      teams: teamRows.length,
      asOf,
    };
    this.deps.log.info(summary, 'analytics recomputed');
    return summary;
  }

  private etfSeries(sector: string, series: Map<string, CloseSeries>) {
    const etf = etfOfSector.get(sector);
    return etf === undefined ? undefined : series.get(etf);
  }

  /** Each sector's team from its analysts' judged ratings, as rows without a creation date yet. */
  private async teams(judged: readonly JudgedRating[], asOf: string, slice: TimeSlice) {
    const bySector = new Map<string, Map<string, TeamRating[]>>();
    for (const rating of judged) {
      let analysts = bySector.get(rating.sector);
      if (!analysts) bySector.set(rating.sector, (analysts = new Map()));
      let list = analysts.get(rating.analystId);
      if (!list) analysts.set(rating.analystId, (list = []));
      list.push({
        published: rating.publishedDay,
        outcome: rating.outcome,
        horizonEnded: rating.targetDate !== null,
      });
    }
    const rows: NewTeamRow[] = [];
    for (const [sector, analysts] of bySector) {
      const candidates = [...analysts].map(([analystId, ratings]) => ({ analystId, ratings }));
      const team = analystTeam(candidates, asOf);
      const formedOn = team.length === 0 ? asOf : await teamFormedOn(candidates, team, asOf, slice);
      for (const member of team) {
        rows.push({
          sector,
          analyst_id: member.analystId,
          rank: member.rank,
          success_rate: storedRate(member.successRate),
          grade: member.grade,
          formedOn,
        });
      }
    }
    return rows;
  }

  // ---- the service API of other features ----

  /** An analyst's success rate (percent) and grade in a sector; null with nothing decided there. */
  async gradeOf(analystId: string, sector: string): Promise<AnalystSectorGrade | null> {
    return (await this.statsFor([analystId], [sector])).get(analystSectorKey(analystId, sector)) ?? null;
  }

  /** Grades of every (analyst, sector) pair of the lists that has one, keyed by `analystSectorKey`. */
  async statsFor(analystIds: readonly string[], sectorNames: readonly string[]) {
    await this.ensureFresh();
    return this.storedStatsFor(analystIds, sectorNames);
  }

  /**
   * Like `statsFor`, from the figures stored now, without waiting for a recompute. For pushing a new
   * rating at once: a rating just published is undecided, so it cannot change its analyst's grade,
   * and the push must not wait for a full judgement of the history (the plugin schedules that).
   */
  async storedStatsFor(analystIds: readonly string[], sectorNames: readonly string[]) {
    const grades = new Map<string, AnalystSectorGrade>();
    for (const row of await this.repo.stats(analystIds, sectorNames)) {
      if (row.success_rate === null || row.grade === null) continue;
      grades.set(analystSectorKey(row.analyst_id, row.sector), {
        success_rate: percent(row.success_rate),
        grade: row.grade,
      });
    }
    return grades;
  }

  /**
   * A sector's analyst team, best first, with its creation date. A member's success rate and grade are
   * those the team was chosen on: over the team's look-back (3 years), not the whole record.
   */
  async team(sector: string) {
    await this.ensureFresh();
    const rows = await this.repo.team(sector);
    return rows.map((row) => ({
      analyst_id: row.analyst_id,
      name: row.name,
      firm: row.firm,
      rank: row.rank,
      success_rate: percent(row.success_rate),
      grade: row.grade,
      created_at: row.created_at.toISOString(),
    }));
  }

  /**
   * The analyst details dialog (spec 000 §2, §3): the analyst's past ratings in the sector of the
   * symbol, newest first, each judged over its horizon, with the sector's team creation date.
   */
  async pastPerformance(analystName: string, symbol: string): Promise<AnalystPastAlerts> {
    const company = await this.repo.company(symbol);
    if (!company) throw notFound(marketMessages.unknownSymbol(symbol));
    const sector = company.sector;
    if (sector === null) throw notFound(analystsMessages.noSector(symbol));
    // Names are not unique in principle: the analyst of that name who rated the sector most answers.
    const [analyst] = await this.repo.analystsNamed(analystName, sector);
    if (!analyst) throw notFound(analystsMessages.unknownAnalyst(analystName));

    await this.ensureFresh();
    const ratings = await this.repo.ratingFacts({ analystIds: [analyst.id], sector });
    const etf = etfOfSector.get(sector);
    let judged: JudgedRating[] = [];
    if (ratings.length > 0) {
      const symbols = [...new Set(ratings.map((rating) => rating.symbol)), ...(etf ? [etf] : [])];
      // From a little before the first publication: the ETF's entry is its last close on or before it.
      const first = ratings.reduce(
        (day, rating) => (rating.publishedDay < day ? rating.publishedDay : day),
        '9999',
      );
      const series = await this.repo.closeSeries({ symbols, from: shiftDays(first, -10) });
      judged = ratings.map((rating) =>
        judgeRating(rating, series.get(rating.symbol), etf ? series.get(etf) : undefined),
      );
    }
    const createdAt = await this.repo.teamCreatedAt(sector);
    return {
      team_update: createdAt?.toISOString() ?? null,
      sector,
      rows: judged
        .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || (a.id < b.id ? 1 : -1))
        .map(pastPerformanceRow),
    };
  }
}

function pastPerformanceRow(rating: JudgedRating): PastPerformanceRow {
  return {
    pos_type: rating.rating,
    published: rating.publishedAt.toISOString(),
    ticker: rating.symbol,
    entry_price: rating.entryPrice,
    target: rating.target,
    target_date: rating.targetDate,
    reached_target: bit(rating.outcome.reachedTarget),
    outperform_sector: bit(rating.outcome.outperformed),
    success: bit(rating.outcome.success),
    decided: bit(rating.outcome.decided),
  };
}

/** analyst_sector_stats rows: the record of each (analyst, sector) pair that has ratings. */
function statsRows(judged: readonly JudgedRating[]): StatsRow[] {
  const groups = new Map<string, JudgedRating[]>();
  for (const rating of judged) {
    const key = analystSectorKey(rating.analystId, rating.sector);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(rating);
  }
  return [...groups.values()].map((group) => {
    const record = recordOf(group);
    return {
      analyst_id: group[0]!.analystId,
      sector: group[0]!.sector,
      ratings: record.ratings,
      decided: record.decided,
      successes: record.successes,
      reached: record.reached,
      outperformed: record.outperformed,
      success_rate: record.successRate === null ? null : storedRate(record.successRate),
      grade: record.grade,
    };
  });
}

/**
 * A sector whose team has the same members as the stored one keeps its creation date (ranks and rates
 * may move); a sector whose members changed gets a new team, created the day it formed (not the day
 * it was first computed: a fresh install does not show every team as formed today).
 */
function keepCreationDates(teams: readonly NewTeamRow[], stored: readonly TeamRow[], now: Date): TeamRow[] {
  const membersOf = (rows: readonly { sector: string; analyst_id: string }[]) => {
    const members = new Map<string, string[]>();
    for (const row of rows) members.set(row.sector, [...(members.get(row.sector) ?? []), row.analyst_id]);
    return new Map([...members].map(([sector, ids]) => [sector, ids.sort().join(',')]));
  };
  const before = membersOf(stored);
  const after = membersOf(teams);
  const createdBefore = new Map(stored.map((row) => [row.sector, row.created_at]));
  return teams.map(({ formedOn, ...row }) => {
    if (before.get(row.sector) === after.get(row.sector))
      return { ...row, created_at: createdBefore.get(row.sector)! };
    // A new team: the day its members became the team (the close of that New York day), never after now.
    const formed = new Date(`${formedOn}T21:00:00Z`);
    return { ...row, created_at: formed.getTime() < now.getTime() ? formed : now };
  });
}

/** How long a recompute computes before it lets the event loop serve others (ms). */
const sliceMs = 8;

interface TimeSlice {
  /** True once the current slice has run `sliceMs`. */
  due(): boolean;
  /** Lets pending I/O (requests, sockets) run, then starts a new slice. */
  yield(): Promise<void>;
}

function timeSlice(): TimeSlice {
  let began = performance.now();
  return {
    due: () => performance.now() - began >= sliceMs,
    yield: () =>
      new Promise<void>((resolve) =>
        setImmediate(() => {
          began = performance.now();
          resolve();
        }),
      ),
  };
}

/** A team row before its creation date is settled, with the day its member set formed. */
type NewTeamRow = Omit<TeamRow, 'created_at'> & { formedOn: string };

/** How far back the formation of a team is looked for, and in what steps (days). */
const teamFormationLookback = { steps: 52, stepDays: 7 } as const;

/**
 * The day a sector's team (its member set) formed: walking back a week at a time from `asOf`, the
 * earliest day of the run over which the team had these same members (a year at most).
 */
async function teamFormedOn(
  candidates: Parameters<typeof analystTeam>[0],
  team: readonly { analystId: string }[],
  asOf: string,
  slice: TimeSlice,
): Promise<string> {
  const members = team
    .map((member) => member.analystId)
    .sort()
    .join(',');
  let formed = asOf;
  for (let step = 1; step <= teamFormationLookback.steps; step++) {
    if (slice.due()) await slice.yield();
    const day = shiftDays(asOf, -step * teamFormationLookback.stepDays);
    const then = analystTeam(candidates, day)
      .map((member) => member.analystId)
      .sort()
      .join(',');
    if (then !== members) break;
    formed = day;
  }
  return formed;
}

/** The newest trading day among the closes: the day the facts reach. */
function newestDay(series: Map<string, CloseSeries>): string | null {
  let newest: string | null = null;
  for (const { dates } of series.values()) {
    const last = dates[dates.length - 1];
    if (last !== undefined && (newest === null || last > newest)) newest = last;
  }
  return newest;
}

function shiftDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
