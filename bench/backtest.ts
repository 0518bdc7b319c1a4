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
import { backtestApi } from '@insight/shared/backtest/schemas';
import { shiftMonth } from '@insight/shared/reports/schemas';
import {
  ensureMarket,
  newestMarketDay,
  signInNewUser,
  sp500UniverseId,
  startMarketGateway,
  timeJob,
} from './lib/in-process';

const targetMs = 30_000;

async function main() {
  await ensureMarket();
  const gateway = await startMarketGateway('backtest');
  const { app, baseUrl } = gateway;
  try {
    const { email, cookie } = await signInNewUser(gateway, { admin: true });
    const sp500 = await sp500UniverseId(baseUrl, cookie);
    const end = shiftMonth((await newestMarketDay(app)).slice(0, 7), -1);
    const start = shiftMonth(end, -11);

    const { job, toDone: ms } = await timeJob(
      app,
      () =>
        fetch(`${baseUrl}${backtestApi.strategy}`, {
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
        }),
      600_000,
    );
    const result = job.result as { decisions: unknown[]; stats: { name: string; totalReturn: number }[] };
    console.log(
      `strategy backtest ${start}..${end}, 3 portfolios × 20, held 2 months: ${result.decisions.length} decisions, ` +
        `${Math.round(ms).toLocaleString('en-US')} ms request to job done (target ≤ ${targetMs / 1000} s: ${ms <= targetMs ? 'met' : 'MISSED'})`,
    );
    for (const line of result.stats)
      console.log(`  ${line.name}: total return ${(line.totalReturn * 100).toFixed(2)} %`);
  } finally {
    await gateway.close();
  }
}

await main();
