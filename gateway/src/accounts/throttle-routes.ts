import {
  clearThrottleBodySchema,
  statusBodySchema,
  throttleApi,
  throttledListSchema,
  throttleMessages,
} from '@insight/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, refusals } from '../platform/errors';
import { deviceCookieName, SignInThrottle } from './throttle';

/** The browser's device cookie: sent only to the API, a year long, renewed at each sign-in. */
export function setDeviceCookie(reply: FastifyReply, value: string, secure: boolean) {
  reply.setCookie(deviceCookieName, value, {
    path: '/api/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SignInThrottle.deviceCookieMaxAgeSeconds,
  });
}

/** System admins see which accounts have recent sign-in failures and clear one. */
export const throttleRoutes: FastifyPluginAsyncZod<{ throttle: SignInThrottle }> = async (
  app,
  { throttle },
) => {
  app.get(
    throttleApi.list,
    {
      config: { access: 'tools.systemAdmin', effect: 'read' },
      schema: { response: { 200: throttledListSchema, ...refusals } },
    },
    async () => ({
      status: true as const,
      data: await throttle.throttledAccounts(),
      rules: throttle.rules(),
    }),
  );

  app.post(
    throttleApi.clear,
    {
      config: { access: 'tools.systemAdmin', effect: 'write' },
      schema: { body: clearThrottleBodySchema, response: { 200: statusBodySchema, ...refusals } },
    },
    async (request) => {
      const account = request.body.account.toLowerCase();
      const cleared = await throttle.clear(account);
      if (cleared === 0) throw badRequest(throttleMessages.nothingToClear, 'account');
      request.log.info({ account, cleared, by: request.session?.userId }, 'sign-in failures cleared');
      return { status: true as const, msg: throttleMessages.cleared(account) };
    },
  );
};
