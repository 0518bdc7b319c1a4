import {
  alertActionBodySchema,
  alertFacetsQuerySchema,
  alertFacetsSchema,
  alertsApi,
  alertsPageQuerySchema,
  feedAlertsPageSchema,
  financeInfoResponseSchema,
  profileMessages,
  rooms,
  statusBodySchema,
  userAnalystListResponseSchema,
} from '@insight/shared';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RecentReads } from '../platform/recent';
import { requireSession, sessionRecheckMs } from '../platform/session';
import { feedAlertsJson, withFeedFields } from './feed-fields';
import { AlertsService } from './service';
import { HttpError, refusals } from '../platform/errors';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertsService;
  }
}

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

  const profilesOf = (userId: number) => app.accounts.profilesOf(userId);
  // The portfolio is registered after this plugin; it is there by the time a request comes.
  const heldSymbols = async (userId: number): Promise<string[]> =>
    app.hasDecorator('portfolio') ? app.portfolio.heldSymbols(userId) : [];

  /**
   * Who reads the feed: their profiles and the symbols their file holds open, kept as long as a
   * session is (sessionRecheckMs) for the feed's reads, and forgotten at every change the user makes
   * (below), so their own changes show at once; a change made for them by someone else within 2 s.
   */
  const viewers = new RecentReads<number, { current: number | null; available: number[]; held: Set<string> }>(
    sessionRecheckMs,
  );
  const viewerOf = (userId: number) =>
    viewers.get(userId, async () => {
      const [profiles, held] = await Promise.all([profilesOf(userId), heldSymbols(userId)]);
      return { ...profiles, held: new Set(held) };
    });
  /**
   * The profile a feed read is for: the one the feed names (an admin's tab shows the profile its
   * socket was switched to), refused when the user cannot see it; else the user's current one.
   */
  function shownProfile(
    { current, available }: { current: number | null; available: number[] },
    asked: number | undefined,
  ): number | null {
    if (asked === undefined) return current;
    if (!available.includes(asked)) throw new HttpError(404, profileMessages.unknownProfile);
    return asked;
  }

  app.addHook('onSend', async (request) => {
    const { effect, readsOnly } = request.routeOptions.config;
    if (effect === 'write' && !readsOnly && request.session) viewers.forget(request.session.userId);
  });

  app.post(
    alertsApi.financeInfo,
    {
      config: { access: 'feed.read', effect: 'write', readsOnly: true },
      schema: {
        // The path carries a user id and a session token (spec 000 §7); the cookie decides who asks.
        params: z.object({ id: z.string().max(100), session: z.string().max(200) }),
        response: { 200: financeInfoResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const json = await financeInfoJson(requireSession(request).userId);
      // JSON text is sent as it is (the route's serializer is for objects); the schema above still
      // documents the answer, and the tests parse it with that schema.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  /**
   * finance_info's answer (financeInfoResponseSchema), assembled here only and written as JSON text:
   * the newest page of the user's current profile, cut from the profile's cached alerts, whose
   * encoding is shared by every user of the page (see feedAlertsJson). Tested against the schema.
   */
  async function financeInfoJson(userId: number): Promise<string> {
    const started = performance.now();
    const { current, held } = await viewerOf(userId);
    const profileId = current ?? 0;
    const alertsStarted = performance.now();
    const page = profileId
      ? await service.page(profileId, userId)
      : { alerts: [], total: 0, has_more: false, cursor: null };
    const alertsMs = performance.now() - alertsStarted;
    const financeInfo = { profile_id: profileId, market_open: app.ingestor.marketOpen() };
    const rest = { total: page.total, has_more: page.has_more, cursor: page.cursor };
    const alerts = feedAlertsJson(page.alerts, held);
    const timings = { alerts_ms: Math.round(alertsMs), total_ms: Math.round(performance.now() - started) };
    return `{"info":{"finance_info":${JSON.stringify(financeInfo)},"alerts":${alerts},${JSON.stringify(rest).slice(1, -1)}},"timings":${JSON.stringify(timings)}}`;
  }

  app.get(
    alertsApi.page,
    {
      config: { access: 'feed.read', effect: 'read' },
      schema: {
        querystring: alertsPageQuerySchema,
        response: { 200: feedAlertsPageSchema, ...refusals },
      },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const viewer = await viewerOf(userId);
      const profileId = shownProfile(viewer, request.query.profile);
      if (!profileId) return { alerts: [], total: 0, has_more: false, cursor: null };
      const page = await service.page(profileId, userId, request.query.cursor);
      return { ...page, alerts: withFeedFields(page.alerts, viewer.held) };
    },
  );

  app.get(
    alertsApi.facets,
    {
      config: { access: 'feed.read', effect: 'read' },
      schema: { querystring: alertFacetsQuerySchema, response: { 200: alertFacetsSchema, ...refusals } },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const profileId = shownProfile(await viewerOf(userId), request.query.profile);
      if (!profileId)
        return { total: 0, universes: {}, rating: {}, sector_name: {}, analyst_name: {}, symbols: {} };
      return service.facets(profileId, userId);
    },
  );

  app.post(
    alertsApi.userAnalystList,
    {
      config: { access: 'feed.read', effect: 'write' },
      schema: { response: { 200: userAnalystListResponseSchema, ...refusals } },
    },
    async (request) => {
      const session = requireSession(request);
      const { current } = await profilesOf(session.userId);
      const alerts = current ? await service.reachable(current, session.userId) : [];
      const counts = new Map<string, number>();
      for (const alert of alerts)
        if (alert.analyst_name) counts.set(alert.analyst_name, (counts.get(alert.analyst_name) ?? 0) + 1);
      return {
        data: [...counts]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([analyst_name, count]) => ({ analyst_name, count })),
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
        config: { access: 'feed.read', effect: 'write' },
        schema: { body: alertActionBodySchema, response: { 200: statusBodySchema, ...refusals } },
      },
      async (request) => {
        const session = requireSession(request);
        const { available } = await profilesOf(session.userId);
        await service.act(session.userId, available, request.body.alert_id, action);
        if (app.hasDecorator('realtime')) app.realtime.tellPeers('alerts:dismissed', session.userId);
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

  /** Runs the rules over the stored facts (each new alert is pushed by onNewAlerts, below). */
  const evaluateAndPush = () =>
    track(async () => {
      const fresh = await service.evaluate();
      if (fresh.size > 0 && app.hasDecorator('realtime'))
        app.realtime.tellPeers('alerts:changed', [...fresh.keys()]);
    });
  const pushRemoved = (userId: number, alertId: number) => {
    if (app.hasDecorator('realtime'))
      app.realtime.publish(rooms.user(userId), 'alert:removed', { id: alertId });
  };

  // Ready once the first evaluation after the backfill is done: the feed is whole from then on. Its
  // units of progress: about its share of a first start's time, as the market data's steps are weighed
  // (with them, 100 in all).
  let firstEvaluated = false;
  const alertsUnits = 7;
  const marketReadiness = app.readiness;
  app.readiness = () => {
    const readiness = marketReadiness();
    const total = readiness.total + alertsUnits;
    if (!readiness.ready) return { ...readiness, total };
    if (firstEvaluated || !app.ingestor.isLeader() || app.ingestor.phase !== 'live')
      return { ...readiness, done: total, total };
    return { ready: false, phase: 'alerts', done: readiness.total, total };
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
    if (app.hasDecorator('realtime')) {
      // Oldest first, so a client that prepends ends with the newest on top.
      service.onNewAlerts = (profileId, alerts) => {
        for (const alert of alerts) app.realtime.publish(rooms.profile(profileId), 'alert:new', alert);
      };
      app.realtime.setAlertsSnapshotProvider((profileId, userId) => service.preparePage(profileId, userId));
      app.realtime.onPeer('alerts:changed', (profileIds) => {
        for (const profileId of profileIds) service.invalidate(profileId);
      });
      app.realtime.onPeer('alerts:dismissed', (userId) => service.forgetDismissals(userId));
    }
    // The first evaluation after this node's backfill (when it polls, or takes polling over: what
    // was published meanwhile is caught up there); later ones follow new facts.
    void app.ingestor.live.then(() => {
      evaluateAndPush();
      void Promise.allSettled(pending).then(() => (firstEvaluated = true));
    });
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
