import { can, sectors, type Role } from '@insight/shared';
import { explainTeamPlace } from '@insight/shared/adminReports/explain';
import {
  adminReportsMessages as m,
  type AdminReportOptions,
  type ClientsPortfoliosJobParams,
  type ExplainResponse,
  type InvestmentPlJobParams,
  type SignalJobParams,
  type SignalSummary,
} from '@insight/shared/adminReports/schemas';
import { ratingHorizonTradingDays } from '@insight/shared/analysts/performance';
import {
  analystTeam,
  analystTeamDefaults,
  type TeamCandidate,
  type TeamRating,
} from '@insight/shared/analysts/team';
import { analyticsRepo } from '../analysts/repo';
import { judgeRating, type CloseSeries, type RatingFacts } from '../analysts/judge';
import type { JobContext, JobResult } from '../jobs/service';
import { mailJobResult } from '../jobs/delivery';
import type { Db } from '../platform/db';
import { badRequest, forbidden, HttpError } from '../platform/errors';
import type { Mailer } from '../platform/mail';
import { writeWorkbookFile } from '../platform/workbook';
import {
  investmentPlSummary,
  investmentPlWorkbook,
  portfolioWorkbook,
  signalWorkbook,
  type InvestmentPlRow,
  type SignalRow,
} from './excel';
import { portfolioReport } from './portfolioReport';
import { adminReportsRepo } from './repo';

/** Who asks: a system admin sees every account; a client admin only their own. */
export interface ReportCaller {
  userId: number;
  roles: readonly Role[];
}

export interface AdminReportsDeps {
  mailer: Mailer;
  /** The market's today (New York). */
  today: () => string;
  /** The profiles a user may use (the accounts service's answer). */
  profilesOf: (userId: number) => Promise<{ available: number[] }>;
}

const notFound = (message: string) => new HttpError(404, message);
const etfOfSector = new Map<string, string>(sectors.map((sector) => [sector.name, sector.symbol]));

/** The last calendar day of a YYYY-MM month. */
const monthEnd = (month: string) => {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, mon, 0)).toISOString().slice(0, 10);
};

/** A series cut to the days on or before `day`: what was known then. */
const knownBy = (series: CloseSeries | undefined, day: string): CloseSeries | undefined => {
  if (!series) return undefined;
  let end = series.dates.length;
  while (end > 0 && series.dates[end - 1]! > day) end -= 1;
  return end === series.dates.length
    ? series
    : { dates: series.dates.slice(0, end), closes: series.closes.slice(0, end) };
};

const displayName = (user: { email: string; first_name: string | null; last_name: string | null }) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;

/**
 * The admins' reports: the rules of who may be reported on, the Clients Portfolios job, and the
 * Research Analyst Team explanation. Knows nothing of HTTP: refusals are HttpErrors.
 */
export class AdminReportsService {
  private readonly repo;
  private readonly analytics;

  constructor(
    private readonly db: Db,
    private readonly deps: AdminReportsDeps,
  ) {
    this.repo = adminReportsRepo(db);
    this.analytics = analyticsRepo(db);
  }

  // ---- scope ----

  /** Null for a system admin (every account), else the client admin's account. */
  async scopeOf(caller: ReportCaller): Promise<number | null> {
    if (caller.roles.includes('admin')) return null;
    if (!can(caller.roles, 'tools.adminReports')) throw forbidden();
    const me = await this.repo.user(caller.userId);
    if (!me) throw forbidden();
    return me.account_id;
  }

  /** The user, when the caller may report on them: 404 unknown, 403 another account's. */
  async requireUser(caller: ReportCaller, userId: number) {
    const scope = await this.scopeOf(caller);
    const user = await this.repo.user(userId);
    if (!user) throw notFound(m.noSuchUser);
    if (scope !== null && user.account_id !== scope) throw forbidden(m.otherAccount);
    return user;
  }

  async options(caller: ReportCaller): Promise<AdminReportOptions> {
    const scope = await this.scopeOf(caller);
    const [users, analysts, profiles] = await Promise.all([
      this.repo.usersOf(scope),
      this.repo.analysts(),
      this.profilesFor(caller),
    ]);
    return {
      status: true,
      users: users.map((user) => ({
        id: user.id,
        email: user.email,
        name: displayName(user),
        hasFile: user.portfolio_id !== null,
        created: user.created ?? null,
      })),
      analysts: analysts.map((analyst) => ({
        id: analyst.id,
        name: analyst.name,
        firm: analyst.firm,
        ratings: Number(analyst.ratings),
      })),
      profiles,
    };
  }

  private async profilesFor(caller: ReportCaller) {
    if (caller.roles.includes('admin')) return this.repo.profiles(null);
    return this.repo.profiles((await this.deps.profilesOf(caller.userId)).available);
  }

