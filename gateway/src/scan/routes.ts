import { rooms } from '@insight/shared';
import {
  savedSettingSchema,
  scanApi,
  scannerSettingBodySchema,
  scannerSettingListSchema,
  scannerSettingSchema,
  scanQuerySchema,
  scanResponseSchema,
  settingIdParamsSchema,
  scanMessages,
  type ScanQuery,
  type ScanResponse,
} from '@insight/shared/scan/schemas';
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, refusals } from '../platform/errors';
import { requireSession, type Session } from '../platform/session';
import { xlsxContentType } from '../platform/workbook';
import { scanWorkbook } from './excel';
import {
  checkScan,
  runScan,
  ScanCache,
  ScannerSettingsService,
  type ScanEvent,
  type ScanParams,
} from './service';

declare module 'fastify' {
  interface FastifyInstance {
    scanner: { settings: ScannerSettingsService; cache: ScanCache };
  }
}

/** The job kind of a scan, and what it is queued with: the scan and where its pushes go. */
export const scanJobKind = 'scan';
interface ScanJobParams {
  scan: ScanParams;
  to: string;
}
/** How long a caller without a socket waits for the whole result. */
const scanWaitMs = 120_000;

const paramsOf = (session: Session, query: ScanQuery): ScanParams => ({
  scanId: query.scanId ?? randomUUID(),
  userId: session.userId,
  isAdmin: session.roles.includes('admin'),
  universeId: query.universe,
  settingId: query.settings,
  sectorIds: query.sectors,
  count: query.count,
  date: query.date,
  filters: query.tickerSelectionParams,
  reportParams: query.reportParams,
});

/**
 * Scanner settings and the opportunity scan (spec 002 §7.5), for every investor ('tools.use'); the
 * Excel export for system admins. The scan pushes its phases (`scan:progress`) and each sector's rows
 * (`scan:sector`) to the socket named by `socketId` (else to the user's sockets), and answers the whole
 * result too, for callers without a socket.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const settings = new ScannerSettingsService(app.db);
  const cache = new ScanCache();
  app.decorate('scanner', { settings, cache });
  // Load the scan's facts once the gateway listens (after every onReady: the demo seed, migrations'
  // followers), so that the first scan finds them in memory.
  app.addHook('onListen', async () => {
    const warm = setTimeout(() => {
      cache.warming = cache.warmUp(app.db).catch((error: unknown) => {
        app.log.warn({ err: error }, 'scan warm-up failed');
      });
    }, 0);
    warm.unref();
  });
  // A scan is a job of the product's one runner: it is queued, capped per user and seen in My reports;
  // its phases and each sector's rows go to the socket that asked as they come.
  app.jobs.define<ScanJobParams>(
    scanJobKind,
    async (ctx) => {
      let sectorsDone = 0;
      const push = (event: ScanEvent) => {
        if (event.type === 'sector') {
          sectorsDone += 1;
          const total = ctx.params.scan.sectorIds.length;
          void ctx.progress({ done: sectorsDone, total, sector: event.payload.sector }).catch(() => {});
        }
        if (!app.hasDecorator('realtime')) return;
        if (event.type === 'progress') app.realtime.publish(ctx.params.to, 'scan:progress', event.payload);
        else app.realtime.publish(ctx.params.to, 'scan:sector', event.payload);
      };
      return { result: await runScan({ db: app.db, cache }, ctx.params.scan, push, ctx.signal) };
    },
    { perUserLimit: 2 },
  );
  app.addHook('onClose', async () => {
    await cache.warming;
    await cache.folding;
  });

  app.get(
    scanApi.settings,
    {
      config: { access: 'tools.use', effect: 'read' },
      schema: { response: { 200: scannerSettingListSchema, ...refusals } },
    },
    async (request) => settings.list(requireSession(request).userId),
  );
  // The spec's client calls `reportSettings/` with the trailing slash.
  app.get(
    `${scanApi.settings}/`,
    {
      config: { access: 'tools.use', effect: 'read' },
      schema: { response: { 200: scannerSettingListSchema, ...refusals } },
    },
    async (request) => settings.list(requireSession(request).userId),
  );

  app.get(
    scanApi.setting,
    {
      config: { access: 'tools.use', effect: 'read' },
      schema: { params: settingIdParamsSchema, response: { 200: scannerSettingSchema, ...refusals } },
    },
    async (request) => settings.get(requireSession(request).userId, request.params.id),
  );

  app.post(
    scanApi.settings,
    {
      config: { access: 'tools.use', effect: 'write' },
      schema: { body: scannerSettingBodySchema, response: { 200: savedSettingSchema, ...refusals } },
    },
    async (request) => settings.create(requireSession(request).userId, request.body),
  );

  app.put(
    scanApi.setting,
    {
      config: { access: 'tools.use', effect: 'write' },
      schema: {
        params: settingIdParamsSchema,
        body: scannerSettingBodySchema,
        response: { 200: savedSettingSchema, ...refusals },
      },
    },
    async (request) => settings.update(requireSession(request).userId, request.params.id, request.body),
  );

  app.get(
    scanApi.scan,
    {
      config: { access: 'tools.use', effect: 'read' },
      schema: { querystring: scanQuerySchema, response: { 200: scanResponseSchema, ...refusals } },
    },
    async (request) => {
      const session = requireSession(request);
      const scan = paramsOf(session, request.query);
      await checkScan({ db: app.db, cache }, scan);
      const to = request.query.socketId ?? rooms.user(session.userId);
      const jobId = await app.jobs.enqueue<ScanJobParams>(scanJobKind, session.userId, { scan, to });
      const job = await app.jobs.waitFor(jobId, scanWaitMs);
      if (job?.state === 'done') return job.result as ScanResponse;
      if (job === null) throw new HttpError(503, scanMessages.tooSlow);
      throw new HttpError(job.state === 'cancelled' ? 409 : 500, job.error ?? scanMessages.failed);
    },
  );

  app.get(
    scanApi.excel,
    { config: { access: 'tools.systemAdmin', effect: 'read' }, schema: { querystring: scanQuerySchema } },
    async (request, reply) => {
      const session = requireSession(request);
      const result = await runScan({ db: app.db, cache }, paramsOf(session, request.query));
      const buffer = await scanWorkbook(result);
      return reply
        .header('content-type', xlsxContentType)
        .header('content-disposition', `attachment; filename="opportunities-${result.asOf}.xlsx"`)
        .send(buffer);
    },
  );
};

export const scanRoutes = fp(routes, { name: 'scanner', dependencies: ['db', 'session', 'jobs'] });
