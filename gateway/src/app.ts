import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { seedDemoAccounts } from './accounts/demo';
import { accountsRoutes } from './accounts/routes';
import { analyticsRoutes } from './analysts/routes';
import { alertsRoutes } from './alerts/routes';
import { appsRoutes } from './apps/routes';
import type { Config } from './config';
import { healthRoutes } from './health/routes';
import { marketPlugin } from './market/plugin';
import { marketRoutes } from './market/routes';
import { clientPlugin } from './platform/client';
import { dbPlugin } from './platform/db';
import { errorsPlugin } from './platform/errors';
import { mailPlugin } from './platform/mail';
import { redisPlugin } from './platform/redis';
import { sessionPlugin } from './platform/session';
import { realtimePlugin } from './realtime/plugin';
import { universesRoutes } from './universes/routes';
import { simRoutes } from './sim/routes';
import { watchlistRoutes } from './watchlist/routes';
import { portfolioRoutes } from './portfolio/routes';
import { monitorRoutes } from './monitor/routes';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

/** The whole gateway, features registered in the order they depend on each other. */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

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

  // platform
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await app.register(redisPlugin, { redisUrl: config.redisUrl });
  await app.register(mailPlugin, { smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom });
  await app.register(sessionPlugin, config.session);

  // features
  await app.register(healthRoutes, { upstreamUrl: config.upstreamUrl });
  await app.register(marketPlugin, { config });
  await app.register(marketRoutes);
  await app.register(analyticsRoutes);
  await app.register(universesRoutes);
  await app.register(accountsRoutes, { config });
  await app.register(alertsRoutes);
  await app.register(watchlistRoutes);
  await app.register(portfolioRoutes);
  await app.register(monitorRoutes);
  await app.register(appsRoutes);
  if (config.sim.control) await app.register(simRoutes, { config });
  await app.register(realtimePlugin, { config });

  // the built client, last: it owns the not-found handler
  await app.register(clientPlugin, { clientDist: config.clientDist });

  if (config.demoSeed) {
    app.addHook('onReady', async () => seedDemoAccounts(app.db, app.log));
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