  // ---- Clients Portfolios ----

  /** Checks a request before it is queued: the user in scope, with a file, a range not in the future. */
  async checkClientsPortfolios(caller: ReportCaller, params: ClientsPortfoliosJobParams) {
    const user = await this.requireUser(caller, params.user_id);
    if (params.from_date > this.deps.today()) throw badRequest(m.futureDate, 'from_date');
    const file = await this.db
      .selectFrom('portfolios')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!file) throw notFound(m.noFile);
  }

  /** The job: the report's workbook in the job's folder, mailed to the recipient. */
  async runClientsPortfolios(ctx: JobContext<ClientsPortfoliosJobParams>): Promise<JobResult> {
    const { params } = ctx;
    const total = 3;
    await ctx.progress({ done: 0, total, phase: 'Reading the portfolio' });
    const user = await this.repo.user(params.user_id);
    if (!user) throw new Error(m.noSuchUser);
    const report = await portfolioReport(
      this.db,
      { id: user.id, email: user.email, name: displayName(user) },
      { from: params.from_date, to: params.to_date },
      this.deps.today(),
    );
    if (!report) throw new Error(m.noFile);
    await ctx.progress({ done: 1, total, phase: 'Writing the workbook' });
    const file = await writeWorkbookFile(
      ctx.outputDir,
      `portfolio-user-${user.id}-${report.from}-to-${report.to}.xlsx`,
      await portfolioWorkbook(report),
    );
    await ctx.progress({ done: 2, total, phase: 'Sending the e-mail' });
    const result: JobResult = { file, result: report.totals };
    await mailJobResult(
      this.deps.mailer,
      {
        to: params.email,
        subject: `Portfolio report: ${report.user.name}, ${report.from} to ${report.to}`,
        text: `The portfolio report of ${report.user.name} (user ${user.id}) from ${report.from} to ${report.to} is attached.`,
      },
      result,
    );
    await ctx.progress({ done: 3, total, phase: 'Sent' });
    return result;
  }

  // ---- Admin Investment PL ----

  /** The job: every file of the scope over the range, a row per user, in a workbook mailed to the recipient. */
  async runInvestmentPl(ctx: JobContext<InvestmentPlJobParams>): Promise<JobResult> {
    const { params } = ctx;
    const users = (await this.repo.usersOf(params.accountId)).filter((user) => user.portfolio_id !== null);
    const today = this.deps.today();
    const rows: InvestmentPlRow[] = [];
    let done = 0;
    await ctx.progress({ done, total: users.length + 1, phase: 'Reading the portfolios' });
    for (const user of users) {
      if (ctx.signal.aborted) throw new Error('cancelled');
      const report = await portfolioReport(
        this.db,
        { id: user.id, email: user.email, name: displayName(user) },
        { from: params.from_date, to: params.to_date },
        today,
      );
      if (report) rows.push({ accountId: user.account_id, user: report.user, totals: report.totals });
      done += 1;
      await ctx.progress({ done, total: users.length + 1, phase: `Portfolio of user ${user.id}` });
    }
    const summary = investmentPlSummary(rows);
    const file = await writeWorkbookFile(
      ctx.outputDir,
      `investment-pl-${params.from_date}-to-${params.to_date}.xlsx`,
      await investmentPlWorkbook(rows, summary, params),
    );
    const result: JobResult = { file, result: summary };
    await mailJobResult(
      this.deps.mailer,
      {
        to: params.email,
        subject: `Investment P&L: ${params.from_date} to ${params.to_date}`,
        text: `The profit and loss of ${rows.length} portfolio${rows.length === 1 ? '' : 's'} from ${params.from_date} to ${params.to_date} is attached.`,
      },
      result,
    );
    await ctx.progress({ done: users.length + 1, total: users.length + 1, phase: 'Sent' });
    return result;
  }

  // ---- Admin signal ----

  /** A signal report's months: not after the current month. */
  checkMonths(start: string, end: string) {
    const month = this.deps.today().slice(0, 7);
    if (start > month) throw badRequest(m.futureMonth, 'start_month');
    if (end > month) throw badRequest(m.futureMonth, 'end_month');
  }

  /** A sector's ratings and the closes judging them needs (its stocks' and its ETF's). */
  private async sectorFacts(sector: string): Promise<SectorFacts> {
    const ratings = await this.analytics.ratingFacts({ sector });
    const etf = etfOfSector.get(sector) ?? null;
    const symbols = [...new Set([...ratings.map((r) => r.symbol), ...(etf ? [etf] : [])])];
    const series = await this.analytics.closeSeries({ symbols });
    const newest = [...series.values()].reduce<string | null>((latest, s) => {
      const last = s.dates.at(-1);
      return last !== undefined && (latest === null || last > latest) ? last : latest;
    }, null);
    return { sector, ratings, series, etf, newest };
  }

  /**
   * The job: the signals of the month range — ratings published by analysts who were in their
   * sector's team when they published (the team as of the end of the month before, judged on what
   * was known then) — each with how it has worked out since, as a mailed workbook.
   */
  async runSignal(ctx: JobContext<SignalJobParams>): Promise<JobResult> {
    const { params } = ctx;
    const sectorNames =
      params.sector === 0 ? sectors.map((s) => s.name) : [sectors.find((s) => s.id === params.sector)!.name];
    const months = monthsBetween(params.start_month, params.end_month);
    const signals: SignalRow[] = [];
    let done = 0;
    const total = sectorNames.length + 1;
    for (const sector of sectorNames) {
      if (ctx.signal.aborted) throw new Error('cancelled');
      await ctx.progress({ done, total, phase: `Signals of ${sector}`, sector });
      const facts = await this.sectorFacts(sector);
      const etfSeries = facts.etf ? facts.series.get(facts.etf) : undefined;
      for (const month of months) {
        const teamDay = previousMonthEnd(month);
        const team = new Map(
          analystTeam(candidatesAsOf(facts, teamDay), teamDay, analystTeamDefaults).map((m) => [
            m.analystId,
            m,
          ]),
        );
        if (team.size === 0) continue;
        for (const rating of facts.ratings) {
          if (rating.publishedDay.slice(0, 7) !== month) continue;
          const member = team.get(rating.analystId);
          if (!member) continue;
          const judged = judgeRating(rating, facts.series.get(rating.symbol), etfSeries);
          const move = sinceEntry(rating, facts.series.get(rating.symbol), etfSeries);
          signals.push({
            sector,
            published: rating.publishedDay,
            symbol: rating.symbol,
            rating: rating.rating,
            analystId: rating.analystId,
            teamRank: member.rank,
            entry: rating.entryPrice,
            target: rating.target,
            last: move?.last ?? null,
            lastDate: move?.lastDate ?? null,
            returnPercent: move?.stock ?? null,
            etfReturnPercent: move?.etf ?? null,
            reachedTarget: judged.outcome.reachedTarget,
            outperformed: judged.outcome.outperformed,
            success: judged.outcome.success,
            decided: judged.outcome.decided,
          });
        }
      }
      done += 1;
    }
    const names = await this.repo.analystNames([...new Set(signals.map((s) => s.analystId))]);
    for (const signal of signals) signal.analyst = names.get(signal.analystId) ?? signal.analystId;
    signals.sort((a, b) => a.published.localeCompare(b.published) || a.symbol.localeCompare(b.symbol));
    const decided = signals.filter((s) => s.decided);
    const summary: SignalSummary = {
      signals: signals.length,
      decided: decided.length,
      successes: decided.filter((s) => s.success).length,
    };
    await ctx.progress({ done, total, phase: 'Writing the workbook' });
    const file = await writeWorkbookFile(
      ctx.outputDir,
      `signals-${params.start_month}-to-${params.end_month}.xlsx`,
      await signalWorkbook(signals, summary, params),
    );
    const result: JobResult = { file, result: summary };
    await mailJobResult(
      this.deps.mailer,
      {
        to: params.email,
        subject: `Signal report: ${params.start_month} to ${params.end_month}`,
        text: `${signals.length} team signal${signals.length === 1 ? '' : 's'} from ${params.start_month} to ${params.end_month} are in the attached file.`,
      },
      result,
    );
    await ctx.progress({ done: total, total, phase: 'Sent' });
    return result;
  }

  // ---- Research Analyst Team: explain ----

  async explain(
    caller: ReportCaller,
    input: { month: string; analyst: string; sector: number; profile: number },
  ): Promise<ExplainResponse> {
    const analyst = await this.repo.analyst(input.analyst);
    if (!analyst) throw notFound(m.unknownAnalyst);
    if (input.sector === 0 && input.profile === 0) throw badRequest(m.explainNeedsScope, 'sector');
    const today = this.deps.today();
    if (input.month > today.slice(0, 7)) throw badRequest(m.futureMonth, 'month');

    let profile: { id: number; name: string } | null = null;
    let sectorNames: string[];
    if (input.sector !== 0) {
      const sector = sectors.find((s) => s.id === input.sector);
      if (!sector) throw badRequest('sector must be a sector id or 0', 'sector');
      sectorNames = [sector.name];
    } else {
      profile = (await this.profilesFor(caller)).find((p) => p.id === input.profile) ?? null;
      if (!profile) throw notFound(m.unknownProfile);
      // A profile follows the teams of its sectors; profiles hold no sectors of their own yet, so
      // every profile (like Default) follows every sector's team.
      sectorNames = sectors.map((s) => s.name);
    }

    const params = analystTeamDefaults;
    const out: ExplainResponse['sectors'] = [];
    for (const sector of sectorNames) {
      const facts = await this.sectorFacts(sector);
      const end = monthEnd(input.month);
      const asOf = facts.newest !== null && facts.newest < end ? facts.newest : end > today ? today : end;
      const candidates = candidatesAsOf(facts, asOf);
      const names = await this.repo.analystNames([...candidates.map((c) => c.analystId), analyst.id]);
      out.push(explainTeamPlace(candidates, analyst.id, sector, asOf, params, (id) => names.get(id) ?? id));
    }

    const ret = retText(analyst.name, input.month, profile, out);
    return {
      status: true,
      ret,
      analyst: { id: analyst.id, name: analyst.name, firm: analyst.firm },
      month: input.month,
      mode: input.sector !== 0 ? 'sector' : 'profile',
      profile,
      params: { ...params },
      sectors: out,
    };
  }
}

