import { sleep } from './lib/clock';
import { Clients } from './lib/clients';
import type { BenchResult } from './lib/report';
import { BenchDatabase, startGateway, startWsServer } from './lib/setup';
import { distribution, int, ms, printTable, verdict } from './lib/stats';

/**
 * Push latency when 10 % of the investment profiles change per cycle: 1,000 profiles, each the current
 * profile of a user signed in on 10 devices (10,000 sockets); each cycle 100 random profiles get an
 * `alert:new` through app.realtime.publish, as the alerts feature pushes new alerts.
 *
 * - Gateway span: inside the gateway, from the first publish of a cycle to the return of the last one
 *   (every write handed to its socket; see latencyRun in lib/gateway-node.ts).
 * - Client-observed latency: from the moment a publish began in the gateway to the arrival of the
 *   event in a client process, on the monotonic clock both processes share.
 * - The floor: a plain `ws` server with as many connections, writing the same bytes to as many of
 *   them per cycle. Each delivery is one write system call for both; what the gateway adds is the rest.
 */
export async function latency(): Promise<BenchResult> {
  const profiles = 1000;
  const socketsPerProfile = 10;
  const perCycle = profiles / 10;
  const cycles = 300;
  const warmupCycles = 20;
  const intervalMs = 50;
  const targetMs = 30;
  // The gateway alone on core 0, the clients on core 1: the span is the gateway's work, not its wait
  // for a core the load generator took (in production the clients are other machines).
  const pinning = { server: { cpu: 0 }, clients: { cpu: 1 } };

  const db = await BenchDatabase.create('latency');
  try {
    const seeded = await db.seed({
      tag: 'latency',
      users: profiles,
      ownsProfile: () => true,
      sessionsOf: () => socketsPerProfile,
    });
    const { gateway, url } = await startGateway({ env: await db.nodeEnv('gateway'), ...pinning.server });
    const clients = await Clients.start(2, pinning.clients);
    try {
      const cookies = seeded.users.flatMap((user) => user.cookies);
      const connect = await clients.connect({ url, mode: 'socketio', cookies });
      if (connect.failed > 0) console.log(`  connect failures: ${connect.errors.join('; ')}`);
      await sleep(1000);

      await clients.record('alert:new', true);
      const run = await gateway.call(
        'latencyRun',
        {
          profileIds: seeded.users.map((user) => user.profileId),
          perCycle,
          cycles,
          warmupCycles,
          intervalMs,
        },
        (cycles + warmupCycles) * intervalMs + 120_000,
      );
      const expected = (cycles + warmupCycles) * perCycle * socketsPerProfile;
      const done = await clients.waitFor(expected, { idleMs: 3000 });
      const arrivals = await clients.arrivals();

      // The floor on this machine: a plain `ws` server holding as many connections and writing the
      // same alert to as many of them per cycle (one write system call each, as the gateway makes).
      const { server: wsServer, url: wsUrl } = await startWsServer(pinning.server);
      let floor: ReturnType<typeof distribution>;
      try {
        await clients.connect({ url: wsUrl, mode: 'ws', count: cookies.length });
        await clients.record(null);
        floor = distribution(
          await wsServer.call('spans', {
            text: done.sample ?? '',
            perCycle: perCycle * socketsPerProfile,
            cycles: cycles / 2,
            intervalMs,
          }),
        );
      } finally {
        await wsServer.stop();
      }

      const observed: number[] = [];
      for (let i = 0; i < arrivals.ids.length; i++) {
        const id = arrivals.ids[i]!;
        if (id >= run.firstMeasuredId) observed.push(arrivals.times[i]! - run.sentAt[id]!);
      }
      const expectedMeasured = cycles * perCycle * socketsPerProfile;
      const lost = expectedMeasured - observed.length;
      const span = distribution(run.spans);
      const client = distribution(observed);
      const met = span.p99 <= targetMs;

      printTable(
        `latency — ${int(profiles)} profiles × ${socketsPerProfile} sockets (${int(connect.connected)} connected), ` +
          `${perCycle} profiles per cycle, ${cycles} cycles every ${intervalMs} ms`,
        [
          ['measure', 'p50', 'p90', 'p99', 'max', 'target'],
          [
            'gateway span per cycle',
            ms(span.p50),
            ms(span.p90),
            ms(span.p99),
            ms(span.max),
            `p99 ≤ ${targetMs} ms  ${verdict(met)}`,
          ],
          ['client-observed latency', ms(client.p50), ms(client.p90), ms(client.p99), ms(client.max), ''],
          [
            `plain ws: ${int(perCycle * socketsPerProfile)} sends per cycle`,
            ms(floor.p50),
            ms(floor.p90),
            ms(floor.p99),
            ms(floor.max),
            'the floor',
          ],
          [
            'deliveries',
            `${int(observed.length)} of ${int(expectedMeasured)}`,
            lost === 0 ? 'none lost' : `${int(lost)} LOST`,
            '',
            '',
            '',
          ],
        ],
      );
      return {
        rows: [
          [
            'Push latency, 10 % of 1,000 profiles per cycle (10,000 sockets)',
            `gateway span p50 ${ms(span.p50)}, p99 ${ms(span.p99)} (plain ws, same writes: p50 ${ms(floor.p50)}, ` +
              `p99 ${ms(floor.p99)}); client-observed p50 ${ms(client.p50)}, p99 ${ms(client.p99)}`,
            `span p99 ≤ ${targetMs} ms`,
            verdict(met && lost === 0),
          ],
        ],
        notes: [
          `latency: each delivery is one write system call, for the gateway as for plain ws; the span is ` +
            `${int(perCycle * socketsPerProfile)} of them per cycle.`,
          ...(lost === 0 ? [] : [`latency: ${int(lost)} of ${int(expectedMeasured)} alerts never arrived.`]),
        ],
      };
    } finally {
      await clients.stop();
      await gateway.stop();
    }
  } finally {
    await db.drop();
  }
}
