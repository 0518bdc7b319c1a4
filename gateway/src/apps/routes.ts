import { rooms } from '@insight/shared';
import {
  addAppPortfolioBodySchema,
  addAppSymbolBodySchema,
  appMessages,
  appPortfolioChangedSchema,
  appPortfolioParamsSchema,
  appPortfolioResponseSchema,
  appPortfoliosParamsSchema,
  appPortfoliosResponseSchema,
  appsApi,
  appsResponseSchema,
  makeActiveBodySchema,
  myAppResponseSchema,
  notifyAllBodySchema,
  notifyAllResponseSchema,
  removeAppSymbolBodySchema,
  setEndMonthBodySchema,
  topRatings,
  topRatingsResponseSchema,
  toTopRatingAlert,
  type AppPortfolioDetail,
} from '@insight/shared/apps/schemas';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../audit/record';
import { requireSession } from '../platform/session';
import { AppsService, type Broadcaster } from './service';
import { refusals } from '../platform/errors';

declare module 'fastify' {
  interface FastifyInstance {
    apps: AppsService;
  }
}

const changed = { 200: appPortfolioChangedSchema, ...refusals };

/**
 * The app portfolio admin (spec 002 §2.8, §7.4; admins only, 'appPortfolios.manage'), the broadcast to
 * every user of an app ('app.notify') and the mobile view's reads (spec 002 §7.8).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  // Realtime is registered after the features; it is there by the time a request comes.
  const broadcaster = (): Broadcaster | null =>
    app.hasDecorator('realtime')
      ? {
          usersOnline: (flavor) => app.realtime.usersIn(rooms.app(flavor)),
          send: (message) => app.realtime.publish(rooms.app(message.app), 'app:message', message),
        }
      : null;
  const service = new AppsService(app.db, broadcaster);
  app.decorate('apps', service);

  /** An admin's change of an app portfolio goes to the audit log (issue 20), as it was and as it became. */
  const snapshot = (p: AppPortfolioDetail | null) =>
    p && {
      title: p.title,
      active: p.active,
      month: p.month,
      end_month: p.end_month,
      symbols: p.list?.map((s) => `${s.symbol} @ ${s.entry}`),
    };
  const audited = async (
    request: FastifyRequest,
    id: number | null,
    action: string,
    change: () => Promise<AppPortfolioDetail>,
  ) => {
    const before = id === null ? null : await service.portfolio(id, true).catch(() => null);
    const after = await change();
    await recordAudit(app.db, {
      actorId: requireSession(request).userId,
      entity: 'app_portfolio',
      entityId: after.id,
      action,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  };

  app.get(
    appsApi.apps,
    {
      config: { access: 'appPortfolios.manage', effect: 'read' },
      schema: { response: { 200: appsResponseSchema, ...refusals } },
    },
    async () => ({ data: await service.apps() }),
  );

  app.get(
    appsApi.portfolios,
    {
      config: { access: 'appPortfolios.manage', effect: 'read' },
      schema: {
        params: appPortfoliosParamsSchema,
        response: { 200: appPortfoliosResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await service.portfolios(request.params.app, request.params.activeOnly),
    }),
  );

  app.post(
    appsApi.addPortfolio,
    {
      config: { access: 'appPortfolios.manage', effect: 'write' },
      schema: { body: addAppPortfolioBodySchema, response: changed },
    },
    async (request) => {
      const { title, app: flavor, date } = request.body;
      const data = await audited(request, null, 'create', () =>
        service.addPortfolio({ title, app: flavor, month: date }),
      );
      return { status: true as const, msg: appMessages.portfolioAdded, data };
    },
  );

  app.get(
    appsApi.portfolio,
    {
      config: { access: 'appPortfolios.manage', effect: 'read' },
      schema: {
        params: appPortfolioParamsSchema,
        response: { 200: appPortfolioResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await service.portfolio(request.params.id, request.params.withList) }),
  );

  app.post(
    appsApi.makeActive,
    {
      config: { access: 'appPortfolios.manage', effect: 'write' },
      schema: { body: makeActiveBodySchema, response: changed },
    },
    async (request) => ({
      status: true as const,
      data: await audited(request, request.body.portfolio, 'set_active', () =>
        service.makeActive(request.body.portfolio, request.body.active),
      ),
    }),
  );

  app.post(
    appsApi.setEndMonth,
    {
      config: { access: 'appPortfolios.manage', effect: 'write' },
      schema: { body: setEndMonthBodySchema, response: changed },
    },
    async (request) => ({
      status: true as const,
      data: await audited(request, request.body.portfolio, 'set_end_month', () =>
        service.setEndMonth(request.body.portfolio, request.body.value),
      ),
    }),
  );

  app.post(
    appsApi.addSymbol,
    {
      config: { access: 'appPortfolios.manage', effect: 'write' },
      schema: { body: addAppSymbolBodySchema, response: changed },
    },
    async (request) => {
      const { portfolio, symbol, entry } = request.body;
      const data = await audited(request, portfolio, 'add_symbol', () =>
        service.addSymbol(portfolio, symbol, entry),
      );
      return { status: true as const, data };
    },
  );

  app.post(
    appsApi.removeSymbol,
    {
      config: { access: 'appPortfolios.manage', effect: 'write' },
      schema: { body: removeAppSymbolBodySchema, response: changed },
    },
    async (request) => ({
      status: true as const,
      data: await audited(request, request.body.portfolio, 'remove_symbol', () =>
        service.removeSymbol(request.body.portfolio, request.body.symbol),
      ),
    }),
  );

  app.post(
    appsApi.notifyAll,
    {
      config: { access: 'app.notify', effect: 'write' },
      schema: { body: notifyAllBodySchema, response: { 200: notifyAllResponseSchema, ...refusals } },
    },
    async (request) =>
      service.notifyAll(requireSession(request).userId, request.body.app_flavor, request.body.msg),
  );

  app.get(
    appsApi.mine,
    {
      config: { access: 'account.self', effect: 'read' },
      schema: { response: { 200: myAppResponseSchema, ...refusals } },
    },
    async (request) => ({ data: await service.appOf(requireSession(request).userId) }),
  );

  app.get(
    appsApi.topRatings,
    {
      config: { access: 'feed.read', effect: 'read' },
      schema: { response: { 200: topRatingsResponseSchema, ...refusals } },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const { current } = await app.accounts.profilesOf(userId);
      const alerts = current === null ? [] : await app.alerts.list(current, userId);
      return { alerts: topRatings(alerts).map(toTopRatingAlert) };
    },
  );
};

export const appsRoutes = fp(routes, {
  name: 'apps',
  dependencies: ['db', 'session', 'market', 'accounts', 'alerts'],
});
