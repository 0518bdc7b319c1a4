import {
  accountPortfolioUsersBodySchema,
  accountPortfolioUsersResponseSchema,
  accountResponseSchema,
  accountsPageSchema,
  accountsQuerySchema,
  adminApi,
  analystParamsSchema,
  analystResponseSchema,
  analystsGlobalNamesResponseSchema,
  analystsPageSchema,
  auditPageSchema,
  auditQuerySchema,
  createUserBodySchema,
  idParamsSchema,
  inviteBodySchema,
  profilesPageSchema,
  profilesQuerySchema,
  resetPasswordBodySchema,
  savedResponseSchema,
  signupBodySchema,
  statusBodySchema,
  updateAccountBodySchema,
  updateAnalystBodySchema,
  updateAnalystGlobalNameBodySchema,
  updateUserBodySchema,
  userAccountsResponseSchema,
  userResponseSchema,
  userSignupBodySchema,
  usersPageSchema,
  usersQuerySchema,
} from '@insight/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../platform/session';
import { AdminService, type Caller } from './service';
import { refusals } from '../platform/errors';

declare module 'fastify' {
  interface FastifyInstance {
    admin: AdminService;
  }
}

const reply = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...refusals });
const write = (access: 'manage.access' | 'manage.users' | 'public') => ({ access, effect: 'write' as const });
const read = (access: 'manage.access' | 'manage.users') => ({ access, effect: 'read' as const });

const caller = (request: FastifyRequest): Caller => {
  const session = requireSession(request);
  return { userId: session.userId, roles: session.roles };
};

/**
 * The manage calls (spec 002 §7.3), the account calls an admin makes (§7.2: invite, create_user,
 * admin_signup_user), the analysts' global names (§7.8), the audit log, and the public sign-up and
 * reset-password calls. 'manage.access' is system admins; 'manage.users' adds client admins, whom
 * the service confines to their own account.
 */
const routes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const service = new AdminService(app.db, app.sessions, app.mailer, publicUrl);
  app.decorate('admin', service);

  // ---- accounts ----

  app.post(
    adminApi.accounts,
    {
      config: write('manage.access'),
      schema: { body: accountsQuerySchema, response: reply(accountsPageSchema) },
    },
    async (request) => service.accountsPage(request.body),
  );

  app.get(
    adminApi.account,
    {
      config: read('manage.access'),
      schema: { params: idParamsSchema, response: reply(accountResponseSchema) },
    },
    async (request) => ({ data: await service.account(request.params.id) }),
  );

  app.post(
    adminApi.updateAccount,
    {
      config: write('manage.access'),
      schema: { body: updateAccountBodySchema, response: reply(savedResponseSchema) },
    },
    async (request) => service.saveAccount(caller(request), request.body.account),
  );

  app.post(
    adminApi.userAccounts,
    { config: write('manage.users'), schema: { response: reply(userAccountsResponseSchema) } },
    async (request) => ({ data: await service.userAccounts(caller(request)) }),
  );

  app.post(
    adminApi.accountPortfolioUsers,
    {
      config: write('manage.users'),
      schema: { body: accountPortfolioUsersBodySchema, response: reply(accountPortfolioUsersResponseSchema) },
    },
    async (request) => ({
      data: await service.accountPortfolioUsers(caller(request), request.body.account_id),
    }),
  );

  // ---- users (and, with type 'analysts', the analysts) ----

  app.post(
    adminApi.users,
    {
      config: write('manage.users'),
      schema: { body: usersQuerySchema, response: reply(z.union([usersPageSchema, analystsPageSchema])) },
    },
    async (request) => {
      const { type, ...query } = request.body;
      return type === 'analysts'
        ? service.analystsPage(caller(request), query)
        : service.usersPage(caller(request), query);
    },
  );

  app.get(
    adminApi.user,
    { config: read('manage.users'), schema: { params: idParamsSchema, response: reply(userResponseSchema) } },
    async (request) => ({ data: await service.user(caller(request), request.params.id) }),
  );

  app.post(
    adminApi.updateUser,
    {
      config: write('manage.users'),
      schema: { body: updateUserBodySchema, response: reply(savedResponseSchema) },
    },
    async (request) => service.saveUser(caller(request), request.body.user),
  );

  app.post(
    adminApi.createUser,
    {
      config: write('manage.users'),
      schema: { body: createUserBodySchema, response: reply(savedResponseSchema) },
    },
    async (request) => service.saveUser(caller(request), { ...request.body.user, id: null }),
  );

  app.post(
    adminApi.invite,
    { config: write('manage.users'), schema: { body: inviteBodySchema, response: reply(statusBodySchema) } },
    async (request) => service.invite(caller(request), request.body),
  );

  app.post(
    adminApi.adminSignupUser,
    { config: write('manage.access'), schema: { body: signupBodySchema, response: reply(statusBodySchema) } },
    async (request) => service.adminSignupUser(caller(request), request.body.signupData),
  );

  // ---- profiles and analysts ----

  app.post(
    adminApi.profiles,
    {
      config: write('manage.access'),
      schema: { body: profilesQuerySchema, response: reply(profilesPageSchema) },
    },
    async (request) => service.profilesPage(request.body),
  );

  app.get(
    adminApi.analyst,
    {
      config: read('manage.access'),
      schema: { params: analystParamsSchema, response: reply(analystResponseSchema) },
    },
    async (request) => ({ data: await service.analyst(request.params.id) }),
  );

  app.post(
    adminApi.updateAnalyst,
    {
      config: write('manage.access'),
      schema: { body: updateAnalystBodySchema, response: reply(savedResponseSchema) },
    },
    async (request) => service.saveAnalyst(caller(request), request.body.analyst),
  );

  app.post(
    adminApi.analystsGlobalNames,
    { config: write('manage.access'), schema: { response: reply(analystsGlobalNamesResponseSchema) } },
    async () => ({ data: await service.analystsGlobalNames() }),
  );

  app.post(
    adminApi.updateAnalystGlobalName,
    {
      config: write('manage.access'),
      schema: { body: updateAnalystGlobalNameBodySchema, response: reply(savedResponseSchema) },
    },
    async (request) => service.saveAnalyst(caller(request), request.body),
  );

  // ---- the audit log ----

  app.post(
    adminApi.auditLog,
    { config: write('manage.access'), schema: { body: auditQuerySchema, response: reply(auditPageSchema) } },
    async (request) => service.auditLog(request.body),
  );

  // ---- public: sign-up of a user, and the reset-password mail ----

  app.post(
    adminApi.signup,
    { config: write('public'), schema: { body: userSignupBodySchema, response: reply(statusBodySchema) } },
    async (request) => app.accounts.signup(request.body.signupData),
  );

  app.post(
    adminApi.resetPassword,
    { config: write('public'), schema: { body: resetPasswordBodySchema, response: reply(statusBodySchema) } },
    async (request) => app.accounts.sendPasswordReset(request.body.email),
  );
};

export const adminRoutes = fp(routes, {
  name: 'admin',
  dependencies: ['db', 'session', 'mail', 'accounts'],
});
