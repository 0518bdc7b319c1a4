import {
  universeIdParamsSchema,
  universeListSchema,
  universeSchema,
  universesApi,
} from '@insight/shared/market/schemas';
import {
  universeDeleteResponseSchema,
  universeHistoryQuerySchema,
  universeHistorySchema,
  universeSaveBodySchema,
  universeSaveResponseSchema,
  universesEditApi,
} from '@insight/shared/universes/schemas';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../platform/session';
import { UniversesService, type UniverseCaller } from './service';
import { refusals } from '../platform/errors';

declare module 'fastify' {
  interface FastifyInstance {
    universes: UniversesService;
  }
}

const callerOf = (request: FastifyRequest): UniverseCaller => {
  const session = requireSession(request);
  return { userId: session.userId, roles: session.roles };
};

/**
 * Universes (spec 002 §2.5, §6, §7.5): every investor reads them ('tools.use'); client admins and
 * system admins write ('universes.edit', the service checks system ones and the account); the
 * admins read a universe's symbols history ('tools.adminReports').
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const service = new UniversesService(app.db);
  app.decorate('universes', service);

  app.get(
    universesApi.list,
    {
      config: { access: 'tools.use', effect: 'read' },
      schema: { response: { 200: universeListSchema, ...refusals } },
    },
    async (request) => service.list(requireSession(request).userId),
  );

  app.get(
    universesApi.one,
    {
      config: { access: 'tools.use', effect: 'read' },
      schema: { params: universeIdParamsSchema, response: { 200: universeSchema, ...refusals } },
    },
    async (request) => service.get(requireSession(request).userId, request.params.id),
  );

  app.post(
    universesEditApi.create,
    {
      config: { access: 'universes.edit', effect: 'write' },
      schema: { body: universeSaveBodySchema, response: { 200: universeSaveResponseSchema, ...refusals } },
    },
    async (request) => service.create(callerOf(request), request.body),
  );

  app.put(
    universesEditApi.update,
    {
      config: { access: 'universes.edit', effect: 'write' },
      schema: {
        params: universeIdParamsSchema,
        body: universeSaveBodySchema,
        response: { 200: universeSaveResponseSchema, ...refusals },
      },
    },
    async (request) => service.update(callerOf(request), request.params.id, request.body),
  );

  app.delete(
    universesEditApi.remove,
    {
      config: { access: 'universes.edit', effect: 'write' },
      schema: {
        params: universeIdParamsSchema,
        response: { 200: universeDeleteResponseSchema, ...refusals },
      },
    },
    async (request) => service.remove(callerOf(request), request.params.id),
  );

  app.get(
    universesEditApi.history,
    {
      config: { access: 'tools.adminReports', effect: 'read' },
      schema: {
        params: universeIdParamsSchema,
        querystring: universeHistoryQuerySchema,
        response: { 200: universeHistorySchema, ...refusals },
      },
    },
    async (request) => service.history(callerOf(request), request.params.id, request.query),
  );
};

export const universesRoutes = fp(routes, { name: 'universes', dependencies: ['db', 'session'] });
