import {
  accountApi,
  alertsApi,
  appLoginBodySchema,
  changeNicknameBodySchema,
  changePassBodySchema,
  changePassDirectBodySchema,
  changePassMailBodySchema,
  currentUserBodySchema,
  loginBodySchema,
  loginResponseSchema,
  registerProfileBodySchema,
  saveAlertFiltersBodySchema,
  signupBodySchema,
  statusBodySchema,
  v1LoginBodySchema,
} from '@insight/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { clearSessionCookie, requireSession, setSessionCookie } from '../platform/session';
import { AccountsService, type SignedIn } from './service';
import { deviceCookieName } from './throttle';
import { setDeviceCookie, throttleRoutes } from './throttle-routes';
import { refusals } from '../platform/errors';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
  }
}

const loginSchema = { response: { 200: loginResponseSchema, ...refusals } };
const statusSchema = { response: { 200: statusBodySchema, ...refusals } };

const routes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const service = new AccountsService(app.db, app.sessions, app.mailer, config, (userId) =>
    app.universes.visibleTo(userId),
  );
  app.decorate('accounts', service);

  const caller = (request: FastifyRequest) => ({
    address: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    session: request.session,
    deviceCookie: request.cookies[deviceCookieName],
  });

  const signedIn = (reply: FastifyReply, result: SignedIn) => {
    setSessionCookie(reply, result.session, { remember: result.remember, secure: config.cookieSecure });
    if (result.deviceCookie) setDeviceCookie(reply, result.deviceCookie, config.cookieSecure);
    return {
      status: true as const,
      data: result.user,
      ...(result.accessToken ? { access_token: result.accessToken } : {}),
    };
  };

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    await service.logout(request.session);
    // The session's sockets end with it.
    if (request.session && app.hasDecorator('realtime')) app.realtime.disconnectSession(request.session.id);
    clearSessionCookie(reply, config.cookieSecure);
    return { status: true };
  };

  app.post(
    accountApi.login,
    { config: { access: 'public', effect: 'write' }, schema: { body: loginBodySchema, ...loginSchema } },
    async (request, reply) => {
      const { loginData } = request.body;
      const remember = loginData.remember_me ?? loginData.rememberMe ?? false;
      const result =
        loginData.method === 'email'
          ? await service.loginWithPassword(
              loginData.credentials.email,
              loginData.credentials.password,
              remember,
              caller(request),
            )
          : await service.loginWithToken(loginData.auth_token, caller(request));
      return signedIn(reply, result);
    },
  );

  app.post(
    accountApi.v1Login,
    { config: { access: 'public', effect: 'write' }, schema: { body: v1LoginBodySchema, ...loginSchema } },
    async (request, reply) => {
      const { email, password, remember_me } = request.body;
      return signedIn(
        reply,
        await service.loginWithPassword(email, password, remember_me ?? false, caller(request)),
      );
    },
  );

  app.post(
    accountApi.appLogin,
    { config: { access: 'public', effect: 'write' }, schema: { body: appLoginBodySchema, ...loginSchema } },
    async (request, reply) =>
      signedIn(reply, await service.loginWithAppId(request.body.app_id, caller(request))),
  );

  app.post(
    accountApi.logout,
    { config: { access: 'public', effect: 'write' }, schema: statusSchema },
    logout,
  );
  app.post(
    accountApi.v1Logout,
    { config: { access: 'public', effect: 'write' }, schema: statusSchema },
    logout,
  );

  app.post(
    accountApi.currentUser,
    {
      config: { access: 'account.self', effect: 'write' },
      schema: { response: { 200: currentUserBodySchema, ...refusals } },
    },
    async (request) => ({ data: await service.currentUser(requireSession(request)) }),
  );

  app.post(
    accountApi.signup,
    { config: { access: 'public', effect: 'write' }, schema: { body: signupBodySchema, ...statusSchema } },
    async (request) => service.signup(request.body.signupData),
  );

  app.post(
    accountApi.adminCreateProfile,
    {
      config: { access: 'profiles.create', effect: 'write' },
      schema: { body: registerProfileBodySchema, ...statusSchema },
    },
    async (request) => service.createProfileAccount(request.body),
  );

  app.post(
    accountApi.changePassMail,
    {
      config: { access: 'public', effect: 'write' },
      schema: { body: changePassMailBodySchema, ...statusSchema },
    },
    async (request) => service.sendPasswordReset(request.body.userData.email),
  );

  app.post(
    accountApi.changePass,
    {
      config: { access: 'public', effect: 'write' },
      schema: { body: changePassBodySchema, ...statusSchema },
    },
    async (request) =>
      service.resetPassword(request.body.passData.validation_code, request.body.passData.new_pass),
  );

  app.post(
    accountApi.changePassDirect,
    {
      config: { access: 'account.self', effect: 'write' },
      schema: { body: changePassDirectBodySchema, ...statusSchema },
    },
    async (request) =>
      service.changePassword(
        requireSession(request),
        request.body.passData.current_pass,
        request.body.passData.new_pass,
      ),
  );

  app.post(
    accountApi.changeNickname,
    {
      config: { access: 'account.self', effect: 'write' },
      schema: { body: changeNicknameBodySchema, ...statusSchema },
    },
    async (request) => service.changeNickname(requireSession(request), request.body.nickname),
  );

  // The live feed's filters are the user's own, kept with the user (spec 000 §4 "Alert filters").
  app.post(
    alertsApi.saveFilters,
    {
      config: { access: 'feed.read', effect: 'write' },
      schema: { body: saveAlertFiltersBodySchema, ...statusSchema },
    },
    async (request) => service.saveAlertFilters(requireSession(request), request.body.alert_filters),
  );

  await app.register(throttleRoutes, { throttle: service.throttle });
};

export const accountsRoutes = fp(routes, { name: 'accounts', dependencies: ['db', 'session', 'mail'] });
