import {
  analystPastAlertsBodySchema,
  analystPastAlertsResponseSchema,
  analystsApi,
} from '@insight/shared/analysts/schemas';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnalyticsService } from './service';
import { refusals } from '../platform/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Analysts' records, grades and teams, judged from the stored ratings and bars. */
    analytics: AnalyticsService;
  }
}

/** How long new facts must stop arriving before the figures are recomputed. */
const recomputeQuietMs = 3_000;

/**
 * The analytics (service.ts) for other features, as `app.analytics`, and the analyst details dialog's
 * call. The figures are recomputed once the market's backfill is done, a moment after new ratings or
 * bars arrive, and whenever a read finds that the facts changed.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const analytics = new AnalyticsService(app.db, {
    now: () => new Date(app.ingestor.marketStatus()?.at ?? Date.now()),
    backfilling: () => app.ingestor.phase === 'backfilling',
    log: app.log.child({ module: 'analytics' }),
  });
  app.decorate('analytics', analytics);

  // Once the backfill the market plugin started on this node is done, bring the figures up to it. (A
  // node that does not poll, or polls later, recomputes on read: the facts are in the shared database.)
  void app.ingestor.live
    .then(() => analytics.ensureFresh())
    .catch((error: unknown) => app.log.error({ err: error }, 'analytics recompute failed'));
  // New facts: recompute once they stop arriving for a moment, after what they push has gone out.
  let recomputeTimer: NodeJS.Timeout | undefined;
  const recomputeSoon = () => {
    clearTimeout(recomputeTimer);
    recomputeTimer = setTimeout(() => {
      analytics
        .ensureFresh()
        .catch((error: unknown) => app.log.error({ err: error }, 'analytics recompute failed'));
    }, recomputeQuietMs);
    recomputeTimer.unref();
  };
  app.addHook('onReady', async () => {
    const { ratings, bars } = app.marketEvents;
    app.marketEvents.ratings = (ids) => {
      ratings?.(ids);
      recomputeSoon();
    };
    app.marketEvents.bars = (symbols) => {
      bars?.(symbols);
      recomputeSoon();
    };
  });
  app.addHook('onClose', async () => {
    clearTimeout(recomputeTimer);
    await analytics.close();
  });

  /**
   * The analyst's past ratings in the symbol's sector, judged (spec 000 §2 "Analyst details dialog",
   * §3 "Analyst past-performance row"). `alert_id` is accepted and ignored: the analyst and the symbol
   * of the alert decide the answer. 404 for an unknown analyst or symbol, or a symbol with no sector.
   */
  app.post(
    analystsApi.pastAlerts,
    {
      config: { access: 'feed.read', effect: 'write' },
      schema: {
        body: analystPastAlertsBodySchema,
        response: { 200: analystPastAlertsResponseSchema, ...refusals },
      },
    },
    async (request) => analytics.pastPerformance(request.body.analyst, request.body.symbol),
  );
};

export const analyticsRoutes = fp(routes, {
  name: 'analytics',
  dependencies: ['db', 'session', 'market'],
});
