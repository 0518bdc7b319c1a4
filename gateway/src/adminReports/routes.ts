import {
  adminReportOptionsSchema,
  adminReportsApi,
  adminReportsMessages,
  clientsPortfoliosBodySchema,
  clientsPortfoliosJobKind,
  explainParamsSchema,
  explainResponseSchema,
  reportRequestedSchema,
  investmentPlBodySchema,
  investmentPlJobKind,
  type ClientsPortfoliosJobParams,
  signalBodySchema,
  signalJobKind,
  type InvestmentPlJobParams,
  type SignalJobParams,
} from '@insight/shared/adminReports/schemas';
import { newYorkDate } from '@insight/shared/market/calendar';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marketNow } from '../market/service';
import { requireSession } from '../platform/session';
import { AdminReportsService } from './service';
import { refusals } from '../platform/errors';

/** System admins and client admins: the Tools registry's 'admins' audience. */
const admins = 'tools.adminReports' as const;

/**
 * The admins' reports (issue 18): Clients Portfolios as a job (mailed, and in My reports), the
 * Research Analyst Team explanation, and the users, analysts and profiles their screens pick from.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const service = new AdminReportsService(app.db, {
    mailer: app.mailer,
    today: () => newYorkDate(marketNow(app.ingestor.marketStatus()?.at)),
    profilesOf: (userId) => app.accounts.profilesOf(userId),
  });

  app.jobs.define<ClientsPortfoliosJobParams>(clientsPortfoliosJobKind, (ctx) =>
    service.runClientsPortfolios(ctx),
  );

  app.post(
    adminReportsApi.clientsPortfolios,
    {
      config: { access: admins, effect: 'write' },
      schema: { body: clientsPortfoliosBodySchema, response: { 200: reportRequestedSchema, ...refusals } },
    },
    async (request) => {
      const session = requireSession(request);
      await service.checkClientsPortfolios(session, request.body);
      const jobId = await app.jobs.enqueue<ClientsPortfoliosJobParams>(
        clientsPortfoliosJobKind,
        session.userId,
        request.body,
      );
      return { status: true as const, msg: adminReportsMessages.sent, jobId };
    },
  );

  app.jobs.define<InvestmentPlJobParams>(investmentPlJobKind, (ctx) => service.runInvestmentPl(ctx));

  app.post(
    adminReportsApi.investmentPl,
    {
      config: { access: admins, effect: 'write' },
      schema: { body: investmentPlBodySchema, response: { 200: reportRequestedSchema, ...refusals } },
    },
    async (request) => {
      const session = requireSession(request);
      const jobId = await app.jobs.enqueue<InvestmentPlJobParams>(investmentPlJobKind, session.userId, {
        ...request.body,
        accountId: await service.scopeOf(session),
      });
      return { status: true as const, msg: adminReportsMessages.received, jobId };
    },
  );

  app.jobs.define<SignalJobParams>(signalJobKind, (ctx) => service.runSignal(ctx));

  app.post(
    adminReportsApi.signal,
    {
      config: { access: admins, effect: 'write' },
      schema: { body: signalBodySchema, response: { 200: reportRequestedSchema, ...refusals } },
    },
    async (request) => {
      const session = requireSession(request);
      service.checkMonths(request.body.start_month, request.body.end_month);
      const jobId = await app.jobs.enqueue<SignalJobParams>(signalJobKind, session.userId, request.body);
      return { status: true as const, msg: adminReportsMessages.received, jobId };
    },
  );

  app.get(
    adminReportsApi.explain,
    {
      config: { access: admins, effect: 'read' },
      schema: { params: explainParamsSchema, response: { 200: explainResponseSchema, ...refusals } },
    },
    async (request) => service.explain(requireSession(request), request.params),
  );

  app.get(
    adminReportsApi.options,
    {
      config: { access: admins, effect: 'read' },
      schema: { response: { 200: adminReportOptionsSchema, ...refusals } },
    },
    async (request) => service.options(requireSession(request)),
  );
};

export const adminReportsRoutes = fp(routes, {
  name: 'adminReports',
  dependencies: ['db', 'session', 'market', 'jobs', 'accounts'],
});
