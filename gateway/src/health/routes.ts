import { healthApi } from '@insight/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { pingDatabase } from '../platform/db';

const componentSchema = z.object({ ok: z.boolean(), detail: z.string() });
export type ComponentHealth = z.infer<typeof componentSchema>;

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: componentSchema.extend({ kind: z.enum(['pglite', 'postgres']) }),
  /** Null when REDIS_URL is not set (the embedded mode has no Redis). */
  redis: componentSchema.nullable(),
  upstream: componentSchema.extend({ kind: z.enum(['simulator', 'http']) }),
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The upstream's state for /api/health; the market-data feature replaces the default. */
    upstreamHealth: () => Promise<ComponentHealth & { kind: 'simulator' | 'http' }>;
  }
}

async function check(probe: () => Promise<string>): Promise<ComponentHealth> {
  try {
    return { ok: true, detail: await probe() };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

/** GET /api/health: always 200, with the state of each part so a load balancer and a human can read it. */
export const healthRoutes = fp(
  async (app: FastifyInstance, options: { upstreamUrl: string | undefined }) => {
    app.decorate('upstreamHealth', async () => ({
      kind: options.upstreamUrl ? ('http' as const) : ('simulator' as const),
      ok: true,
      detail: 'market data is not ingested yet',
    }));

    app.get(
      healthApi,
      { config: { access: 'public' }, schema: { response: { 200: healthSchema } } },
      async () => {
        const [database, redis, upstream] = await Promise.all([
          check(async () => {
            await pingDatabase(app.db);
            return 'reachable';
          }),
          app.redis
            ? check(async () => {
                await app.redis!.ping();
                return 'reachable';
              })
            : Promise.resolve(null),
          app.upstreamHealth(),
        ]);
        const ok = database.ok && (redis?.ok ?? true) && upstream.ok;
        return {
          status: ok ? ('ok' as const) : ('degraded' as const),
          database: { ...database, kind: app.dbKind },
          redis,
          upstream,
        };
      },
    );
  },
  { name: 'health', dependencies: ['db', 'redis', 'session'] },
);
