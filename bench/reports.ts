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
import os from 'node:os';
import { apiPath } from '@insight/shared';
import { reportsApi, shiftMonth } from '@insight/shared/reports/schemas';
import {
  ensureMarket,
  newestMarketDay,
  signInNewUser,
  sp500UniverseId,
  startMarketGateway,
  timeJob,
} from './lib/in-process';

const targetMs = 5000;

async function measure(mode: 'cold' | 'warm') {
  const gateway = await startMarketGateway('reports');
  const { app, baseUrl } = gateway;
  try {
    // The copy's first load writes the compact bar rows in the background (as a deployment's first
    // start does once): let it end, so the report does not queue behind it on PGlite's one connection.
    await app.scanner.cache.folding;
    if (mode === 'cold') app.scanner.cache.reset();

    const { cookie } = await signInNewUser(gateway);
    const sp500 = await sp500UniverseId(baseUrl, cookie);
    const month = (await newestMarketDay(app)).slice(0, 7);
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
    const { job, toAck, toDone, cpuMs } = await timeJob(
      app,
      () => fetch(baseUrl + url, { headers: { cookie } }),
      60_000,
    );
    return {
      toAck,
      toDone,
      cpu: cpuMs,
      run: Date.parse(job.finishedAt!) - Date.parse(job.startedAt!),
      rows: (job.result as { rows: number }).rows,
    };
  } finally {
    await gateway.close();
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
