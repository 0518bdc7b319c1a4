import Fastify, { type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { seedDemoAccounts } from './accounts/demo';
import { seedDemoHistoryWhenLive } from './sim/demo-history';
import { accountsRoutes } from './accounts/routes';
import { adminToolsRoutes } from './adminTools/routes';
import { adminRoutes } from './admin/routes';
import { supportRoutes } from './support/routes';
import { analyticsRoutes } from './analysts/routes';
import { alertsRoutes } from './alerts/routes';
import { appsRoutes } from './apps/routes';
import { trustProxyOption, type Config } from './config';
import { healthRoutes } from './health/routes';
import { jobsPlugin } from './jobs/routes';
import { marketPlugin } from './market/plugin';
import { marketRoutes } from './market/routes';
import { apiPathServerOptions, apiPathsPlugin, urlLimits } from './platform/api-paths';
import { clientPlugin } from './platform/client';
import { crossSitePlugin } from './platform/cross-site';
import { dbPlugin } from './platform/db';
import { errorsPlugin } from './platform/errors';
import { securityHeadersPlugin } from './platform/headers';
import { idempotencyPlugin } from './platform/idempotency';
import { inputPlugin } from './platform/input';
import { loggerOptions } from './platform/logging';
import { mailPlugin } from './platform/mail';
import { redisPlugin } from './platform/redis';
import { sessionPlugin } from './platform/session';
import { realtimePlugin } from './realtime/plugin';
import { universesRoutes } from './universes/routes';
import { scanRoutes } from './scan/routes';
import { backtestRoutes } from './backtest/routes';
import { adminReportsRoutes } from './adminReports/routes';
import { reportsRoutes } from './reports/routes';
import { profilesRoutes } from './profiles/routes';
import { simRoutes } from './sim/routes';
import { watchlistRoutes } from './watchlist/routes';
import { portfolioRoutes } from './portfolio/routes';
import { monitorRoutes } from './monitor/routes';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Where the configured logger writes instead of stdout (a test that reads the log). */
  logStream?: DestinationStream;
}

/** The whole gateway, features registered in the order they depend on each other. */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger:
      options.logger ??
      (options.logStream
        ? { ...loggerOptions(config.logLevel), stream: options.logStream }
        : loggerOptions(config.logLevel)),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within 30 s, its headers within 10 s: a client sending a byte at a
    // time cannot hold a connection for minutes.
    requestTimeout: 30_000,
    // Start-up hooks seed the demo accounts (argon2) and load the analytics: on a busy 2-core machine
    // they take longer than Fastify's 10 s default, and a slow start must not be a failed one.
    pluginTimeout: 120_000,
    // Fastify's default of 100 answered a Market Data report with a longer e-mail 414 before its schema
    // could say what is wrong; see `urlLimits`.
    routerOptions: { maxParamLength: urlLimits.segment },
    // every /api/ route also answers under /api/v1/; Fastify's own refusals in the error body
    ...apiPathServerOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = 10_000;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The spec's client posts some calls with no body at all; an empty JSON body reads as {}.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const raw = typeof text === 'string' ? text : text.toString('utf8');
    if (raw.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(raw));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });

  // platform (security headers first: every answer has them, refusals included)
  await app.register(securityHeadersPlugin, { hsts: config.cookieSecure });
  await app.register(errorsPlugin);
  await app.register(apiPathsPlugin);
  await app.register(dbPlugin, { databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await app.register(redisPlugin, { redisUrl: config.redisUrl });
  await app.register(mailPlugin, { smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom });
  await app.register(sessionPlugin, config.session);
  await app.register(crossSitePlugin, { publicUrl: config.publicUrl });
  await app.register(inputPlugin);
  await app.register(idempotencyPlugin);
  await app.register(jobsPlugin, { config });

  // features
  await app.register(healthRoutes, { upstreamUrl: config.upstreamUrl });
  await app.register(marketPlugin, { config });
  await app.register(marketRoutes);
  await app.register(analyticsRoutes);
  await app.register(universesRoutes);
  await app.register(accountsRoutes, { config });
  await app.register(adminRoutes, { publicUrl: config.publicUrl });
  await app.register(supportRoutes, { support: config.support });
  await app.register(alertsRoutes);
  await app.register(watchlistRoutes);
  await app.register(portfolioRoutes);
  await app.register(monitorRoutes);
  await app.register(appsRoutes);
  await app.register(adminToolsRoutes);
  await app.register(scanRoutes);
  await app.register(backtestRoutes);
  await app.register(adminReportsRoutes);
  await app.register(reportsRoutes, { config });
  await app.register(profilesRoutes);
  if (config.sim.control) await app.register(simRoutes, { config });
  await app.register(realtimePlugin, { config });

  // the built client, last: it owns the not-found handler
  await app.register(clientPlugin, { clientDist: config.clientDist });

  if (config.demoSeed) {
    app.addHook('onReady', async () => {
      await seedDemoAccounts(app.db, app.log);
      if (config.ingest && config.demoHistory) seedDemoHistoryWhenLive(app);
    });
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
