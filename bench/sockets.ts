import { sleep } from './lib/clock';
import { Clients } from './lib/clients';
import type { BenchResult } from './lib/report';
import { BenchDatabase, startGateway } from './lib/setup';
import { int, kb, mb, printTable, verdict } from './lib/stats';

/**
 * Concurrent authenticated sockets on one gateway process, and the memory each costs.
 *
 * Every socket is a user of its own with a session cookie, admitted by the gateway's real middleware
 * (session lookup, user and profiles read) and joined to its rooms. Memory per connection is the growth
 * of the gateway's RSS (and V8 heap) between before and after, each read after full collections,
 * divided by the sockets connected. A warm-up of a few hundred sockets first, so that code compiled and
 * pools filled on first use are in "before".
 *
 * The clients are two processes, so that neither the gateway nor a client holds 20,000 files.
 */
export async function sockets(): Promise<BenchResult> {
  const count = Number(process.env.BENCH_SOCKETS ?? 19_500);
  const warmup = 300;
  const targetKb = 16;
  const db = await BenchDatabase.create('sockets');
  try {
    const seeded = await db.seed({ tag: 'sockets', users: count });
    const cookies = seeded.users.map((user) => user.cookies[0]!);
    const { gateway, url } = await startGateway({ env: await db.nodeEnv('gateway') });
    const clients = await Clients.start(2);
    try {
      await clients.connect({ url, mode: 'socketio', cookies: cookies.slice(0, warmup) });
      await clients.closeAll();
      await sleep(1000);

      const before = await gateway.call('mem');
      const cpuBefore = await gateway.call('cpu');
      const connect = await clients.connect({ url, mode: 'socketio', cookies });
      const cpuAfter = await gateway.call('cpu');
      const cpuPerSocket = (cpuAfter.cpuMs - cpuBefore.cpuMs) / connect.connected;
      // Let the join's pushes (market status, alerts snapshot) go out before memory is read.
      await sleep(3000);
      const after = await gateway.call('mem');
      const connected = after.sockets;
      const rssPer = (after.rss - before.rss) / connected;
      const heapPer = (after.heapUsed - before.heapUsed) / connected;
      const met = connected >= count && rssPer <= targetKb * 1024;
      // What of it is transient: the packets kept two minutes for recovery (two per join: the market
      // status and the alerts snapshot). Read after the figures above, never instead of them.
      const kept = await gateway.call('forgetRecoveryPackets');
      const steady = await gateway.call('mem');
      const steadyHeapPer = (steady.heapUsed - before.heapUsed) / connected;

      printTable(`sockets — ${int(count)} authenticated sockets on one gateway process (${db.kind})`, [
        ['measure', 'value', 'target'],
        ['sockets connected (gateway count)', `${int(connected)} of ${int(count)}`, `≥ ${int(count)}`],
        ['connect failures', connect.failed > 0 ? connect.errors.join('; ') : '0', ''],
        [
          'time to connect all',
          `${(connect.ms / 1000).toFixed(1)} s (${int(connect.connected / (connect.ms / 1000))} /s)`,
          '',
        ],
        [
          'gateway CPU while connecting',
          `${((cpuAfter.cpuMs - cpuBefore.cpuMs) / 1000).toFixed(1)} s (${cpuPerSocket.toFixed(2)} ms per socket)`,
          '',
        ],
        ['RSS before → after', `${mb(before.rss)} → ${mb(after.rss)}`, ''],
        ['heapUsed before → after', `${mb(before.heapUsed)} → ${mb(after.heapUsed)}`, ''],
        ['RSS per connection', kb(rssPer), `≤ ${targetKb} KB  ${verdict(rssPer <= targetKb * 1024)}`],
        ['heapUsed per connection', kb(heapPer), ''],
        [
          'kept for recovery (2 min)',
          `${int(after.recoveryPackets)} broadcast packets, ${int(after.recoverySessions)} sessions`,
          '',
        ],
        ['heapUsed per connection, less those', `${kb(steadyHeapPer)} (${int(kept)} packets dropped)`, ''],
      ]);
      return {
        rows: [
          [
            'Sockets on one gateway process',
            `${int(connected)} connected; ${kb(rssPer)} RSS, ${kb(heapPer)} heap per connection`,
            `≥ ${int(count)}; ≤ ${targetKb} KB RSS per connection`,
            verdict(met),
          ],
        ],
        notes: [
          `sockets: joining costs the gateway ${cpuPerSocket.toFixed(1)} ms of CPU per socket (session, user, ` +
            `profiles and alerts read from the database); ${int(count)} joined in ${(connect.ms / 1000).toFixed(0)} s.`,
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
