import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { withTimeout } from '../platform/db';

/** The poller's advisory lock key (any fixed 64-bit number; advisory locks are per database). */
const pollerLockKey = '7421386150042001';

/**
 * Which node polls the upstream when several share one PostgreSQL: the holder of a session-level
 * advisory lock, held on a connection of its own (not the pool's). It needs no Redis, so the
 * upstream is polled and alerts stored while Redis is away. When the holder dies (even kill -9),
 * PostgreSQL ends its connection and with it the lock; another node, trying every `retryMs`, takes it.
 * The holder checks its connection at the same pace: a connection that fails or does not answer
 * within `checkTimeoutMs` ends, and this node stops polling.
 */
export class PollerLeadership {
  private timer: NodeJS.Timeout | null = null;
  private client: pg.Client | null = null;
  private leader = false;
  private ticking = false;
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly onChange: (leader: boolean) => void,
    private readonly log: FastifyBaseLogger,
    private readonly retryMs = 1000,
    private readonly checkTimeoutMs = 3000,
  ) {}

  isLeader() {
    return this.leader;
  }

  async start() {
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.retryMs);
    this.timer.unref();
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      connectionTimeoutMillis: this.checkTimeoutMs,
      keepAlive: true,
      application_name: 'insight-poller-lock',
    });
    // A dropped connection is an event, not a crash: the next tick finds no leader and reconnects.
    client.on('error', (error: Error) => {
      this.log.warn({ err: error }, 'poller lock connection error');
      this.drop(client);
    });
    this.client = client;
    try {
      await client.connect();
    } catch (error) {
      this.drop(client);
      throw error;
    }
    return client;
  }

  private drop(client: pg.Client) {
    if (this.client === client) this.client = null;
    client.end().catch(() => undefined);
  }

  private async tick() {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    let leader = false;
    try {
      const client = await this.connection();
      if (this.leader) {
        // Still connected means still holding the lock.
        await withTimeout(client.query('select 1'), this.checkTimeoutMs, 'the poller lock connection');
        leader = true;
      } else {
        const result = await withTimeout(
          client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [
            pollerLockKey,
          ]),
          this.checkTimeoutMs,
          'the poller lock connection',
        );
        leader = result.rows[0]?.locked === true;
      }
    } catch (error) {
      // The database cannot confirm the lock: this node must not go on polling as if it held it.
      if (this.leader) this.log.warn({ err: error }, 'poller lock lost');
      if (this.client) this.drop(this.client);
      leader = false;
    } finally {
      this.ticking = false;
    }
    if (this.stopped) return;
    if (leader !== this.leader) {
      this.leader = leader;
      this.log.info({ leader }, leader ? 'this node polls the upstream' : 'another node polls the upstream');
      this.onChange(leader);
    }
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.leader = false;
    const client = this.client;
    this.client = null;
    // Ending the connection releases the lock.
    if (client)
      await withTimeout(client.end(), 2000, 'closing the poller lock connection').catch(() => undefined);
  }
}