interface SectorFacts {
  sector: string;
  ratings: RatingFacts[];
  series: Map<string, CloseSeries>;
  etf: string | null;
  newest: string | null;
}

/** The sector's candidates for its team on `asOf`: each rating published by then, judged on the closes known by then. */
function candidatesAsOf(facts: SectorFacts, asOf: string): TeamCandidate[] {
  const etfSeries = knownBy(facts.etf ? facts.series.get(facts.etf) : undefined, asOf);
  const byAnalyst = new Map<string, TeamRating[]>();
  for (const rating of facts.ratings) {
    if (rating.publishedDay > asOf) continue;
    const judged = judgeRating(rating, knownBy(facts.series.get(rating.symbol), asOf), etfSeries);
    let list = byAnalyst.get(rating.analystId);
    if (!list) byAnalyst.set(rating.analystId, (list = []));
    list.push({
      published: judged.publishedDay,
      outcome: judged.outcome,
      horizonEnded: judged.targetDate !== null,
    });
  }
  return [...byAnalyst].map(([analystId, ratings]) => ({ analystId, ratings }));
}

/** YYYY-MM months from `from` to `to`, both inclusive. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > to) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** The last day of the month before a YYYY-MM month. */
const previousMonthEnd = (month: string) => {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, mon - 1, 0)).toISOString().slice(0, 10);
};

