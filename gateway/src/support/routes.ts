import {
  markHandledBodySchema,
  statusBodySchema,
  supportApi,
  supportBodySchema,
  supportContactSchema,
  supportListBodySchema,
  supportPageSchema,
  supportSentSchema,
} from '@insight/shared';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../platform/session';
import { SupportService } from './service';
import { refusals } from '../platform/errors';

/**
 * `POST /api/user/support_msg/` takes either shape of spec 002 §3 from anyone, signed in or not (a
 * user whose account expired is told to contact us); admins read the requests in the manage area.
 */
const routes: FastifyPluginAsyncZod<{ support: { email: string; maxPerHour: number } }> = async (
  app,
  { support },
) => {
  const service = new SupportService(app.db, app.mailer, support);

  app.post(
    supportApi.send,
    {
      config: { access: 'public', effect: 'write' },
      schema: { body: supportBodySchema, response: { 200: supportSentSchema, ...refusals } },
    },
    async (request) =>
      service.send(request.body, { userId: request.session?.userId ?? null, address: request.ip }),
  );

  app.get(
    supportApi.contact,
    {
      config: { access: 'public', effect: 'read' },
      schema: { response: { 200: supportContactSchema, ...refusals } },
    },
    async () => ({ email: support.email }),
  );

  app.post(
    supportApi.list,
    {
      config: { access: 'manage.access', effect: 'write' },
      schema: { body: supportListBodySchema, response: { 200: supportPageSchema, ...refusals } },
    },
    async (request) => service.page(request.body),
  );

  app.post(
    supportApi.markHandled,
    {
      config: { access: 'manage.access', effect: 'write' },
      schema: { body: markHandledBodySchema, response: { 200: statusBodySchema, ...refusals } },
    },
    async (request) =>
      service.markHandled(requireSession(request).userId, request.body.id, request.body.handled),
  );
};

export const supportRoutes = fp(routes, { name: 'support', dependencies: ['db', 'session', 'mail'] });
