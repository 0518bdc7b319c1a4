import { errorBodySchema } from '@insight/shared';
import {
  universeIdParamsSchema,
  universeListSchema,
  universeSchema,
  universesApi,
} from '@insight/shared/market/schemas';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../platform/session';
import { UniversesService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    universes: UniversesService;
  }
}

const refusals = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** GET /api/v1/universes and /api/v1/universes/{id} (spec 002 §7.5), for every investor ('tools.use'). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const service = new UniversesService(app.db);
  app.decorate('universes', service);

  app.get(
    universesApi.list,
    { config: { access: 'tools.use' }, schema: { response: { 200: universeListSchema, ...refusals } } },
    async (request) => service.list(requireSession(request).userId),
  );

  app.get(
    universesApi.one,
    {
      config: { access: 'tools.use' },
      schema: { params: universeIdParamsSchema, response: { 200: universeSchema, ...refusals } },
    },
    async (request) => service.get(requireSession(request).userId, request.params.id),
  );
};

export const universesRoutes = fp(routes, { name: 'universes', dependencies: ['db', 'session'] });
