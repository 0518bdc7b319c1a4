import { rooms } from '@insight/shared';
import {
  addBudgetBodySchema,
  addPositionsBodySchema,
  addPositionsResponseSchema,
  budgetResponseSchema,
  closeBodySchema,
  closedPositionsResponseSchema,
  createPortfolioBodySchema,
  deleteBodySchema,
  deleteResponseSchema,
  depositBodySchema,
  depositsResponseSchema,
  downloadQuerySchema,
  fundsHistorySchema,
  futureActionBodySchema,
  futureActionSavedSchema,
  futureActionsResponseSchema,
  lastDayListSchema,
  lastFundDateParamsSchema,
  lastFundDateResponseSchema,
  openPositionsResponseSchema,
  pieChartBodySchema,
  pieChartResponseSchema,
  portfolioApi,
  portfolioChartBodySchema,
  portfolioChartResponseSchema,
  portfolioIdParamsSchema,
  portfolioListSchema,
  portfolioSchema,
  sharpeResponseSchema,
  statusResponseSchema,
  unitPriceResponseSchema,
  userIdParamsSchema,
  symbolInFileParamsSchema,
  symbolInFileResponseSchema,
  portfolioTickersResponseSchema,
} from '@insight/shared/portfolio/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { marketNow } from '../market/service';
import { requireSession } from '../platform/session';
import { actionsTable, download, positionsTable, type DownloadFile } from './downloads';
import { PortfolioService, type Caller } from './service';
import { refusals } from '../platform/errors';

declare module 'fastify' {
  interface FastifyInstance {
    portfolio: PortfolioService;
  }
}

const answering = <S extends z.ZodType>(schema: S) => ({ 200: schema, ...refusals });
const read = { access: 'portfolio.use' as const, effect: 'read' as const };
const write = { access: 'portfolio.use' as const, effect: 'write' as const };
/** A write that creates something: a retry with the same Idempotency-Key answers the first answer. */
const creating = { ...write, idempotent: true };

/** The caller: an admin may act on any user's file. */
const callerOf = (request: FastifyRequest): Caller => {
  const session = requireSession(request);
  return { userId: session.userId, admin: session.roles.includes('admin') };
};

const send = (reply: FastifyReply, file: DownloadFile) =>
  reply
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .type(file.contentType)
    .send(file.body);

