/**
 * A file at its limit (issue 14 §5): 500 open lots (and as many closed ones) over 60 symbols, then the
 * reads a portfolio page makes — open positions and the pie chart — timed over HTTP against the real
 * gateway. Prints p50 / p99; the target is both under 50 ms. Run: `node --import tsx bench/lots.ts`
 * (PostgreSQL at BENCH_PG_URL when it answers, as the other benchmarks; PGlite otherwise).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { newYorkDate, previousTradingDay } from '@insight/shared/market/calendar';
import { apiPath } from '@insight/shared/market/schemas';
import { portfolioApi, portfolioLimits } from '@insight/shared/portfolio/schemas';
import pg from 'pg';
import { buildApp } from '../gateway/src/app';
import { loadConfig } from '../gateway/src/config';
import { createUser, signIn } from '../gateway/test/factories/users';
import { HttpClient } from '../gateway/test/http';
import { percentile, printTable, verdict } from './lib/stats';

const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function database() {
  const name = `insight_bench_lots_${process.pid}`;
  const pglite = { url: undefined, kind: 'PGlite', drop: async () => {} };
  if (process.env.BENCH_DB === 'pglite') return pglite;
  try {
    const admin = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      kind: 'PostgreSQL',
      drop: async () => {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  } catch {
    return pglite;
  }
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'insight-bench-lots-'));
  const db = await database();
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: db.url, PORT: '0', LOG_LEVEL: 'silent' }),
    { logger: false },
  );
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    console.info(`backfilling the simulated market on ${db.kind}…`);
    await app.ingestor.start();
    await app.ingestor.stop();
    // The analyst figures are recomputed once after a backfill (seconds of judging, in slices): the reads
    // are timed after it, as on a gateway that has been up a while, not against that one-off start-up work.
    await app.analytics.ensureFresh();
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const client = new HttpClient(baseUrl);
    const user = await createUser(app);
    await signIn(client, user);
    const created = await client.post(portfolioApi.create, { start_budget: 1_000_000_000 });
    const fileId = created.body.id as number;
    const symbols = (
      await app.db.selectFrom('quotes').select('symbol').orderBy('symbol').limit(60).execute()
    ).map((row) => row.symbol);
    let day = previousTradingDay(newYorkDate(new Date()));
    const days: string[] = [];
    for (let i = 0; i < 40; i++) {
      days.push(day);
      day = previousTradingDay(day);
    }
    const lot = (index: number, closed: boolean) => ({
      portfolio_id: fileId,
      symbol: symbols[index % symbols.length]!,
      kind: index % 5 === 0 ? ('Short' as const) : ('Long' as const),
      entry_date: days[30 + (index % 10)]!,
      entry_price: String(50 + (index % 40)),
      quantity: 1 + (index % 20),
      notes: `lot ${index}`,
      ...(closed ? { close_date: days[index % 20]!, close_price: String(60 + (index % 30)) } : {}),
    });
    const open = Array.from({ length: portfolioLimits.openLotsMax }, (_, index) => lot(index, false));
    const closed = Array.from({ length: portfolioLimits.openLotsMax }, (_, index) => lot(index, true));
    await app.db
      .insertInto('portfolio_positions')
      .values([...open, ...closed])
      .execute();

    // A node keeps a file's rows while its revision holds (gateway/src/portfolio/file-cache.ts): the
    // first read after a change reads them all again. That read is timed too, after a change of one
    // lot's notes made in the database (untimed), as a user's edit or another node's would be.
    const someLot = await app.db
      .selectFrom('portfolio_positions')
      .select('id')
      .where('portfolio_id', '=', fileId)
      .executeTakeFirstOrThrow();
    let edits = 0;
    const change = () =>
      app.db
        .updateTable('portfolio_positions')
        .set({ notes: `edited ${++edits}` })
        .where('id', '=', someLot.id)
        .execute();
    const reads: Record<
      string,
      { before?: () => Promise<unknown>; read: () => ReturnType<HttpClient['get']> }
    > = {
      'open positions (GET file/get_portfolio_open_positions)': {
        read: () => client.get(apiPath(portfolioApi.openPositions, { id: fileId })),
      },
      'open positions, first read after a change': {
        before: change,
        read: () => client.get(apiPath(portfolioApi.openPositions, { id: fileId })),
      },
      'pie chart (POST file/get_portfolio_pie_chart)': {
        read: () => client.post(portfolioApi.pieChart, { pid: fileId }),
      },
    };
    const rows: string[][] = [['read, 500 open + 500 closed lots', 'p50', 'p99', 'target < 50 ms']];
    for (const [name, { before, read }] of Object.entries(reads)) {
      const first = await read();
      if (first.status !== 200) throw new Error(`${name}: ${first.status} ${first.text}`);
      for (let i = 0; i < 10; i++) await read(); // warm-up
      const samples: number[] = [];
      for (let i = 0; i < rounds; i++) {
        await before?.();
        const started = performance.now();
        const response = await read();
        samples.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
      }
      const p50 = percentile(samples, 50);
      const p99 = percentile(samples, 99);
      rows.push([name, `${p50.toFixed(1)} ms`, `${p99.toFixed(1)} ms`, verdict(p99 < 50)]);
    }
    printTable(`A file at its limit (${db.kind}, ${rounds} reads each)`, rows);
  } finally {
    await app.close();
    await db.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
