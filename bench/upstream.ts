import type { Feed } from '../gateway/src/market/ingest';
import { sleep } from './lib/clock';
import { Clients } from './lib/clients';
import type { BenchResult } from './lib/report';
import { BenchDatabase, marketTemplate, startGateway } from './lib/setup';
import { fixed, int, printTable, verdict } from './lib/stats';

/** Every feed of the ingestion, in the order the bench polls them. */
const feeds: Feed[] = ['status', 'quotes', 'ratings', 'news', 'bars', 'reference'];

/** mulberry32, so that every run subscribes the same symbols. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Upstream calls per poll cycle against the number of users connected (100, 1,000, 5,000, 19,500):
 * one poll of every feed (app.ingestor.run, what the ingestion's timers call) with the upstream's
 * calls counted by path (app.upstream.calls). One poll serves every user, so the calls should depend
 * on the market (symbols per request batch), never on the users, their sockets, their subscriptions
 * or their profiles.
 *
 * On a copy of the backfilled market, with INGEST=0: the ingestion's own timers would poll in the
 * middle of a measured cycle; here only the measured polls call the upstream. A first cycle with no
 * one connected stores what the backfill left to do (the alerts of the Default profile among it).
 * Each user is a socket with a session of its own, subscribed to the quotes of 3 random symbols. One
 * user in a hundred is on the Default profile, the others each on a profile of their own: a socket
 * joining Default is sent its whole 30-day alert feed (hundreds of alerts), which would make joining
 * 19,500 of them the bulk of the run.
 */
export async function upstream(): Promise<BenchResult> {
  const levels = [100, 1000, 5000, 19_500];
  const total = levels.at(-1)!;
  const symbolsPerUser = 3;

  const template = await marketTemplate();
  const db = await BenchDatabase.create('upstream', template);
  try {
    const universe = await db.symbols();
    const seeded = await db.seed({ tag: 'upstream', users: total, ownsProfile: (i) => i % 100 !== 0 });
    const next = random(7);
    const subscriptions = seeded.users.map(() =>
      Array.from({ length: symbolsPerUser }, () => universe[Math.floor(next() * universe.length)]!),
    );
    const { gateway, url } = await startGateway({ env: await db.nodeEnv('gateway') });
    const clients = await Clients.start(2);
    try {
      await gateway.call('ingestCycle', { feeds }, 300_000);

      const rows: {
        users: number;
        connected: number;
        profiles: number;
        symbols: number;
        calls: Record<string, number>;
        connectMs: number;
        cycleMs: number;
      }[] = [];
      let connectedSoFar = 0;
      for (const level of levels) {
        const connect = await clients.connect({
          url,
          mode: 'socketio',
          cookies: seeded.users.slice(connectedSoFar, level).map((user) => user.cookies[0]!),
          subscribe: subscriptions.slice(connectedSoFar, level),
        });
        if (connect.failed > 0) console.log(`  connect failures: ${connect.errors.join('; ')}`);
        connectedSoFar = level;
        await sleep(500);
        const started = Date.now();
        const cycle = await gateway.call('ingestCycle', { feeds }, 300_000);
        const cycleMs = Date.now() - started;
        const users = seeded.users.slice(0, level);
        rows.push({
          users: level,
          connected: (await gateway.call('sockets')).sockets,
          profiles: new Set(users.map((user) => user.profileId)).size,
          symbols: new Set(subscriptions.slice(0, level).flat()).size,
          calls: Object.fromEntries(
            feeds.map((feed) => [feed, Object.values(cycle.calls[feed] ?? {}).reduce((a, b) => a + b, 0)]),
          ),
          connectMs: connect.ms,
          cycleMs,
        });
      }

      const callsOf = (row: (typeof rows)[number]) => feeds.map((feed) => row.calls[feed] ?? 0);
      const totalOf = (row: (typeof rows)[number]) => callsOf(row).reduce((a, b) => a + b, 0);
      const first = rows[0]!;
      const flat = rows.every((row) => callsOf(row).every((calls, i) => calls === callsOf(first)[i]));
      printTable(
        `upstream — calls per poll cycle against users connected (${int(universe.length)} symbols in the market)`,
        [
          [
            'users',
            'sockets',
            'profiles in use',
            'symbols subscribed',
            ...feeds,
            'calls in all',
            'cycle took',
            'new users joined in',
          ],
          ...rows.map((row) => [
            int(row.users),
            int(row.connected),
            int(row.profiles),
            int(row.symbols),
            ...callsOf(row).map(String),
            String(totalOf(row)),
            `${fixed(row.cycleMs / 1000, 1)} s`,
            `${fixed(row.connectMs / 1000, 1)} s`,
          ]),
        ],
      );
      console.log(
        `  calls ${flat ? 'are the same at every number of users' : 'CHANGE with the number of users'}`,
      );
      const spread = [...new Set(rows.map(totalOf))].join(' / ');
      return {
        rows: [
          [
            'Upstream calls per poll cycle',
            `${spread} calls per cycle at ${levels.map(int).join(' / ')} users (${feeds
              .map((feed, i) => `${feed} ${callsOf(first)[i]}`)
              .join(', ')}); ${int(universe.length)} market symbols`,
            'flat from 100 to 19,500 users',
            verdict(flat),
          ],
        ],
        notes: [],
      };
    } finally {
      await clients.stop();
      await gateway.stop();
    }
  } finally {
    await db.drop();
  }
}
