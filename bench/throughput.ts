import { sleep } from './lib/clock';
import { Clients } from './lib/clients';
import type { BenchResult } from './lib/report';
import { BenchDatabase, startGateway, startWsServer } from './lib/setup';
import { fixed, int, printTable, verdict } from './lib/stats';

interface Round {
  rate: number;
  received: number;
  serverCpu: number;
  clientCpu: number;
  seconds: number;
}

/**
 * Deliveries per second on one core, with zero loss: the gateway pinned to core 0 and the clients to
 * core 1; a `quotes` batch of ten symbols broadcast M times to a room of K sockets through
 * app.realtime.publish. A delivery is one event received by one client; the rate is K×M over the time
 * from the first publish to the last arrival, and counts only when all K×M arrived.
 *
 * The baseline is a plain `ws` server pinned the same way, sending the bytes the gateway sent (taken
 * from a delivery) to the same number of clients, measured in the same run, alternating rounds. The
 * CPU share of server and clients over each round says which side was the bottleneck.
 */
export async function throughput(): Promise<BenchResult> {
  const sockets = 1000;
  const messages = 200;
  const chunk = 10;
  const rounds = 3;
  const expected = sockets * messages;
  const targetRate = 50_000;
  const targetRatio = 0.6;

  const db = await BenchDatabase.create('throughput');
  try {
    const seeded = await db.seed({ tag: 'throughput', users: sockets });
    const room = `profile:${seeded.defaultProfileId}`;
    const { gateway, url } = await startGateway({ env: await db.nodeEnv('gateway'), cpu: 0 });
    const { server: wsServer, url: wsUrl } = await startWsServer({ cpu: 0 });
    const clients = await Clients.start(1, { cpu: 1 });
    try {
      const ioConnect = await clients.connect({
        url,
        mode: 'socketio',
        cookies: seeded.users.map((u) => u.cookies[0]!),
      });
      const wsConnect = await clients.connect({ url: wsUrl, mode: 'ws', count: sockets });
      if (ioConnect.connected !== sockets || wsConnect.connected !== sockets)
        throw new Error(
          `connected ${ioConnect.connected} sockets and ${wsConnect.connected} ws of ${sockets}`,
        );
      await sleep(1000);

      // Warm-up of both; the gateway's bytes become the baseline's.
      await clients.record('quotes');
      await gateway.call('broadcast', { room, count: 20, chunk });
      const warm = await clients.waitFor(sockets * 20);
      if (!warm.sample) throw new Error('no quotes arrived in the warm-up');
      const text = warm.sample;
      await clients.record('quotes');
      await wsServer.call('broadcast', { text, count: 20, chunk });
      await clients.waitFor(sockets * 20);

      const measure = async (
        send: () => Promise<{ start: number }>,
        cpu: () => Promise<number>,
      ): Promise<Round> => {
        await sleep(500);
        await clients.record('quotes');
        const serverBefore = await cpu();
        const clientBefore = await clients.cpuMs();
        const { start } = await send();
        const done = await clients.waitFor(expected, { idleMs: 3000 });
        const serverCpu = (await cpu()) - serverBefore;
        const clientCpu = (await clients.cpuMs()) - clientBefore;
        const seconds = (done.last - start) / 1000;
        return { rate: done.received / seconds, received: done.received, serverCpu, clientCpu, seconds };
      };
      const io: Round[] = [];
      const ws: Round[] = [];
      for (let round = 0; round < rounds; round++) {
        io.push(
          await measure(
            () => gateway.call('broadcast', { room, count: messages, chunk }),
            async () => (await gateway.call('cpu')).cpuMs,
          ),
        );
        ws.push(
          await measure(
            () => wsServer.call('broadcast', { text, count: messages, chunk }),
            async () => (await wsServer.call('cpu')).cpuMs,
          ),
        );
      }

      const median = (list: Round[]) =>
        [...list].sort((a, b) => a.rate - b.rate)[Math.floor(list.length / 2)]!;
      const ioMedian = median(io);
      const wsMedian = median(ws);
      const lossless = [...io, ...ws].every((r) => r.received === expected);
      const ratio = ioMedian.rate / wsMedian.rate;
      const met = lossless && ioMedian.rate >= targetRate && ratio >= targetRatio;
      const share = (cpuMs: number, r: Round) => `${fixed((cpuMs / 1000 / r.seconds) * 100, 0)} %`;
      const row = (name: string, r: Round, i: number) => [
        `${name} #${i + 1}`,
        `${int(r.rate)}/s`,
        `${int(r.received)} of ${int(expected)}`,
        `${fixed(r.seconds, 2)} s`,
        share(r.serverCpu, r),
        share(r.clientCpu, r),
      ];
      printTable(
        `throughput — ${messages} quotes batches (${text.length} bytes) to a room of ${int(sockets)} sockets; ` +
          `server on core 0, clients on core 1`,
        [
          ['round', 'deliveries', 'received', 'time', 'server CPU', 'clients CPU'],
          ...io.map((r, i) => row('gateway', r, i)),
          ...ws.map((r, i) => row('plain ws', r, i)),
          [
            'gateway (median)',
            `${int(ioMedian.rate)}/s`,
            '',
            '',
            '',
            `target ≥ ${int(targetRate)}/s  ${verdict(ioMedian.rate >= targetRate)}`,
          ],
          ['plain ws (median)', `${int(wsMedian.rate)}/s`, '', '', '', ''],
          [
            'gateway / plain ws',
            `${fixed(ratio * 100, 0)} %`,
            '',
            '',
            '',
            `target ≥ ${targetRatio * 100} %  ${verdict(ratio >= targetRatio)}`,
          ],
          ['loss', lossless ? 'none' : 'LOSS', '', '', '', 'zero'],
        ],
      );
      return {
        rows: [
          [
            'Deliveries per second, gateway on one core',
            `${int(ioMedian.rate)}/s (${fixed(ratio * 100, 0)} % of plain ws at ${int(wsMedian.rate)}/s), ${lossless ? 'no loss' : 'LOSS'}`,
            `≥ ${int(targetRate)}/s, ≥ ${targetRatio * 100} % of plain ws, zero loss`,
            verdict(met),
          ],
        ],
        notes: [],
      };
    } finally {
      await clients.stop();
      await wsServer.stop();
      await gateway.stop();
    }
  } finally {
    await db.drop();
  }
}