/** The stock's and the ETF's move from the rating's entry to the last close of its horizon so far, in percent. */
function sinceEntry(rating: RatingFacts, stock: CloseSeries | undefined, etf: CloseSeries | undefined) {
  if (!stock) return null;
  const after = stock.dates.findIndex((day) => day > rating.publishedDay);
  if (after < 0) return null;
  const lastIndex = Math.min(stock.dates.length, after + ratingHorizonTradingDays) - 1;
  const lastDate = stock.dates[lastIndex]!;
  const last = stock.closes[lastIndex]!;
  const pct = (from: number, to: number) => Math.round(((to - from) / from) * 10_000) / 100;
  let etfMove: number | null = null;
  if (etf) {
    const entryAt = etf.dates.findLastIndex((day) => day <= rating.publishedDay);
    const endAt = etf.dates.findLastIndex((day) => day <= lastDate);
    if (entryAt >= 0 && endAt >= 0) etfMove = pct(etf.closes[entryAt]!, etf.closes[endAt]!);
  }
  return { last, lastDate, stock: pct(rating.entryPrice, last), etf: etfMove };
}

/** The answer as readable text (spec 002 §7.6 `ret`): a verdict per sector and each rule's numbers. */
function retText(
  analyst: string,
  month: string,
  profile: { name: string } | null,
  sectorsOut: ExplainResponse['sectors'],
): string {
  const lines: string[] = [];
  if (profile) {
    const member = sectorsOut.filter((s) => s.inTeam).map((s) => s.sector);
    lines.push(
      member.length > 0
        ? `${analyst} is in the analyst team of profile ${profile.name} in ${month} for ${member.join(', ')}.`
        : `${analyst} is not in any analyst team of profile ${profile.name} in ${month}.`,
    );
  }
  for (const sector of sectorsOut) {
    if (profile && !sector.inTeam && sector.ratings === 0) continue;
    lines.push(sector.summary);
    for (const rule of sector.rules)
      lines.push(`- ${rule.passed ? 'Met' : 'Not met'}: ${rule.label}: ${rule.text}`);
  }
  if (profile && sectorsOut.every((s) => s.ratings === 0))
    lines.push(`${analyst} rated no stock of any sector by then.`);
  return lines.join('\n');
}
