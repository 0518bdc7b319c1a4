import { emptyFilterSet, filterSetSchema } from '@insight/shared';
import { filterAlerts } from '@insight/shared/alerts/filter';
import type { AlertFact } from '@insight/shared/backtest/alerts';
import { newYorkDate } from '@insight/shared/market/calendar';
import {
  alertsBacktestBodySchema,
  backtestAcceptedSchema,
  backtestApi,
  backtestExcelBodySchema,
  backtestGraphBodySchema,
  backtestGraphResponseSchema,
  backtestJobKinds,
  backtestMessages,
  strategyBodySchema,
  type BacktestGraphResponse,
} from '@insight/shared/backtest/schemas';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailJobResult } from '../jobs/delivery';
import type { JobResult } from '../jobs/service';
import { marketNow } from '../market/service';
import { HttpError, refusals } from '../platform/errors';
import { requireSession } from '../platform/session';
import { writeWorkbookFile } from '../platform/workbook';
import { backtestRepo } from './repo';
import { backtestWorkbook, dayLabel } from './excel';
import {
  alertsBacktest,
  alertsOf,
  checkUniverse,
  rangeOf,
  strategyBacktest,
  symbolsBacktest,
  type DayRange,
  type StrategyDecision,
  type StrategyParams,
} from './service';

interface ExcelJobParams {
  range: DayRange;
  tickers: string[];
  benchmarks: string[];
  email: string;
}
interface StrategyJobParams extends StrategyParams {
  email: string;
}
interface AlertsJobParams {
  range: DayRange;
  analystId?: string;
  /** The alerts to follow when chosen by a filter (worked out when asked). */
  alerts?: AlertFact[];
  benchmarks: string[];
  email: string;
  name: string;
}

