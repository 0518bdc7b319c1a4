import fp from 'fastify-plugin';
import { createClient, type RedisClientType } from 'redis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Null in the embedded mode (no REDIS_URL). */
    redis: RedisClientType | null;
  }
}

/** The Redis connection of the scaled mode. Reconnects by itself; its state shows in /api/health. */
export const redisPlugin = fp(
  async (app, options: { redisUrl: string | undefined }) => {
    if (!options.redisUrl) {
      app.decorate('redis', null);
      return;
    }
    // Retries at most 2 s apart: the fan-out resumes soon after Redis returns (the adapter's clients
    // are duplicates of this one and reconnect alike).
    const client: RedisClientType = createClient({
      url: options.redisUrl,
      socket: { reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000), connectTimeout: 5000 },
    });
    client.on('error', (error: Error) => app.log.warn({ err: error }, 'redis error'));
    await client.connect();
    app.decorate('redis', client);
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.destroy());
    });
  },
  { name: 'redis' },
);
