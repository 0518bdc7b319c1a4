import { rooms } from '@insight/shared';
import {
  lastMonthNotificationsSchema,
  lastMonthParamsSchema,
  markSeenParamsSchema,
  markSeenResponseSchema,
  notificationsApi,
  notificationsPageParamsSchema,
  notificationsPageSchema,
  notificationsReportParamsSchema,
} from '@insight/shared/notifications/schemas';
import {
  portfolioSettingsResponseSchema,
  updateSettingsBodySchema,
  updateSettingsResponseSchema,
} from '@insight/shared/portfolio/monitor';
import { portfolioApi, portfolioIdParamsSchema } from '@insight/shared/portfolio/schemas';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketNow } from '../market/service';
import { requireSession } from '../platform/session';
import { MonitorEngine } from './engine';
import { MonitorService, type Caller } from './service';
import { refusals } from '../platform/errors';

declare module 'fastify' {
  interface FastifyInstance {
    monitor: MonitorService;
    monitorEngine: MonitorEngine;
  }
}

const answering = <S extends z.ZodType>(schema: S) => ({ 200: schema, ...refusals });
const read = { access: 'portfolio.use' as const, effect: 'read' as const };
const write = { access: 'portfolio.use' as const, effect: 'write' as const };

const callerOf = (request: FastifyRequest): Caller => {
  const session = requireSession(request);
  return { userId: session.userId, admin: session.roles.includes('admin') };
};

/**
 * The portfolio monitor (issue 7): its settings and preferences calls, the notifications calls, and
 * the rule engine that runs as facts are ingested. A hit is pushed at once to the owner's sockets as
 * 'notification'. Investors only ('portfolio.use'); another user's file only for an admin.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const clock = { now: () => marketNow(app.ingestor.marketStatus()?.at) };
  // Realtime is registered after the features; it is there by the time a fact arrives.
  const engine = new MonitorEngine(
    app.db,
    clock,
    (userId, notification) => {
      if (app.hasDecorator('realtime'))
        app.realtime.publish(rooms.user(userId), 'notification', notification);
    },
    app.log.child({ module: 'monitor' }),
  );
  const service = new MonitorService(app.db, clock, ({ portfolioId, userId }) => {
    if (app.hasDecorator('realtime'))
      app.realtime.publish(rooms.user(userId), 'portfolio:changed', { portfolioId, kind: 'settings' });
    void engine.portfolio(portfolioId);
  });
  app.decorate('monitor', service);
  app.decorate('monitorEngine', engine);

  // ---- the rules, as facts arrive ----

  // The ingestion announces facts only on the node that stored them: the poller leader (and, for a
  // quote forced through the simulator's control, the node that polled it). So one evaluation
  // serves every user on every node; the unique key makes a second one store nothing.
  let closing = false;
  const pending = new Set<Promise<void>>();
  const track = (work: () => Promise<void>) => {
    if (closing) return;
    const running = work().catch((error: unknown) =>
      app.log.error({ err: error }, 'monitor evaluation failed'),
    );
    pending.add(running);
    void running.finally(() => pending.delete(running));
  };
  app.addHook('onReady', async () => {
    // Chained, so other listeners keep theirs.
    const { ratings, quotes, bars } = app.marketEvents;
    app.marketEvents.quotes = (symbols) => {
      quotes?.(symbols);
      track(() => engine.changed(symbols));
    };
    app.marketEvents.ratings = (ids) => {
      ratings?.(ids);
      track(async () => {
        const rows = await app.db.selectFrom('ratings').select('symbol').where('id', 'in', ids).execute();
        await engine.changed(rows.map((row) => row.symbol));
      });
    };
    app.marketEvents.bars = (symbols) => {
      bars?.(symbols);
      // A day closed: the daily rules (splits, ranks) over everything held, the others as well.
      track(() => engine.everything());
    };
    // Once this node's backfill is done: what happened while nothing evaluated.
    void app.ingestor.live.then(() => track(() => engine.everything()));
  });
  app.addHook('preClose', async () => {
    closing = true;
    await Promise.allSettled(pending);
  });

  // ---- settings and preferences ----

  app.get(
    portfolioApi.settings,
    {
      config: read,
      schema: { params: portfolioIdParamsSchema, response: answering(portfolioSettingsResponseSchema) },
    },
    async (request) => service.settings(callerOf(request), request.params.id),
  );

  app.post(
    portfolioApi.updateSettings,
    {
      config: write,
      schema: { body: updateSettingsBodySchema, response: answering(updateSettingsResponseSchema) },
    },
    async (request) => service.updateSettings(callerOf(request), request.body),
  );

  // ---- notifications ----

  app.get(
    notificationsApi.list,
    {
      config: read,
      schema: { params: notificationsPageParamsSchema, response: answering(notificationsPageSchema) },
    },
    async (request) =>
      service.page(callerOf(request), request.params.portfolio, request.params.count, request.params.offset),
  );

  app.get(
    notificationsApi.markSeen,
    { config: write, schema: { params: markSeenParamsSchema, response: answering(markSeenResponseSchema) } },
    async (request) => service.markSeen(callerOf(request), request.params.portfolio, request.params.count),
  );

  app.get(
    notificationsApi.lastMonth,
    {
      config: read,
      schema: { params: lastMonthParamsSchema, response: answering(lastMonthNotificationsSchema) },
    },
    async (request) => service.lastMonth(callerOf(request), request.params.id),
  );

  app.get(
    notificationsApi.report,
    {
      config: { access: 'tools.use' as const, effect: 'read' },
      schema: { params: notificationsReportParamsSchema, response: { 200: z.string(), ...refusals } },
    },
    async (request, reply) => {
      const { user, from, to } = request.params;
      const file = await service.report(callerOf(request), user, from, to);
      return reply
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(file.body);
    },
  );
};

export const monitorRoutes = fp(routes, {
  name: 'monitor',
  dependencies: ['db', 'session', 'market', 'portfolio'],
});
