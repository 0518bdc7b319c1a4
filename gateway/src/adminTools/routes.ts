import {
  addSymbolsBodySchema,
  addSymbolsJobKind,
  addSymbolsResponseSchema,
  adminToolsApi,
  adminToolsMessages,
  apiPath,
  copyFileQuerySchema,
  etfKeysResponseSchema,
  etfWeightsBodySchema,
  etfWeightsResponseSchema,
  setEarningDateBodySchema,
  statusMessageSchema,
  symbolsNoSectorsResponseSchema,
  orderUserParamsSchema,
  userOrdersResponseSchema,
  type AddSymbolsJobParams,
} from '@insight/shared';
import { newYorkDate } from '@insight/shared/market/calendar';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketNow } from '../market/service';
import { badRequest, refusals } from '../platform/errors';
import { requireSession } from '../platform/session';
import { AdminToolsService } from './service';

const systemAdmin = 'tools.systemAdmin' as const;

/** A user id of the copy path: a positive whole number, else "missing users". */
const userIdOf = (value: string | undefined) => {
  const id = Number(value);
  return value !== undefined && /^\d+$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * The system admins' utilities (issue 16 item 4): Add Symbols (a job on the job runner), symbols
 * without a sector, Update Earnings Date, User Orders by User ID, Copy portfolio from user to user;
 * and the ETF allocations the portfolio chart reads (every investor).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const today = () => newYorkDate(marketNow(app.ingestor.marketStatus()?.at));
  const service = new AdminToolsService(app.db, app.upstream, today);

  app.jobs.define<AddSymbolsJobParams>(addSymbolsJobKind, (ctx) => service.fetchSymbols(ctx), {
    perUserLimit: 1,
  });

  app.post(
    adminToolsApi.addSymbols,
    {
      config: { access: systemAdmin, effect: 'write' },
      schema: { body: addSymbolsBodySchema, response: { 200: addSymbolsResponseSchema, ...refusals } },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const symbols = await service.symbolsToAdd(request.body.tickers, request.body.sector_id);
      if (symbols.length === 0) {
        return { status: true as const, count: 0, jobId: null, msg: 'Every symbol is already in the system' };
      }
      const jobId = await app.jobs.enqueue<AddSymbolsJobParams>(addSymbolsJobKind, userId, {
        symbols,
        sectorId: request.body.sector_id,
      });
      return {
        status: true as const,
        count: symbols.length,
        jobId,
        msg: `Adding ${symbols.length} ${symbols.length === 1 ? 'symbol' : 'symbols'}: ${symbols.join(', ')}`,
      };
    },
  );

  app.get(
    adminToolsApi.symbolsNoSectors,
    {
      config: { access: systemAdmin, effect: 'read' },
      schema: { response: { 200: symbolsNoSectorsResponseSchema, ...refusals } },
    },
    async () => ({ status: true as const, tickers: await service.symbolsWithoutSector() }),
  );

  app.post(
    adminToolsApi.setEarningDate,
    {
      config: { access: systemAdmin, effect: 'write' },
      schema: { body: setEarningDateBodySchema, response: { 200: statusMessageSchema, ...refusals } },
    },
    async (request) =>
      service.setEarningDate(request.body.ticker, request.body.earning_date, requireSession(request).userId),
  );

  app.get(
    adminToolsApi.userOrders,
    {
      config: { access: systemAdmin, effect: 'read' },
      schema: { params: orderUserParamsSchema, response: { 200: userOrdersResponseSchema, ...refusals } },
    },
    async (request) => ({
      msg: await service.orderSummary(request.params.id),
      url: apiPath(adminToolsApi.userOrdersCsv, { id: request.params.id }),
    }),
  );

  app.get(
    adminToolsApi.userOrdersCsv,
    { config: { access: systemAdmin, effect: 'read' }, schema: { params: orderUserParamsSchema } },
    async (request, reply) => {
      const csv = await service.ordersCsv(request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="user-${request.params.id}-orders.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  // The spec's GET changes the target's file ('write'). A missing id (an empty or absent segment)
  // answers "missing users", as the screen says.
  const copy = async (params: { from?: string; to?: string }, query: z.infer<typeof copyFileQuerySchema>) => {
    const from = userIdOf(params.from);
    const to = userIdOf(params.to);
    if (from === null || to === null)
      throw badRequest(adminToolsMessages.missingUsers, from === null ? 'from' : 'to');
    return service.copyFile(from, to, query.replace === 'true' || query.replace === '1');
  };
  const copyParams = z.object({ from: z.string().optional(), to: z.string().optional() });
  const copyOptions = {
    config: { access: systemAdmin, effect: 'write' as const },
    schema: {
      params: copyParams,
      querystring: copyFileQuerySchema,
      response: { 200: statusMessageSchema, ...refusals },
    },
  };
  app.get(adminToolsApi.copyFile, copyOptions, async (request) => copy(request.params, request.query));
  app.get('/api/file/copy_file_to_user/:from', copyOptions, async (request) =>
    copy(request.params, request.query),
  );
  app.get('/api/file/copy_file_to_user/', copyOptions, async (request) =>
    copy(request.params, request.query),
  );

  app.get(
    adminToolsApi.etfKeys,
    {
      config: { access: 'tools.use', effect: 'read' },
      schema: { response: { 200: etfKeysResponseSchema, ...refusals } },
    },
    async () => ({ status: true as const, keys: await service.etfKeys() }),
  );

  app.post(
    adminToolsApi.etfWeights,
    {
      // A read in substance, but a POST: the guard treats every POST as a write (no cross-site posts).
      config: { access: 'tools.use', effect: 'write' },
      schema: { body: etfWeightsBodySchema, response: { 200: etfWeightsResponseSchema, ...refusals } },
    },
    async (request) => ({ status: true as const, weights: await service.etfWeights(request.body.etfs) }),
  );
};

export const adminToolsRoutes = fp(routes, {
  name: 'adminTools',
  dependencies: ['db', 'session', 'market', 'jobs'],
});
