import { randomBytes } from 'node:crypto';
import type { RedisClientType } from 'redis';

// Extend or release the lock only if this node still holds it (compare-and-act, atomic in Redis).
const extendScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const releaseScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Which node polls the upstream when several run (REDIS_URL): the holder of a Redis lock with an
 * expiry. The holder renews it every third of its lifetime; when it dies the lock expires and another
 * node takes it within `ttlMs`.
 */
export class PollerLeadership {
  readonly nodeId = randomBytes(8).toString('hex');
  private timer: NodeJS.Timeout | null = null;
  private leader = false;

  constructor(
    private readonly redis: RedisClientType,
    private readonly onChange: (leader: boolean) => void,
    private readonly key = 'insight:poller-leader',
    private readonly ttlMs = 6000,
  ) {}

  isLeader() {
    return this.leader;
  }

  async start() {
    await this.tick();
    this.timer = setInterval(() => void this.tick(), Math.floor(this.ttlMs / 3));
    this.timer.unref();
  }

  private async tick() {
    let leader = false;
    try {
      if (this.leader) {
        leader =
          Number(
            await this.redis.eval(extendScript, {
              keys: [this.key],
              arguments: [this.nodeId, String(this.ttlMs)],
            }),
          ) === 1;
      }
      if (!leader)
        leader =
          (await this.redis.set(this.key, this.nodeId, {
            condition: 'NX',
            expiration: { type: 'PX', value: this.ttlMs },
          })) === 'OK';
    } catch {
      // Redis unreachable: this node cannot know it still leads, so it stops polling.
      leader = false;
    }
    if (leader !== this.leader) {
      this.leader = leader;
      this.onChange(leader);
    }
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.leader) {
      this.leader = false;
      await this.redis
        .eval(releaseScript, { keys: [this.key], arguments: [this.nodeId] })
        .catch(() => undefined);
    }
  }
}
