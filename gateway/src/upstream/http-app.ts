import {
  simAdvanceBodySchema,
  simMarketBodySchema,
  simQuoteBodySchema,
  simRatingBodySchema,
  simUpstreamBodySchema,
} from '@insight/shared/sim/schemas';
import { upstreamPaths } from '@insight/shared/upstream/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SimControlError, SimulatedOutage, type Simulator } from './simulator/simulator';

/**
 * The simulator as a standalone server speaking the upstream contract over HTTP (`npm run upstream`,
 * port 8090). Every contract path answers exactly what the in-process simulator answers; with
 * control enabled, /sim/ moves it as the gateway's /api/sim/ does.
 */
export async function buildUpstreamApp(
  simulator: Simulator,
  options: { control: boolean; logger?: FastifyServerOptions['logger'] },
) {
  const app = Fastify({ logger: options.logger ?? true }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, _request, reply) => {
    if (error instanceof SimulatedOutage) return reply.status(503).send({ error: error.message });
    if (error instanceof SimControlError || error.validation)
      return reply.status(400).send({ error: error.message });
    const status = error.statusCode ?? 500;
    return reply.status(status).send({ error: status >= 500 ? 'upstream error' : error.message });
  });

  for (const path of Object.values(upstreamPaths)) {
    app.get(path, { schema: { querystring: z.record(z.string(), z.string()) } }, async (request) =>
      simulator.handle(path, request.query),
    );
  }

  if (options.control) {
    app.post('/sim/ratings', { schema: { body: simRatingBodySchema } }, async (request) => {
      const { at: _at, ...rating } = simulator.publishRating(request.body);
      return rating;
    });
    app.post('/sim/quotes', { schema: { body: simQuoteBodySchema } }, async (request) =>
      simulator.setPrice(request.body.symbol, request.body.lastPrice),
    );
    app.post('/sim/market', { schema: { body: simMarketBodySchema } }, async (request) =>
      simulator.setMarket(request.body.open),
    );
    app.post('/sim/upstream', { schema: { body: simUpstreamBodySchema } }, async (request) =>
      simulator.setFailing(request.body.failing),
    );
    app.post('/sim/advance', { schema: { body: simAdvanceBodySchema } }, async (request) =>
      simulator.advance(request.body.minutes),
    );
  }
  app.get('/health', async () => ({ ok: true, now: simulator.now().toISOString(), seed: simulator.seed }));
  return app;
}
