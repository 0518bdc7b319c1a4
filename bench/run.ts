/**
 * The realtime gateway's benchmarks: `npm run bench` runs them all in order, `npm run bench -- sockets
 * latency` some. Each prints its table; at the end a Markdown block summarises them for the README's
 * "Performance" section. They print figures and never fail on a missed target: a target missed is
 * said as such.
 *
 * Everything runs on 127.0.0.1: gateways, clients and the plain `ws` server are child processes that
 * end with this one (see lib/ipc.ts), and the whole run stops after BENCH_TIMEOUT_MS (default 15 min).
 */
import os from 'node:os';
import { killAllChildren } from './lib/ipc';
import type { Benchmark, BenchResult } from './lib/report';
import { cleanupAll, databaseKind, dropStaleDatabases } from './lib/setup';
import { markdownTable } from './lib/stats';
import { feed } from './feed';
import { latency } from './latency';
import { redis } from './redis';
import { sockets } from './sockets';
import { throughput } from './throughput';
import { upstream } from './upstream';

interface Entry {
  run: Benchmark;
  title: string;
  target: string;
  /** Not part of a run without names: `npm run bench -- scan first-start` runs them. */
  onlyWhenNamed?: boolean;
}

const benchmarks: Record<string, Entry> = {
  sockets: { run: sockets, title: 'Sockets on one gateway process', target: '≤ 16 KB RSS per connection' },
  latency: {
    run: latency,
    title: 'Push latency, 10 % of profiles per cycle',
    target: 'gateway span p99 ≤ 30 ms',
  },
  throughput: {
    run: throughput,
    title: 'Deliveries per second, one core',
    target: '≥ 50,000/s and ≥ 60 % of plain ws',
  },
  upstream: {
    run: upstream,
    title: 'Upstream calls per poll cycle',
    target: 'flat from 100 to 19,500 users',
  },
  redis: { run: redis, title: 'Redis hop between two nodes', target: '≤ 1 ms p50, ≤ 5 ms p99 added' },
  feed: {
    run: feed,
    title: 'The feed at load, Default profile after a backfill',
    target: 'join ≤ 5 ms CPU; finance_info p50 ≤ 20 ms, ≤ 60 KB',
  },
  scan: {
    // Imported when run: they load the gateway in this process (scan) or need a built client.
    run: async () => (await import('./scan')).scan(),
    title: 'Opportunity scan with point-in-time fundamentals',
    target: '≤ 1.25× the baseline without them, first and repeated',
    onlyWhenNamed: true,
  },
  'first-start': {
    run: async () => (await import('./first-start')).firstStart(),
    title: 'First start, PGlite',
    target: 'measured before and after (README)',
    onlyWhenNamed: true,
  },
};

let stopping = false;

async function shutdown(code: number) {
  stopping = true;
  killAllChildren();
  await Promise.race([cleanupAll(), new Promise((resolve) => setTimeout(resolve, 20_000))]);
  process.exit(code);
}

async function main() {
  const asked = process.argv.slice(2).filter((arg) => arg !== '--');
  const unknown = asked.filter((name) => !(name in benchmarks));
  if (unknown.length > 0) {
    console.error(
      `Unknown benchmark ${unknown.join(', ')}; choose from: ${Object.keys(benchmarks).join(', ')}`,
    );
    process.exit(2);
  }
  const names =
    asked.length > 0 ? asked : Object.keys(benchmarks).filter((name) => !benchmarks[name]!.onlyWhenNamed);

  const timeoutMs = Number(process.env.BENCH_TIMEOUT_MS ?? 15 * 60_000);
  setTimeout(() => {
    console.error(`\nThe bench did not finish within ${timeoutMs / 1000} s: stopping everything.`);
    void shutdown(1);
  }, timeoutMs).unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown(130));

  const database = await databaseKind();
  await dropStaleDatabases();
  const cpu = os.cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  console.log(
    `Insight realtime benchmarks: ${names.join(', ')} — ${cpu}, ${os.cpus().length} cores, Node ${process.version}, ${database}`,
  );

  const results: BenchResult[] = [];
  const started = Date.now();
  for (const name of names) {
    if (stopping) return;
    const bench = benchmarks[name]!;
    const benchStarted = Date.now();
    console.log(`\n=== ${name} ===`);
    try {
      results.push(await bench.run());
    } catch (error) {
      if (stopping) return;
      const message = error instanceof Error ? error.message : String(error);
      console.error(`\n${name} failed: ${error instanceof Error ? (error.stack ?? message) : message}`);
      results.push({
        rows: [[bench.title, `failed: ${message.split('\n')[0]}`, bench.target, 'FAILED']],
        notes: [],
      });
    }
    console.log(`  (${name}: ${((Date.now() - benchStarted) / 1000).toFixed(0)} s)`);
  }
  if (stopping) return;
  await cleanupAll();

  const date = new Date().toISOString().slice(0, 10);
  console.log(`\n--- Markdown summary (${((Date.now() - started) / 1000).toFixed(0)} s in all) ---\n`);
  console.log(
    [
      `Measured ${date} with \`npm run bench\` on ${cpu} (${os.cpus().length} cores), Node ${process.version}, ` +
        `${database === 'postgres' ? 'PostgreSQL' : 'PGlite'}; gateway, clients and Redis on one machine over loopback.`,
      '',
      markdownTable([['Benchmark', 'Measured', 'Target', ''], ...results.flatMap((result) => result.rows)]),
      ...results.flatMap((result) => result.notes).map((note, i) => (i === 0 ? `\n- ${note}` : `- ${note}`)),
    ].join('\n'),
  );
  await shutdown(0);
}

main().catch(async (error: unknown) => {
  console.error(error);
  await shutdown(1);
});
