import fs from 'node:fs/promises';
import path from 'node:path';
import { can, sectors, type Role } from '@insight/shared';
import { explainTeamPlace } from '@insight/shared/adminReports/explain';
import {
  adminReportsMessages as m,
  type AdminReportOptions,
  type ClientsPortfoliosJobParams,
  type ExplainResponse,
} from '@insight/shared/adminReports/schemas';
import { analystTeamDefaults, type TeamRating } from '@insight/shared/analysts/team';
import { analyticsRepo } from '../analysts/repo';
import { judgeRating, type CloseSeries } from '../analysts/judge';
import type { JobContext, JobResult } from '../jobs/service';
import { mailJobResult } from '../jobs/delivery';
import type { Db } from '../platform/db';
import { badRequest, forbidden, HttpError } from '../platform/errors';
import type { Mailer } from '../platform/mail';
import { portfolioWorkbook } from './excel';
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
    const name = `portfolio-user-${user.id}-${report.from}-to-${report.to}.xlsx`;
    const file = {
      path: path.join(ctx.outputDir, name),
      name,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
    await fs.writeFile(file.path, await portfolioWorkbook(report));
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
      const ratings = await this.analytics.ratingFacts({ sector });
      const etf = etfOfSector.get(sector);
      const symbols = [...new Set([...ratings.map((r) => r.symbol), ...(etf ? [etf] : [])])];
      const series = await this.analytics.closeSeries({ symbols });
      const newest = [...series.values()].reduce<string | null>((latest, s) => {
        const last = s.dates.at(-1);
        return last !== undefined && (latest === null || last > latest) ? last : latest;
      }, null);
      const end = monthEnd(input.month);
      const asOf = newest !== null && newest < end ? newest : end > today ? today : end;
      const etfSeries = knownBy(etf ? series.get(etf) : undefined, asOf);
      const byAnalyst = new Map<string, TeamRating[]>();
      for (const rating of ratings) {
        if (rating.publishedDay > asOf) continue;
        const judged = judgeRating(rating, knownBy(series.get(rating.symbol), asOf), etfSeries);
        let list = byAnalyst.get(rating.analystId);
        if (!list) byAnalyst.set(rating.analystId, (list = []));
        list.push({
          published: judged.publishedDay,
          outcome: judged.outcome,
          horizonEnded: judged.targetDate !== null,
        });
      }
      const candidates = [...byAnalyst].map(([analystId, list]) => ({ analystId, ratings: list }));
      const names = await this.repo.analystNames([...byAnalyst.keys(), analyst.id]);
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
