import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { newYorkDate } from '@insight/shared/market/calendar';
import {
  analystSectorTrendParamsSchema,
  analystSectorTrendResponseSchema,
  marketDataAckSchema,
  marketDataCsvParamsSchema,
  marketDataJobKind,
  marketDataParamsSchema,
  marketTrendsQuerySchema,
  marketTrendsResponseSchema,
  reportsApi,
  reportsMessages,
  type MarketDataJobResult,
} from '@insight/shared/reports/schemas';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { marketNow } from '../market/service';
import { HttpError, refusals } from '../platform/errors';
import { requireSession } from '../platform/session';
import {
  analystSectorTrend,
  MarketDataReports,
  marketTrends,
  type MarketDataJob,
  type ReportsDeps,
} from './service';

/**
 * The Market Data report and the market charts (issue 18; spec 002 §7.6, spec 001 §7), for every
 * investor ('tools.use'). The report is a job of the one runner: the call answers the
 * acknowledgement, the file waits in My reports and goes by mail when a recipient is given.
 */
const routes: FastifyPluginAsyncZod<{ config: Config }> = async (app, options) => {
  const deps: ReportsDeps = {
    db: app.db,
    cache: app.scanner.cache,
    mailer: app.mailer,
    today: () => newYorkDate(marketNow(app.ingestor.marketStatus()?.at)),
  };
  const reports = new MarketDataReports(deps);
  app.jobs.define<MarketDataJob>(marketDataJobKind, (ctx) => reports.run(ctx), { perUserLimit: 2 });

  app.get(
    reportsApi.marketData,
    {
      config: { access: 'tools.use', effect: 'write' },
      schema: { params: marketDataParamsSchema, response: { 200: marketDataAckSchema, ...refusals } },
    },
    async (request) => {
      const session = requireSession(request);
      const caller = { userId: session.userId, isAdmin: session.roles.includes('admin') };
      const job = await reports.check(caller, request.params);
      const jobId = await app.jobs.enqueue<MarketDataJob>(marketDataJobKind, session.userId, job);
      return reports.ack(jobId, job);
    },
  );

  // The report's CSV, beside its workbook: the owner's only (another user's job does not exist for them).
  app.get(
    reportsApi.marketDataCsv,
    { config: { access: 'tools.use', effect: 'read' }, schema: { params: marketDataCsvParamsSchema } },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const job = await app.jobs.get(request.params.id);
      if (!job || job.ownerId !== userId || job.kind !== marketDataJobKind)
        throw new HttpError(404, 'No such job');
      const csv = (job.result as MarketDataJobResult | null)?.csv;
      if (job.state !== 'done' || !csv) throw new HttpError(404, reportsMessages.noFile);
      const file = path.join(options.config.jobs.dir, job.id, path.basename(csv));
      const stat = await fs.stat(file).catch(() => null);
      if (!stat) throw new HttpError(404, 'The file is no longer kept');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-length', String(stat.size))
        .header('content-disposition', `attachment; filename="${path.basename(csv)}"`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file));
    },
  );

  app.get(
    reportsApi.marketTrends,
    {
      config: { access: 'tools.use', effect: 'read' },
      schema: {
        querystring: marketTrendsQuerySchema,
        response: { 200: marketTrendsResponseSchema, ...refusals },
      },
    },
    async (request) => marketTrends(deps, request.query),
  );

  app.get(
    reportsApi.analystSectorTrend,
    {
      config: { access: 'tools.use', effect: 'read' },
      schema: {
        params: analystSectorTrendParamsSchema,
        response: { 200: analystSectorTrendResponseSchema, ...refusals },
      },
    },
    async (request) => analystSectorTrend(deps, requireSession(request).userId, request.params),
  );
};

export const reportsRoutes = fp(routes, {
  name: 'reports',
  dependencies: ['db', 'session', 'jobs', 'scanner', 'mail'],
});
