import { createClient } from 'redis';
import { sleep } from './lib/clock';
import { Clients } from './lib/clients';
import type { BenchResult } from './lib/report';
import { BenchDatabase, databaseKind, startGateway } from './lib/setup';
import { distribution, int, ms, printTable, verdict } from './lib/stats';

const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Calls per Redis command, from INFO commandstats (the whole server's). */
async function commandStats(client: ReturnType<typeof createClient>) {
  const text = await client.info('commandstats');
  const calls = new Map<string, number>();
  for (const match of text.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls.set(match[1]!, Number(match[2]));
  return calls;
}

function delta(before: Map<string, number>, after: Map<string, number>) {
  const changed = new Map<string, number>();
  for (const [command, calls] of after) {
    const made = calls - (before.get(command) ?? 0);
    if (made > 0) changed.set(command, made);
  }
  return changed;
}

/**
 * The Redis hop: two gateway nodes (A and B) on one PostgreSQL database and one Redis, INGEST=0, the
 * sockets all on B. Events are published alternately on B (its own sockets) and on A (they reach B
 * through @socket.io/redis-streams-adapter: XADD by A, XREAD by B). The hop is the client-observed
 * latency via A minus via B, at p50 and p99. Both sides use the monotonic clock of the machine. (B's
 * own publishes make their XADD too, before writing to B's sockets: the hop is B's read of A's entry.)
 *
 * Then N broadcasts to a room of 1,000 sockets (from A, then from B), with the Redis commands counted
 * by INFO commandstats: the adapter adds one stream entry per broadcast, whatever the room's size.
 */
export async function redis(): Promise<BenchResult> {
  const title = 'Redis hop between two gateway nodes';
  const target = '≤ 1 ms p50, ≤ 5 ms p99 added';
  if ((await databaseKind()) !== 'postgres')
    return {
      rows: [[title, 'skipped: needs PostgreSQL (two nodes share one database)', target, 'skipped']],
      notes: [],
    };
  const admin = createClient({ url: redisUrl });
  admin.on('error', () => {});
  try {
    await admin.connect();
  } catch {
    return { rows: [[title, `skipped: no Redis at ${redisUrl}`, target, 'skipped']], notes: [] };
  }

  const profiles = 100;
  const socketsPerProfile = 10;
  const roomSize = 1000;
  const perNode = 300;
  const intervalMs = 10;
  const broadcasts = 100;
  const targetP50 = 1;
  const targetP99 = 5;

  const db = await BenchDatabase.create('redis');
  try {
    const seeded = await db.seed({
      tag: 'redis',
      users: profiles + roomSize,
      ownsProfile: (i) => i < profiles,
      sessionsOf: (i) => (i < profiles ? socketsPerProfile : 1),
    });
    const env = { REDIS_URL: redisUrl, INGEST: '0' };
    const { gateway: a } = await startGateway({
      name: 'gateway-a',
      env: { ...env, ...(await db.nodeEnv('a')) },
    });
    const { gateway: b, url: urlB } = await startGateway({
      name: 'gateway-b',
      env: { ...env, ...(await db.nodeEnv('b')) },
    });
    const clients = await Clients.start(1);
    try {
      const cookies = seeded.users.flatMap((user) => user.cookies);
      const connect = await clients.connect({ url: urlB, mode: 'socketio', cookies });
      if (connect.failed > 0) console.log(`  connect failures: ${connect.errors.join('; ')}`);
      await sleep(1000);

      // Latency: alternate B (local) and A (through Redis), one event every intervalMs, to rooms of 10.
      await clients.record('alert:new', true);
      const sentAt = new Map<number, { at: number; via: 'A' | 'B' }>();
      for (let i = 0; i < perNode * 2; i++) {
        const id = i + 1;
        const via = i % 2 === 0 ? 'B' : 'A';
        const room = `profile:${seeded.users[i % profiles]!.profileId}`;
        const at = await (via === 'A' ? a : b).call('publishAlert', { room, id });
        sentAt.set(id, { at, via });
        await sleep(intervalMs);
      }
      const expected = perNode * 2 * socketsPerProfile;
      await clients.waitFor(expected, { idleMs: 3000 });
      const arrivals = await clients.arrivals();
      const viaA: number[] = [];
      const viaB: number[] = [];
      for (let i = 0; i < arrivals.ids.length; i++) {
        const sent = sentAt.get(arrivals.ids[i]!);
        if (sent) (sent.via === 'A' ? viaA : viaB).push(arrivals.times[i]! - sent.at);
      }
      const lost = expected - viaA.length - viaB.length;
      const la = distribution(viaA);
      const lb = distribution(viaB);
      const hop50 = la.p50 - lb.p50;
      const hop99 = la.p99 - lb.p99;
      const latencyMet = hop50 <= targetP50 && hop99 <= targetP99;

      // Operations: broadcasts to the room of 1,000 sockets on Default, counted at Redis.
      const room = `profile:${seeded.defaultProfileId}`;
      const ops: { from: string; deliveries: number; seconds: number; calls: Map<string, number> }[] = [];
      for (const [from, node] of [
        ['A', a],
        ['B', b],
      ] as const) {
        await sleep(500);
        await clients.record('quotes');
        const before = await commandStats(admin);
        const started = Date.now();
        await node.call('broadcast', { room, count: broadcasts, chunk: 10 });
        const done = await clients.waitFor(broadcasts * roomSize, { idleMs: 3000 });
        const seconds = (Date.now() - started) / 1000;
        const after = await commandStats(admin);
        ops.push({ from, deliveries: done.received, seconds, calls: delta(before, after) });
      }
      const commands = [...new Set(ops.flatMap((op) => [...op.calls.keys()]))].sort();
      const xaddPerBroadcast = ops.map((op) => (op.calls.get('xadd') ?? 0) / broadcasts);
      const opsMet = xaddPerBroadcast.every((x) => x < 1.1);

      printTable(
        `redis — client-observed latency on node B, ${int(connect.connected)} sockets; ${perNode} events each way`,
        [
          ['published on', 'p50', 'p90', 'p99', 'max', 'received'],
          ['B (its own sockets)', ms(lb.p50), ms(lb.p90), ms(lb.p99), ms(lb.max), int(viaB.length)],
          ['A (through Redis)', ms(la.p50), ms(la.p90), ms(la.p99), ms(la.max), int(viaA.length)],
          ['Redis hop (A − B)', ms(hop50), '', ms(hop99), '', lost === 0 ? 'none lost' : `${int(lost)} LOST`],
          [
            'target',
            `≤ ${targetP50} ms ${verdict(hop50 <= targetP50)}`,
            '',
            `≤ ${targetP99} ms ${verdict(hop99 <= targetP99)}`,
            '',
            '',
          ],
        ],
      );
      printTable(
        `redis — commands during ${broadcasts} broadcasts to a room of ${int(roomSize)} sockets on B (INFO commandstats)`,
        [
          ['published on', 'deliveries', ...commands, 'xadd per broadcast'],
          ...ops.map((op, i) => [
            op.from,
            int(op.deliveries),
            ...commands.map((command) => String(op.calls.get(command) ?? 0)),
            xaddPerBroadcast[i]!.toFixed(2),
          ]),
        ],
      );
      return {
        rows: [
          [
            title,
            `p50 ${ms(hop50)}, p99 ${ms(hop99)} added (local p50 ${ms(lb.p50)}, via Redis p50 ${ms(la.p50)})`,
            target,
            verdict(latencyMet && lost === 0),
          ],
          [
            'Redis operations per broadcast',
            `${ops.map((op) => `${op.calls.get('xadd') ?? 0} XADD for ${broadcasts} broadcasts (${int(op.deliveries)} deliveries) from ${op.from}`).join('; ')}`,
            'one per broadcast, not per delivery',
            verdict(opsMet),
          ],
        ],
        notes: [
          'redis: a publish on B also waits for its XADD before it writes to its own sockets (the cluster ' +
            "adapter publishes first, then broadcasts locally); the hop is the other node's read of the stream.",
        ],
      };
    } finally {
      await clients.stop();
      await a.stop();
      await b.stop();
    }
  } finally {
    await admin.close().catch(() => admin.destroy());
    await db.drop();
  }
}
