/**
 * The Market Data report's time on the embedded default (PGlite, in process), on the realistic
 * backfilled market: one sector (Information Technology) of the S&P 500, 20 symbols, scored, from the
 * request to the job's end (workbook and CSV written), the newest month of the market as the to month
 * (a non-admin's report: the month before it), first with nothing in memory and then after the
 * start's warm-up. Prints figures; the target (≤ 5 s) is printed as met or MISSED, never asserted.
 *
 *   node --import tsx bench/reports.ts
 *
 * The market is backfilled once into BENCH_SCAN_MARKET (shared with bench/scan.ts; default
 * /tmp/insight-bench-scan-market, kept between runs) and copied for each run.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiPath } from '@insight/shared';
import { reportsApi, shiftMonth } from '@insight/shared/reports/schemas';
import { buildApp } from '../gateway/src/app';
import { loadConfig } from '../gateway/src/config';
import { accountsRepo } from '../gateway/src/accounts/repo';
import { hashPassword } from '../gateway/src/accounts/passwords';

const marketDir = process.env.BENCH_SCAN_MARKET ?? path.join(os.tmpdir(), 'insight-bench-scan-market');
const targetMs = 5000;

async function ensureMarket() {
  try {
    await fs.access(path.join(marketDir, 'pgdata'));
    return;
  } catch {
    // not there yet
  }
  console.log(`backfilling the simulated market into ${marketDir} (once)…`);
  await fs.mkdir(marketDir, { recursive: true });
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: marketDir, INGEST: '1', LOG_LEVEL: 'silent' }),
    { logger: false },
  );
  await app.ready();
  await app.ingestor.start();
  await app.close();
}

async function measure(mode: 'cold' | 'warm') {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'insight-bench-reports-'));
  await fs.cp(path.join(marketDir, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, INGEST: '0', PORT: '0', LOG_LEVEL: 'silent' }),
    { logger: false },
  );
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await app.universes.refreshSystemUniverses();
    await app.scanner.cache.warming;
    // The copy's first load writes the compact bar rows in the background (as a deployment's first
    // start does once): let it end, so the report does not queue behind it on PGlite's one connection.
    await app.scanner.cache.folding;
    if (mode === 'cold') app.scanner.cache.reset();

    const repo = accountsRepo(app.db);
    const accountId = await repo.createAccount({ name: 'bench', valid_to: null, trail: false });
    const email = `bench-${Date.now()}@example.test`;
    await repo.createUser({
      account_id: accountId,
      email,
      password_hash: await hashPassword('Passw0rd1'),
      nickname: null,
      first_name: 'Bench',
      last_name: 'User',
      account_type: 'user',
      current_profile_id: null,
      app_id: null,
      app_flavor: null,
      last_activity_at: null,
    });
    const login = await fetch(`${baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        loginData: { method: 'email', credentials: { email, password: 'Passw0rd1' }, remember_me: false },
      }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const universes = (await (await fetch(`${baseUrl}/api/universes`, { headers: { cookie } })).json()) as {
      id: number;
      name: string;
    }[];
    const sp500 = universes.find((universe) => universe.name === 'S&P500')!.id;
    // The newest month of the market (the simulated clock may differ from the wall clock).
    const newest = (await app.db
      .selectFrom('daily_bars')
      .select((eb) => eb.fn.max('date').as('day'))
      .where('symbol', '=', 'SPY')
      .executeTakeFirst())!.day as string;
    const month = newest.slice(0, 7);
    const url = apiPath(reportsApi.marketData, {
      fromMonth: shiftMonth(month, -3),
      toMonth: month,
      universe: sp500,
      sectors: '1',
      tickers: '-',
      count: 20,
      marketCap: '0',
      beta: '0',
      volume: '0',
      daysToEarning: 14,
      // Point in time: fundamentals are known from their fetch day on, so a past month has none and an
      // EPS filter would drop every symbol; the report form starts with it empty too.
      minEps: '-',
      minRoe: '-',
      minUpside: 5,
      filterAdr: 0,
      removeIfAnyShort: 1,
      excludeNoRatings: 1,
      email: '-',
      reportType: 'scored',
      settings: 0,
      team: '-',
      weights: '-',
    });
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    const ack = (await (await fetch(baseUrl + url, { headers: { cookie } })).json()) as { jobId: string };
    const acknowledged = performance.now();
    const job = await app.jobs.waitFor(ack.jobId, 60_000);
    const ended = performance.now();
    const cpu = process.cpuUsage(cpuStart);
    if (job?.state !== 'done')
      throw new Error(`the report ended ${job?.state ?? 'late'}: ${job?.error ?? ''}`);
    return {
      toAck: acknowledged - started,
      toDone: ended - started,
      // The gateway's CPU time over the request (user + system): less bent by other work on the machine.
      cpu: (cpu.user + cpu.system) / 1000,
      run: Date.parse(job.finishedAt!) - Date.parse(job.startedAt!),
      rows: (job.result as { rows: number }).rows,
    };
  } finally {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  await ensureMarket();
  const cold = await measure('cold');
  const warm = await measure('warm');
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  console.log(
    `\nMarket Data report, S&P 500, 1 sector × 20, scored, PGlite in process (${os.cpus()[0]?.model.trim()}, ${os.cpus().length} cores, Node ${process.version})`,
  );
  console.log(
    `load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')}`,
  );
  console.log('| report | to acknowledgement | to file written | job run | CPU time | rows | target | |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [label, t] of [
    ['nothing in memory (facts loaded by this report)', cold],
    ["after the start's warm-up", warm],
  ] as const)
    console.log(
      `| ${label} | ${ms(t.toAck)} | ${ms(t.toDone)} | ${ms(t.run)} | ${ms(t.cpu)} | ${t.rows} | ≤ 5,000 ms | ${t.toDone <= targetMs ? 'met' : 'MISSED'} |`,
    );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
