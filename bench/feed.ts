import { sleep } from './lib/clock';
import { Clients } from './lib/clients';
import type { BenchResult } from './lib/report';
import { BenchDatabase, marketTemplate, startGateway } from './lib/setup';
import { distribution, fixed, int, kb, ms, printTable, verdict } from './lib/stats';

/**
 * The feed at load, with realistic data: the Default profile as a backfill leaves it (hundreds of
 * alerts from the rules over five years of the simulated market), some users with dismissals, every
 * user on that profile.
 *
 * - per-join gateway CPU, snapshot included: the gateway's CPU over 500 sockets joining, per socket;
 * - 2,000 sockets of that one profile connecting at once, until each holds its snapshot;
 * - finance_info one at a time (p50, p99, size) and under 50 concurrent users (requests a second,
 *   p99), with /api/health read meanwhile.
 */
export async function feed(): Promise<BenchResult> {
  const sockets = Number(process.env.BENCH_FEED_SOCKETS ?? 2000);
  const template = await marketTemplate();
  const db = await BenchDatabase.create('feed', template);
  try {
    const seeded = await db.seed({ tag: 'feed', users: sockets + 500 });
    const { gateway, url, port } = await startGateway({ name: 'feed', env: await db.nodeEnv('gateway') });
    const http = `http://127.0.0.1:${port}`;
    const { profileId, alertIds } = await gateway.call('evaluateAlerts', undefined, 180_000);
    // A tenth of the users dismissed a few alerts each, among the newest.
    const dismissing = seeded.users.filter((_, index) => index % 10 === 0).map((user) => user.id);
    await gateway.call(
      'dismiss',
      { profileId, userIds: dismissing, alertIds: alertIds.slice(0, 5) },
      600_000,
    );

    const cookies = seeded.users.map((user) => user.cookies[0]!);
    const clients = await Clients.start(2);
    const rows: string[][] = [];
    const notes: string[] = [
      `${int(alertIds.length)} alerts on the Default profile, ${int(dismissing.length)} users with 5 dismissals each (${db.kind})`,
    ];
    try {
      // Warm-up: code compiled and the profile's list cached.
      await clients.connect({ url, mode: 'socketio', cookies: cookies.slice(sockets, sockets + 50) });
      await clients.closeAll();
      await sleep(500);

      // Per-join CPU: 500 sockets, one after another in small batches.
      const joinCookies = cookies.slice(sockets, sockets + 500);
      await clients.record('alerts:snapshot');
      const cpuBefore = await gateway.call('cpu');
      const joined = await clients.connect({ url, mode: 'socketio', cookies: joinCookies, concurrency: 8 });
      await clients.waitFor(joined.connected, { idleMs: 3000, timeoutMs: 60_000 });
      const cpuAfter = await gateway.call('cpu');
      const perJoin = (cpuAfter.cpuMs - cpuBefore.cpuMs) / Math.max(1, joined.connected);
      console.log(`  per join: ${ms(perJoin)} CPU over ${int(joined.connected)} sockets`);
      await clients.closeAll();
      await sleep(1000);

      // 2,000 sockets of one profile at once, until each holds its snapshot.
      await clients.record('alerts:snapshot');
      const started = performance.now();
      const burst = await clients.connect({
        url,
        mode: 'socketio',
        cookies: cookies.slice(0, sockets),
        concurrency: 200,
      });
      const snapshots = await clients.waitFor(sockets, { idleMs: 5000, timeoutMs: 120_000 });
      const burstMs = performance.now() - started;
      const held = snapshots.received;
      console.log(`  ${int(sockets)} sockets: ${fixed(burstMs / 1000, 1)} s, ${int(held)} snapshots`);
      await clients.closeAll();
      await sleep(1000);

      // finance_info, one at a time.
      const cookieHeader = (secret: string) => ({ cookie: `insight_sid=${secret}` });
      const financeInfo = async (secret: string) => {
        const t0 = performance.now();
        const response = await fetch(`${http}/api/user/finance_info/1/s/true`, {
          method: 'POST',
          headers: cookieHeader(secret),
        }).catch((error: unknown) => {
          // undici says only "fetch failed": name the cause.
          const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
          throw new Error(`finance_info: ${String(error)} ${cause}`);
        });
        const body = await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`finance_info answered ${response.status}`);
        return { ms: performance.now() - t0, bytes: body.byteLength };
      };
      for (let i = 0; i < 20; i++) await financeInfo(cookies[i]!);
      const single: number[] = [];
      let size = 0;
      for (let i = 0; i < 300; i++) {
        const answer = await financeInfo(cookies[i % 500]!);
        single.push(answer.ms);
        size = Math.max(size, answer.bytes);
      }
      const one = distribution(single);

      // 50 concurrent users for 10 s, /api/health read every 100 ms meanwhile.
      const loadMs = 10_000;
      const concurrent: number[] = [];
      const health: number[] = [];
      const until = performance.now() + loadMs;
      let healthy = true;
      const healthLoop = (async () => {
        while (performance.now() < until) {
          const t0 = performance.now();
          const response = await fetch(`${http}/api/health`);
          await response.arrayBuffer();
          healthy &&= response.status === 200;
          health.push(performance.now() - t0);
          await sleep(100);
        }
      })();
      await Promise.all(
        Array.from({ length: 50 }, async (_, worker) => {
          let i = worker;
          while (performance.now() < until) {
            concurrent.push((await financeInfo(cookies[i % 500]!)).ms);
            i += 50;
          }
        }),
      );
      await healthLoop;
      const load = distribution(concurrent);
      const perSecond = concurrent.length / (loadMs / 1000);
      const healthDist = distribution(health);

      printTable(`feed — the Default profile after a backfill (${db.kind})`, [
        ['measure', 'value', 'target'],
        ['alerts on the profile', int(alertIds.length), ''],
        ['gateway CPU per join (snapshot included)', ms(perJoin), '≤ 5 ms'],
        [
          `${int(sockets)} sockets of one profile: connected`,
          `${int(burst.connected)} (${int(burst.failed)} failed)`,
          '',
        ],
        [
          `${int(sockets)} sockets: all holding their snapshot`,
          `${fixed(burstMs / 1000, 1)} s (${int(held)} snapshots)`,
          '≤ 10 s',
        ],
        ['finance_info alone p50 / p99', `${ms(one.p50)} / ${ms(one.p99)}`, 'p50 ≤ 20 ms'],
        ['finance_info size', kb(size), '≤ 60 KB'],
        [
          'finance_info, 50 concurrent users',
          `${int(perSecond)} req/s, p50 ${ms(load.p50)}, p99 ${ms(load.p99)}`,
          '≥ 500 req/s, p99 < 200 ms',
        ],
        [
          '/api/health meanwhile p50 / p99',
          `${ms(healthDist.p50)} / ${ms(healthDist.p99)}${healthy ? '' : ' (not 200)'}`,
          'unaffected',
        ],
      ]);
      rows.push(
        ['Feed: gateway CPU per join, snapshot included', ms(perJoin), '≤ 5 ms', verdict(perJoin <= 5)],
        [
          `Feed: ${int(sockets)} sockets of one profile hold their snapshot`,
          `${fixed(burstMs / 1000, 1)} s (${int(held)} of ${int(sockets)})`,
          '≤ 10 s',
          verdict(burstMs <= 10_000 && held >= sockets),
        ],
        [
          'Feed: finance_info alone',
          `p50 ${ms(one.p50)}, p99 ${ms(one.p99)}, ${kb(size)}`,
          'p50 ≤ 20 ms, ≤ 60 KB',
          verdict(one.p50 <= 20 && size <= 60 * 1024),
        ],
        [
          'Feed: finance_info, 50 concurrent users',
          `${int(perSecond)} req/s, p99 ${ms(load.p99)}; /api/health p99 ${ms(healthDist.p99)}`,
          '≥ 500 req/s, p99 < 200 ms',
          verdict(perSecond >= 500 && load.p99 < 200),
        ],
      );
    } finally {
      await clients.stop();
      await gateway.stop();
    }
    return { rows, notes };
  } finally {
    await db.drop();
  }
}