/**
 * The portfolio calls (spec 001 §7, spec 002 §7.6): one file per user, its funds, positions, closes,
 * future actions, charts and downloads. Investors only ('portfolio.use'); nobody reads or changes
 * another user's file but an admin. Every committed change is pushed to the owner's tabs as
 * 'portfolio:changed' so they refetch what it names.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const service = new PortfolioService(
    app.db,
    { now: () => marketNow(app.ingestor.marketStatus()?.at) },
    // Realtime is registered after the features; it is there by the time a request comes.
    (ownerId, change) => {
      if (app.hasDecorator('realtime'))
        app.realtime.publish(rooms.user(ownerId), 'portfolio:changed', change);
    },
  );
  app.decorate('portfolio', service);

  // ---- the file ----

  app.get(
    portfolioApi.isSymbolInFile,
    {
      config: read,
      schema: { params: symbolInFileParamsSchema, response: answering(symbolInFileResponseSchema) },
    },
    async (request) => ({
      in_file: (await service.heldSymbols(requireSession(request).userId)).includes(request.params.symbol),
    }),
  );

  app.get(
    portfolioApi.tickers,
    { config: read, schema: { response: answering(portfolioTickersResponseSchema) } },
    async (request) => ({ tickers: await service.heldSymbols(requireSession(request).userId) }),
  );

  app.post(
    portfolioApi.create,
    { config: creating, schema: { body: createPortfolioBodySchema, response: answering(portfolioSchema) } },
    async (request) => service.create(callerOf(request), request.body),
  );

  app.get(
    portfolioApi.list,
    { config: read, schema: { params: userIdParamsSchema, response: answering(portfolioListSchema) } },
    async (request) => service.list(callerOf(request), request.params.userId),
  );

  app.get(
    portfolioApi.lastDay,
    { config: read, schema: { params: userIdParamsSchema, response: answering(lastDayListSchema) } },
    async (request) => service.lastDay(callerOf(request), request.params.userId),
  );

  app.get(
    portfolioApi.unitPrice,
    {
      config: read,
      schema: { params: portfolioIdParamsSchema, response: answering(unitPriceResponseSchema) },
    },
    async (request) => service.unitPrice(callerOf(request), request.params.id),
  );

  app.get(
    portfolioApi.sharpe,
    {
      config: read,
      schema: { params: portfolioIdParamsSchema, response: answering(sharpeResponseSchema) },
    },
    async (request) => service.sharpe(callerOf(request), request.params.id),
  );

  app.get(
    portfolioApi.reset,
    {
      config: write,
      schema: { params: portfolioIdParamsSchema, response: answering(statusResponseSchema) },
    },
    async (request) => service.reset(callerOf(request), request.params.id),
  );

  // ---- funds ----

  app.post(
    portfolioApi.addBudget,
    { config: creating, schema: { body: addBudgetBodySchema, response: answering(budgetResponseSchema) } },
    async (request) => service.addBudget(callerOf(request), request.body),
  );

  app.post(
    portfolioApi.deposits,
    { config: creating, schema: { body: depositBodySchema, response: answering(budgetResponseSchema) } },
    async (request) => service.deposit(callerOf(request), request.body),
  );

  app.get(
    portfolioApi.depositsOf,
    {
      config: read,
      schema: { params: portfolioIdParamsSchema, response: answering(depositsResponseSchema) },
    },
    async (request) => ({ funds: await service.fundsHistory(callerOf(request), request.params.id) }),
  );

  app.get(
    portfolioApi.fundsHistory,
    { config: read, schema: { params: portfolioIdParamsSchema, response: answering(fundsHistorySchema) } },
    async (request) => service.fundsHistory(callerOf(request), request.params.id),
  );

  app.get(
    portfolioApi.lastFundDate,
    {
      config: read,
      schema: { params: lastFundDateParamsSchema, response: answering(lastFundDateResponseSchema) },
    },
    async (request) => service.lastFundDate(callerOf(request), request.params.userId, request.params.id),
  );

  // ---- positions ----

  app.post(
    portfolioApi.addPositions,
    {
      config: creating,
      schema: { body: addPositionsBodySchema, response: answering(addPositionsResponseSchema) },
    },
    async (request) => service.addPositions(callerOf(request), request.body),
  );

  app.get(
    portfolioApi.openPositions,
    {
      config: read,
      schema: { params: portfolioIdParamsSchema, response: answering(openPositionsResponseSchema) },
    },
    async (request) => {
      // The monitor feature (registered after this one) keeps the file's saved rules. They are read
      // alongside the positions and answered only with them (a refused file answers its refusal).
      const [answer, settings] = await Promise.all([
        service.openPositions(callerOf(request), request.params.id),
        app.hasDecorator('monitor') ? app.monitor.settingsOf(request.params.id) : null,
      ]);
      return settings === null ? answer : { ...answer, monitor_settings: settings.notification_settings };
    },
  );

  app.get(
    portfolioApi.closedPositions,
    {
      config: read,
      schema: { params: portfolioIdParamsSchema, response: answering(closedPositionsResponseSchema) },
    },
    async (request) => service.closedPositions(callerOf(request), request.params.id),
  );

  app.post(
    portfolioApi.close,
    { config: creating, schema: { body: closeBodySchema, response: answering(statusResponseSchema) } },
    async (request) => service.close(callerOf(request), request.body),
  );

  app.post(
    portfolioApi.delete,
    { config: write, schema: { body: deleteBodySchema, response: answering(deleteResponseSchema) } },
    async (request) => service.delete(callerOf(request), request.body.scurity_ids),
  );

  // ---- future actions ----

  app.post(
    portfolioApi.addFutureAction,
    {
      config: creating,
      schema: { body: futureActionBodySchema, response: answering(futureActionSavedSchema) },
    },
    async (request) => service.addFutureAction(callerOf(request), request.body),
  );

  app.get(
    portfolioApi.futureActions,
    {
      config: read,
      schema: { params: portfolioIdParamsSchema, response: answering(futureActionsResponseSchema) },
    },
    async (request) => ({ list: (await service.futureActions(callerOf(request), request.params.id)).list }),
  );

  // ---- charts ----

  app.post(
    portfolioApi.pieChart,
    { config: write, schema: { body: pieChartBodySchema, response: answering(pieChartResponseSchema) } },
    async (request) => service.pieChart(callerOf(request), request.body.pid),
  );

  app.post(
    portfolioApi.chart,
    {
      config: write,
      schema: { body: portfolioChartBodySchema, response: answering(portfolioChartResponseSchema) },
    },
    async (request) => service.chart(callerOf(request), request.body),
  );

  // ---- downloads (page navigation: a file, or a JSON refusal) ----

  app.get(
    portfolioApi.downloadPositions,
    {
      config: read,
      schema: { params: portfolioIdParamsSchema, querystring: downloadQuerySchema, response: refusals },
    },
    async (request, reply) => {
      const { file, today, open, closed } = await service.allPositions(callerOf(request), request.params.id);
      const table = positionsTable(open, closed);
      return send(
        reply,
        await download(table, request.query.format, `portfolio-${file.id}-positions-${today}`),
      );
    },
  );

  app.get(
    portfolioApi.downloadActions,
    {
      config: read,
      schema: { params: portfolioIdParamsSchema, querystring: downloadQuerySchema, response: refusals },
    },
    async (request, reply) => {
      const { file, list } = await service.futureActions(
        callerOf(request),
        request.params.id,
        request.query.symbols,
      );
      const stem = `portfolio-${file.id}-actions-${service.today()}`;
      return send(reply, await download(actionsTable(list), request.query.format, stem));
    },
  );
};

export const portfolioRoutes = fp(routes, { name: 'portfolio', dependencies: ['db', 'session', 'market'] });
