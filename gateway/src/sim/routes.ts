import {
  simAdvanceBodySchema,
  simMarketBodySchema,
  simQuoteBodySchema,
  simRatingBodySchema,
  simUpstreamBodySchema,
} from '@insight/shared';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';
import type { Feed } from '../market/ingest';
import { badRequest, HttpError, refusals } from '../platform/errors';
import { SimControlError } from '../upstream/simulator/simulator';

/** What the simulator answers (the rating, quote or status it now has). */
const controlAnswer = z.record(z.string(), z.unknown());

/**
 * Control of the simulated market for tests and demos: only with SIM_CONTROL=1 (refused in
 * production by the configuration), only for admins. With the in-process simulator the change is
 * made here; with UPSTREAM_URL it is forwarded to the standalone simulator's /sim/. Either way the
 * feed it touches is ingested before the answer, so what a test reads next already shows it.
 */
const routes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  async function control(
    name: string,
    body: unknown,
    local: () => object,
    feed: Feed | null,
  ): Promise<Record<string, unknown>> {
    let result: unknown;
    if (app.simulator) {
      try {
        result = local();
      } catch (error) {
        if (error instanceof SimControlError) throw badRequest(error.message);
        throw error;
      }
    } else {
      const response = await fetch(`${config.upstreamUrl!.replace(/\/$/, '')}/sim/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      }).catch((error: unknown) => {
        throw new HttpError(502, `The upstream's control did not answer: ${String(error)}`);
      });
      result = (await response.json().catch(() => ({}))) as unknown;
      if (!response.ok)
        throw new HttpError(
          response.status === 400 ? 400 : 502,
          (result as { error?: string }).error ?? 'upstream control failed',
        );
    }
    if (feed) await app.ingestor.run(feed);
    return result as Record<string, unknown>;
  }

  const options = <S extends z.ZodType>(body: S) => ({
    config: { access: 'sim.control' as const, effect: 'write' as const },
    schema: { body, response: { 200: controlAnswer, ...refusals } },
  });

  app.post('/api/sim/ratings', options(simRatingBodySchema), async (request) =>
    control(
      'ratings',
      request.body,
      () => {
        const { at: _at, ...rating } = app.simulator!.publishRating(request.body);
        return rating;
      },
      'ratings',
    ),
  );
  app.post('/api/sim/quotes', options(simQuoteBodySchema), async (request) =>
    control(
      'quotes',
      request.body,
      () => app.simulator!.setPrice(request.body.symbol, request.body.lastPrice),
      'quotes',
    ),
  );
  app.post('/api/sim/market', options(simMarketBodySchema), async (request) =>
    control('market', request.body, () => app.simulator!.setMarket(request.body.open), 'status'),
  );
  app.post('/api/sim/upstream', options(simUpstreamBodySchema), async (request) =>
    control('upstream', request.body, () => app.simulator!.setFailing(request.body.failing), 'status'),
  );
  app.post('/api/sim/advance', options(simAdvanceBodySchema), async (request) =>
    control('advance', request.body, () => app.simulator!.advance(request.body.minutes), 'status'),
  );
};

export const simRoutes = fp(routes, { name: 'sim', dependencies: ['market', 'session'] });
