/**
 * The strategy backtest's speed on the embedded default (PGlite, in process): 12 months, 3 portfolios
 * of 20 stocks over the S&P 500, held 2 months (6 point-in-time scans of every sector), from the
 * request to the job's end (workbook written and mailed to the outbox). Prints the figure against the
 * target (≤ 30 s), never asserted.
 *
 *   node --import tsx bench/backtest.ts
 *
 * The market is backfilled once into BENCH_SCAN_MARKET (shared with bench/scan.ts; default
 * /tmp/insight-bench-scan-market) and copied for the run.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { backtestApi } from '@insight/shared/backtest/schemas';
import { buildApp } from '../gateway/src/app';
import { loadConfig } from '../gateway/src/config';
import { accountsRepo } from '../gateway/src/accounts/repo';
import { hashPassword } from '../gateway/src/accounts/passwords';

const marketDir = process.env.BENCH_SCAN_MARKET ?? path.join(os.tmpdir(), 'insight-bench-scan-market');
const targetMs = 30_000;

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

const monthShift = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
};

async function main() {
  await ensureMarket();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'insight-bench-backtest-'));
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

    const repo = accountsRepo(app.db);
    const accountId = await repo.createAccount({ name: 'bench', valid_to: null, trail: false });
    const email = `bench-${Date.now()}@example.test`;
    await repo.createUser({
      account_id: accountId,
      email,
      password_hash: await hashPassword('Passw0rd1'),
      nickname: null,
      first_name: 'Bench',
      last_name: 'Admin',
      account_type: 'user',
      current_profile_id: null,
      app_id: null,
      app_flavor: null,
      last_activity_at: null,
      is_admin: true,
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
    const newest = await app.db
      .selectFrom('daily_bars')
      .select((eb) => eb.fn.max('date').as('date'))
      .where('symbol', '=', 'SPY')
      .executeTakeFirstOrThrow();
    const end = monthShift(String(newest.date).slice(0, 7), -1);
    const start = monthShift(end, -11);

    const started = performance.now();
    const response = await fetch(`${baseUrl}${backtestApi.strategy}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: baseUrl },
      body: JSON.stringify({
        start_month: start,
        end_month: end,
        universeId: sp500,
        numFiles: 3,
        numTickers: 20,
        num_inv_months: 2,
        email,
      }),
    });
    const accepted = (await response.json()) as { jobId?: string; msg?: string };
    if (!accepted.jobId) throw new Error(`refused: ${response.status} ${accepted.msg}`);
    const job = await app.jobs.waitFor(accepted.jobId, 600_000);
    const ms = performance.now() - started;
    if (job?.state !== 'done') throw new Error(`the backtest ended ${job?.state}: ${job?.error}`);
    const result = job.result as { decisions: unknown[]; stats: { name: string; totalReturn: number }[] };
    console.log(
      `strategy backtest ${start}..${end}, 3 portfolios × 20, held 2 months: ${result.decisions.length} decisions, ` +
        `${Math.round(ms).toLocaleString('en-US')} ms request to job done (target ≤ ${targetMs / 1000} s: ${ms <= targetMs ? 'met' : 'MISSED'})`,
    );
    for (const line of result.stats)
      console.log(`  ${line.name}: total return ${(line.totalReturn * 100).toFixed(2)} %`);
  } finally {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
