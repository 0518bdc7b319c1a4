import {
  alertActionBodySchema,
  alertsApi,
  errorBodySchema,
  financeInfoResponseSchema,
  rooms,
  statusBodySchema,
} from '@insight/shared';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketReadRepo } from '../market/read-repo';
import { requireSession } from '../platform/session';
import { AlertsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertsService;
  }
}

const refusals = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const routes: FastifyPluginAsyncZod = async (app) => {
  // The upstream's clock decides what "today" is (a simulated market may run ahead of the wall clock).
  const clock = () => {
    const at = app.ingestor.marketStatus()?.at;
    return at ? new Date(at) : new Date();
  };
  const service = new AlertsService(app.db, clock, app.log.child({ module: 'alerts' }));
  app.decorate('alerts', service);
  // Grades on alerts are the analytics' (per analyst and sector), never computed here.
  service.gradeLookup = (pairs) =>
    app.analytics.storedStatsFor(
      pairs.map((pair) => pair.analystId),
      pairs.map((pair) => pair.sector),
    );
  const quotesRepo = marketReadRepo(app.db);

  const profilesOf = (userId: number) => app.accounts.profilesOf(userId);

  app.post(
    alertsApi.financeInfo,
    {
      config: { access: 'feed.read' },
      schema: {
        // The path carries a user id and a session token (spec 000 §7); the cookie decides who asks.
        params: z.object({ id: z.string().max(100), session: z.string().max(200) }),
        response: { 200: financeInfoResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const started = performance.now();
      const session = requireSession(request);
      const { current } = await profilesOf(session.userId);
      const profileId = current ?? 0;
      const alertsStarted = performance.now();
      const alerts = profileId ? await service.list(profileId, session.userId) : [];
      const alertsMs = performance.now() - alertsStarted;
      const symbols = [...new Set(alerts.map((alert) => alert.symbol))];
      const quotes = Object.fromEntries(
        (await quotesRepo.quotes(symbols)).map((row) => [
          row.symbol,
          { lastPrice: Number(row.last_price), dailyChange: Number(row.daily_change) },
        ]),
      );
      return {
        info: {
          finance_info: { profile_id: profileId, market_open: app.ingestor.marketOpen(), quotes },
          alerts,
        },
        timings: { alerts_ms: Math.round(alertsMs), total_ms: Math.round(performance.now() - started) },
      };
    },
  );

  for (const [path, action] of [
    [alertsApi.dismiss, 'dismiss'],
    [alertsApi.execute, 'execute'],
  ] as const) {
    app.post(
      path,
      {
        config: { access: 'feed.read' },
        schema: { body: alertActionBodySchema, response: { 200: statusBodySchema, ...refusals } },
      },
      async (request) => {
        const session = requireSession(request);
        const { available } = await profilesOf(session.userId);
        await service.act(session.userId, available, request.body.alert_id, action);
        // The user's other tabs drop it too.
        pushRemoved(session.userId, request.body.alert_id);
        return { status: true };
      },
    );
  }

  // Evaluations and pushes under way: waited for at close, so none touches a closed database.
  const pending = new Set<Promise<void>>();
  let closing = false;
  const track = (work: () => Promise<void>) => {
    if (closing) return;
    const running = work().catch((error: unknown) =>
      app.log.error({ err: error }, 'alerts evaluation failed'),
    );
    pending.add(running);
    void running.finally(() => pending.delete(running));
  };

  /** Runs the rules over the stored facts and pushes each new alert to the sockets of its profile. */
  const evaluateAndPush = () =>
    track(async () => {
      const fresh = await service.evaluate();
      if (!app.hasDecorator('realtime')) return;
      for (const [profileId, ids] of fresh) {
        const alerts = await service.list(profileId, null, ids);
        // Oldest first, so a client that prepends ends with the newest on top.
        for (const alert of alerts.reverse())
          app.realtime.publish(rooms.profile(profileId), 'alert:new', alert);
      }
    });
  const pushRemoved = (userId: number, alertId: number) => {
    if (app.hasDecorator('realtime'))
      app.realtime.publish(rooms.user(userId), 'alert:removed', { id: alertId });
  };

  app.addHook('onReady', async () => {
    // New ratings and moved prices are the facts the rules read. Chained, so other listeners keep theirs.
    const { ratings, quotes } = app.marketEvents;
    app.marketEvents.ratings = (ids) => {
      ratings?.(ids);
      evaluateAndPush();
    };
    app.marketEvents.quotes = (symbols) => {
      quotes?.(symbols);
      evaluateAndPush();
    };
    if (app.hasDecorator('realtime'))
      app.realtime.setAlertsSnapshotProvider((profileId, userId) => service.list(profileId, userId));
    // The first evaluation after this node's backfill (when it polls, or takes polling over: what
    // was published meanwhile is caught up there); later ones follow new facts.
    void app.ingestor.live.then(evaluateAndPush);
  });
  app.addHook('preClose', async () => {
    closing = true;
    await Promise.allSettled(pending);
  });
};

export const alertsRoutes = fp(routes, {
  name: 'alerts',
  dependencies: ['market', 'session', 'accounts', 'analytics'],
});
