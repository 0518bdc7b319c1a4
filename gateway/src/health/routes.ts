import { healthApi, readinessSchema, readyApi, type Readiness } from '@insight/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { pingDatabase, withTimeout } from '../platform/db';

const componentSchema = z.object({ ok: z.boolean(), detail: z.string() });
export type ComponentHealth = z.infer<typeof componentSchema>;

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  /** The parts that are not ok, by name (database, redis, upstream); empty when all are. */
  degraded: z.array(z.enum(['database', 'redis', 'upstream'])),
  database: componentSchema.extend({ kind: z.enum(['pglite', 'postgres']) }),
  /** Null when REDIS_URL is not set (the embedded mode has no Redis). */
  redis: componentSchema.nullable(),
  upstream: componentSchema.extend({ kind: z.enum(['simulator', 'http']) }),
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The upstream's state for /api/health; the market-data feature replaces the default. */
    upstreamHealth: () => Promise<ComponentHealth & { kind: 'simulator' | 'http' }>;
    /**
     * Whether the product can answer every screen yet (for /api/health/ready). The market data
     * feature replaces the default, and later features may add their own last step around it.
     */
    readiness: () => Readiness;
  }
}

/**
 * Each part answers within this or counts as down, so /api/health answers within 1 s whatever is
 * away (a Redis client queues commands while it reconnects; a pool waits for a connection).
 */
const probeTimeoutMs = 700;

async function check(what: string, probe: () => Promise<string>): Promise<ComponentHealth> {
  try {
    return { ok: true, detail: await withTimeout(probe(), probeTimeoutMs, what) };
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

    app.decorate('readiness', (): Readiness => ({ ready: true, phase: 'ready', done: 1, total: 1 }));

    // Readiness, apart from liveness: a load balancer sends no one here before the first backfill
    // is done, and the client shows its progress instead of empty screens.
    app.get(
      readyApi,
      {
        config: { access: 'public', effect: 'read' },
        schema: { response: { 200: readinessSchema, 503: readinessSchema } },
      },
      async (_request, reply) => {
        const readiness = app.readiness();
        return reply.code(readiness.ready ? 200 : 503).send(readiness);
      },
    );

    app.get(
      healthApi,
      { config: { access: 'public', effect: 'read' }, schema: { response: { 200: healthSchema } } },
      async () => {
        const [database, redis, upstream] = await Promise.all([
          check('the database', async () => {
            await pingDatabase(app.db);
            return 'reachable';
          }),
          app.redis
            ? check('Redis', async () => {
                // Not connected: say so at once rather than queue a PING until it is back.
                if (!app.redis!.isReady) throw new Error('not connected (reconnecting)');
                await app.redis!.ping();
                return 'reachable';
              })
            : Promise.resolve(null),
          withTimeout(app.upstreamHealth(), probeTimeoutMs, 'the upstream state').catch((error: unknown) => ({
            kind: options.upstreamUrl ? ('http' as const) : ('simulator' as const),
            ok: false,
            detail: error instanceof Error ? error.message : String(error),
          })),
        ]);
        const degraded = [
          ...(database.ok ? [] : (['database'] as const)),
          ...((redis?.ok ?? true) ? [] : (['redis'] as const)),
          ...(upstream.ok ? [] : (['upstream'] as const)),
        ];
        return {
          status: degraded.length === 0 ? ('ok' as const) : ('degraded' as const),
          degraded,
          database: { ...database, kind: app.dbKind },
          redis,
          upstream,
        };
      },
    );
  },
  { name: 'health', dependencies: ['db', 'redis', 'session'] },
);