/**
 * The backtests (spec 002 §2.4, §7.6; issue 18): the Backtest chart (everyone), its Excel by mail,
 * the Strategy Backtest (admins), and the alerts backtests ("Backtest this analyst"). The mailed ones
 * are jobs of the product's one runner: the file is written in the job's folder, mailed, and stays
 * in My reports.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const now = () => marketNow(app.ingestor.marketStatus()?.at);

  /** Writes the workbook into the job's folder and mails it. */
  const deliver = async (
    outputDir: string,
    name: string,
    buffer: Buffer,
    mail: { to: string; subject: string; text: string },
  ): Promise<JobResult> => {
    const result: JobResult = { file: await writeWorkbookFile(outputDir, name, buffer) };
    await mailJobResult(app.mailer, mail, result);
    return result;
  };
  const period = (result: BacktestGraphResponse) => `${dayLabel(result.start)} – ${dayLabel(result.end)}`;

  app.jobs.define<ExcelJobParams>(
    backtestJobKinds.excel,
    async (ctx) => {
      await ctx.progress({ done: 0, total: 2, phase: 'Reading prices' });
      const result = await symbolsBacktest(app.db, ctx.params);
      await ctx.progress({ done: 1, total: 2, phase: 'Writing the workbook' });
      const buffer = await backtestWorkbook(`Backtest: ${ctx.params.tickers.join(', ')}`, result);
      const delivered = await deliver(ctx.outputDir, `backtest-${result.start}-${result.end}.xlsx`, buffer, {
        to: ctx.params.email,
        subject: 'Insight backtest',
        text: `Your backtest of ${ctx.params.tickers.join(', ')} for ${period(result)} is attached.`,
      });
      await ctx.progress({ done: 2, total: 2 });
      return delivered;
    },
    { perUserLimit: 2 },
  );

  app.jobs.define<StrategyJobParams>(
    backtestJobKinds.strategy,
    async (ctx) => {
      const result = await strategyBacktest(
        { db: app.db, cache: app.scanner.cache },
        ctx.params,
        (done, total, phase) => ctx.progress({ done, total, phase }),
        ctx.signal,
      );
      const buffer = await backtestWorkbook('Strategy backtest', result, result.decisions);
      const delivered = await deliver(
        ctx.outputDir,
        `strategy-backtest-${result.start}-${result.end}.xlsx`,
        buffer,
        {
          to: ctx.params.email,
          subject: 'Insight strategy backtest',
          text: `Your strategy backtest (${ctx.params.numFiles} portfolios of ${ctx.params.numTickers} stocks, held ${ctx.params.numInvMonths} months) for ${period(result)} is attached.`,
        },
      );
      const total = result.decisions.length + 1;
      await ctx.progress({ done: total, total });
      return {
        ...delivered,
        result: {
          decisions: result.decisions.map((d: StrategyDecision) => ({
            day: d.day,
            month: d.month,
            exit: d.exit,
            portfolios: d.portfolios.map((list) => list.map((pick) => pick.ticker)),
          })),
          stats: result.series.map((s) => ({ name: s.name, ...s.stats })),
        },
      };
    },
    { perUserLimit: 1 },
  );

  app.jobs.define<AlertsJobParams>(
    backtestJobKinds.alerts,
    async (ctx) => {
      await ctx.progress({ done: 0, total: 2, phase: 'Following the alerts' });
      const alerts = ctx.params.alerts ?? (await alertsOf(app.db, ctx.params.range, ctx.params.analystId));
      const result = await alertsBacktest(app.db, { ...ctx.params, alerts });
      await ctx.progress({ done: 1, total: 2, phase: 'Writing the workbook' });
      const buffer = await backtestWorkbook(`Backtest: ${ctx.params.name}`, result);
      const delivered = await deliver(
        ctx.outputDir,
        `alerts-backtest-${result.start}-${result.end}.xlsx`,
        buffer,
        {
          to: ctx.params.email,
          subject: `Insight backtest: ${ctx.params.name}`,
          text: `Your backtest of ${ctx.params.name} for ${period(result)} is attached.`,
        },
      );
      await ctx.progress({ done: 2, total: 2 });
      return delivered;
    },
    { perUserLimit: 2 },
  );

  app.post(
    backtestApi.graph,
    {
      config: { access: 'tools.use', effect: 'write' },
      schema: { body: backtestGraphBodySchema, response: { 200: backtestGraphResponseSchema, ...refusals } },
    },
    async (request) => {
      const { start_month, end_month, tickers, benchmarks = [] } = request.body;
      return symbolsBacktest(app.db, { range: rangeOf(start_month, end_month, now()), tickers, benchmarks });
    },
  );

  app.post(
    backtestApi.excel,
    {
      config: { access: 'tools.use', effect: 'write' },
      schema: { body: backtestExcelBodySchema, response: { 200: backtestAcceptedSchema, ...refusals } },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const { start_month, end_month, tickers, benchmarks = [], email } = request.body;
      if (tickers.length === 0) throw new HttpError(400, backtestMessages.noTickers, 'tickers');
      const range = rangeOf(start_month, end_month, now());
      const jobId = await app.jobs.enqueue<ExcelJobParams>(backtestJobKinds.excel, userId, {
        range,
        tickers,
        benchmarks,
        email,
      });
      return { status: true as const, msg: backtestMessages.excelAccepted, jobId };
    },
  );

  app.post(
    backtestApi.strategy,
    {
      config: { access: 'tools.adminReports', effect: 'write' },
      schema: { body: strategyBodySchema, response: { 200: backtestAcceptedSchema, ...refusals } },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const body = request.body;
      // Spec 002 §5: recipient, portfolio count and stock count are required.
      if (!body.email || typeof body.numFiles !== 'number' || typeof body.numTickers !== 'number')
        throw new HttpError(400, backtestMessages.missingData);
      const range = rangeOf(body.start_month, body.end_month, now());
      await checkUniverse(app.db, userId, body.universeId);
      const jobId = await app.jobs.enqueue<StrategyJobParams>(backtestJobKinds.strategy, userId, {
        range,
        universeId: body.universeId,
        numFiles: body.numFiles,
        numTickers: body.numTickers,
        numInvMonths: body.num_inv_months,
        userId,
        email: body.email,
      });
      return { status: true as const, msg: backtestMessages.strategyAccepted, jobId };
    },
  );

  /** Without `email` the chart's data at once; with it, a job that mails the workbook. */
  app.post(
    backtestApi.analyst,
    {
      config: { access: 'tools.use', effect: 'write' },
      schema: {
        body: alertsBacktestBodySchema,
        response: { 200: backtestGraphResponseSchema.or(backtestAcceptedSchema), ...refusals },
      },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const body = request.body;
      if (!body.analystId && !body.analyst)
        throw new HttpError(400, 'analystId: choose an analyst', 'analystId');
      const repo = backtestRepo(app.db);
      const analystId = body.analystId ?? (await repo.analystIdByName(body.analyst!));
      const name = analystId === null ? null : await repo.analystName(analystId);
      if (analystId === null || name === null) throw new HttpError(404, backtestMessages.unknownAnalyst);
      const range = alertsRange(body.start_month, body.end_month, now());
      const benchmarks = body.benchmarks ?? [];
      if (body.email) {
        const jobId = await app.jobs.enqueue<AlertsJobParams>(backtestJobKinds.alerts, userId, {
          range,
          analystId,
          benchmarks,
          email: body.email,
          name,
        });
        return { status: true as const, msg: backtestMessages.excelAccepted, jobId };
      }
      const alerts = await alertsOf(app.db, range, analystId);
      return alertsBacktest(app.db, { range, alerts, benchmarks, name });
    },
  );

  /**
   * "Backtest my filter": the feed's alerts of the caller's profile that pass the filter (spec 000 §5,
   * judged as the feed judges them), followed as "Backtest this analyst" follows one analyst's.
   */
  app.post(
    backtestApi.filter,
    {
      config: { access: 'feed.read', effect: 'write' },
      schema: {
        body: alertsBacktestBodySchema,
        response: { 200: backtestGraphResponseSchema.or(backtestAcceptedSchema), ...refusals },
      },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const body = request.body;
      const parsed = filterSetSchema.safeParse({ ...emptyFilterSet, ...(body.filter ?? {}) });
      if (!parsed.success) throw new HttpError(400, 'filter: not a filter of the feed', 'filter');
      const range = alertsRange(body.start_month, body.end_month, now());
      const { current } = await app.accounts.profilesOf(userId);
      const reachable = current ? await app.alerts.reachable(current, userId) : [];
      const followed = await backtestRepo(app.db).followed(userId);
      const alerts: AlertFact[] = filterAlerts(reachable, parsed.data, { quotes: {}, followed })
        .filter((alert) => alert.type === 1014 && alert.rating !== null)
        .map((alert) => ({
          id: String(alert.id),
          analyst: alert.analyst_name ?? '',
          symbol: alert.symbol,
          rating: alert.rating!,
          day: newYorkDate(new Date((alert.rated_at ?? alert.time) * 1000)),
        }))
        .filter((alert) => alert.day >= range.from && alert.day <= range.to)
        .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
      const benchmarks = body.benchmarks ?? [];
      const name = 'My filter';
      if (body.email) {
        const jobId = await app.jobs.enqueue<AlertsJobParams>(backtestJobKinds.alerts, userId, {
          range,
          alerts,
          benchmarks,
          email: body.email,
          name,
        });
        return { status: true as const, msg: backtestMessages.excelAccepted, jobId };
      }
      return alertsBacktest(app.db, { range, alerts, benchmarks, name });
    },
  );
};

/** The alerts backtests' period: the given months, else the last 12 months to yesterday. */
function alertsRange(start: string | undefined, end: string | undefined, now: Date): DayRange {
  const yearAgo = new Date(now);
  yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
  return rangeOf(start ?? yearAgo.toISOString().slice(0, 10), end ?? now.toISOString().slice(0, 10), now);
}

export const backtestRoutes = fp(routes, {
  name: 'backtest',
  dependencies: ['db', 'session', 'jobs', 'mail', 'market', 'scanner', 'accounts', 'alerts'],
});
