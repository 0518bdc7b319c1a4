/**
 * The opportunity scan's speed on the embedded default (PGlite, in process): a scan of the S&P 500,
 * all 11 sectors, 20 per sector, from the request to the last sector's `scan:sector` push, first with
 * nothing cached (a gateway just started) and then repeated with the same inputs. Prints figures; the
 * targets (first ≤ 2 s, repeat ≤ 200 ms) are printed as met or MISSED, never asserted.
 *
 * Beside them, measured in the same run, the baseline of issue 26: the same scans on a copy of the same
 * market whose `fiscal_quarters` rows are removed before the gateway's scan cache loads, so the engine
 * has no fundamentals to read or derive (the cost of the scan without point-in-time fundamentals).
 * Target: point-in-time ≤ 1.25× the baseline, first and repeated, printed as met or MISSED.
 *
 *   node --import tsx bench/scan.ts
 *
 * The market is backfilled once into BENCH_SCAN_MARKET (default /tmp/insight-bench-scan-market, kept
 * between runs: a backfill takes a minute or two) and copied for each gateway; each copy gets the
 * scan's compact bar rows before its gateway starts, as after any earlier start (BENCH_SCAN_COMPACT_ROWS=0:
 * none, as on the first start after a backfill). A market backfilled before fiscal quarters existed
 * has none: remove the folder and run again (the bench says so).
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { io } from 'socket.io-client';
import { sectors, type ScanSector } from '@insight/shared';
import { scanApi } from '@insight/shared/scan/schemas';
import {
  ensureMarket,
  marketDir,
  signInNewUser,
  sp500UniverseId,
  startMarketGateway,
  type MarketGatewayOptions,
} from './lib/in-process';
import type { BenchResult } from './lib/report';
import type { App } from '../gateway/src/app';
import { scanRepo } from '../gateway/src/scan/repo';

const runs = Number(process.env.BENCH_SCAN_REPEATS ?? 5);
/** Issue 26's bound: the scan with point-in-time fundamentals against the scan without them. */
const maxRatio = 1.25;

type Variant = 'pointInTime' | 'baseline';

/**
 * The compact bar rows (`scan_series`), a cache the scan keeps in the database: present by default, as
 * after any earlier start of the gateway (written into each copy before it starts, a few seconds).
 * BENCH_SCAN_COMPACT_ROWS=0 removes them instead, as on the first start after a backfill: the facts are
 * then read from the daily bars, and the gateway writes the rows in the background while it is
 * measured (each write moves the facts' stamp, so scans meanwhile load the facts again).
 */
const compactRows = process.env.BENCH_SCAN_COMPACT_ROWS !== '0';
const foldTimes: number[] = [];

async function prepareCompactRows(app: App) {
  if (!compactRows) {
    await sql`truncate scan_series`.execute(app.db);
    return;
  }
  const started = performance.now();
  const repo = scanRepo(app.db);
  const { series, stale } = await repo.series();
  if (stale.length > 0) await repo.fold(series, stale);
  foldTimes.push(performance.now() - started);
}

const variants: Record<Variant, { label: string; options: MarketGatewayOptions }> = {
  pointInTime: { label: 'point-in-time fundamentals', options: { prepare: prepareCompactRows } },
  baseline: {
    label: 'baseline, no fiscal quarters',
    // Before listen, so before the scanner's warm-up: nothing of the quarters is ever loaded.
    options: {
      prepare: async (app) => {
        await sql`truncate fiscal_quarters`.execute(app.db);
        await prepareCompactRows(app);
      },
    },
  },
};

interface Timing {
  toLastSector: number;
  toAnswer: number;
  /** This process's CPU time (user + system) over the scan: the gateway's, less bent by other work. */
  cpuMs: number;
  rows: number;
  /** Rows per sector name, as answered. */
  bySector: Record<string, number>;
  sectors: number;
}

interface Measured {
  first: Timing;
  repeats?: Timing[];
  /** Fiscal quarters in the gateway's copy when it scanned. */
  quarters: number;
}

async function measure(mode: 'cold' | 'warm', variant: Variant): Promise<Measured> {
  const gateway = await startMarketGateway(`scan-${variant}`, variants[variant].options);
  const { app, baseUrl } = gateway;
  try {
    // Cold: nothing in memory (the compact bar rows in the database stay, as after any earlier start).
    if (mode === 'cold') app.scanner.cache.reset();
    const counted = await sql<{ n: string }>`select count(*) as n from fiscal_quarters`.execute(app.db);
    const quarters = Number(counted.rows[0]?.n ?? 0);

    const { cookie } = await signInNewUser(gateway);
    const sp500 = await sp500UniverseId(baseUrl, cookie);

    const socket = io(baseUrl, { transports: ['websocket'], extraHeaders: { cookie }, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });

    const scanOnce = async (label: string): Promise<Timing> => {
      const scanId = `${label}-${Math.random()}`;
      const pushed: ScanSector[] = [];
      let lastSectorAt = 0;
      const onSector = (payload: ScanSector) => {
        if (payload.scanId !== scanId) return;
        pushed.push(payload);
        lastSectorAt = performance.now();
      };
      socket.on('scan:sector', onSector);
      const query = new URLSearchParams({
        universe: String(sp500),
        sectors: sectors.map((sector) => sector.id).join(','),
        count: '20',
        socketId: socket.id!,
        scanId,
      });
      const cpuStart = process.cpuUsage();
      const started = performance.now();
      const response = await fetch(`${baseUrl}${scanApi.scan}?${query}`, { headers: { cookie } });
      const body = (await response.json()) as { opportunities?: Record<string, unknown[]>; msg?: string };
      const answered = performance.now();
      if (!response.ok || !body.opportunities)
        throw new Error(`the scan was refused: ${response.status} ${body.msg ?? ''}`);
      while (pushed.length < sectors.length && performance.now() - answered < 5000)
        await new Promise((resolve) => setTimeout(resolve, 2));
      const cpu = process.cpuUsage(cpuStart);
      socket.off('scan:sector', onSector);
      const bySector = Object.fromEntries(
        Object.entries(body.opportunities).map(([sector, list]) => [sector, list.length]),
      );
      return {
        toLastSector: lastSectorAt - started,
        toAnswer: answered - started,
        cpuMs: (cpu.user + cpu.system) / 1000,
        rows: Object.values(bySector).reduce((n, count) => n + count, 0),
        bySector,
        sectors: pushed.length,
      };
    };

    const first = await scanOnce('first');
    if (mode === 'cold') {
      socket.close();
      return { first, quarters };
    }
    const repeats = [];
    for (let i = 0; i < runs; i++) repeats.push(await scanOnce(`repeat${i}`));
    socket.close();
    return { first, repeats, quarters };
  } finally {
    await gateway.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** The scans with and without point-in-time fundamentals: printed, and the rows for run.ts's summary. */
export async function scan(): Promise<BenchResult> {
  await ensureMarket();
  const load = () =>
    os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  const loadBefore = load();
  // One scan first, unmeasured, so that the code is as warm for the first measure as for the others.
  await measure('cold', 'pointInTime');
  // Alternated (A B, then B A) so that a drift of the machine's load weighs on both sides alike.
  const cold = {
    pointInTime: await measure('cold', 'pointInTime'),
    baseline: await measure('cold', 'baseline'),
  };
  const warmBaseline = await measure('warm', 'baseline');
  const warm = { baseline: warmBaseline, pointInTime: await measure('warm', 'pointInTime') };

  const figures = (variant: Variant) => {
    const repeats = warm[variant].repeats!;
    const sorted = repeats.map((r) => r.toLastSector).sort((a, b) => a - b);
    return {
      cold: cold[variant].first,
      first: warm[variant].first,
      repeats,
      repeat: median(sorted),
      repeatAnswer: median(repeats.map((r) => r.toAnswer)),
      repeatCpu: median(repeats.map((r) => r.cpuMs)),
      min: sorted[0]!,
      max: sorted.at(-1)!,
    };
  };
  const pit = figures('pointInTime');
  const base = figures('baseline');

  console.log(
    `\nOpportunity scan, S&P 500, ${sectors.length} sectors × 20, PGlite in process (${os.cpus()[0]?.model.trim()}, ${os.cpus().length} cores, Node ${process.version}); load average ${loadBefore} before, ${load()} after`,
  );
  console.log(
    `fiscal quarters in the copies: ${cold.pointInTime.quarters} (point-in-time), ${cold.baseline.quarters} (baseline); compact bar rows ${compactRows ? `written into each copy before its start (${median(foldTimes).toFixed(0)} ms)` : 'removed from each copy (BENCH_SCAN_COMPACT_ROWS=0): written in the background while measured'}`,
  );
  if (cold.pointInTime.quarters === 0)
    console.log(
      `WARNING: the market in ${marketDir} has no fiscal quarters (backfilled before they existed?): both sides scan without fundamentals. Remove the folder and run again.`,
    );

  console.log(`\nPoint-in-time fundamentals (the product as it is):\n`);
  console.log(`| scan | to last sector | to HTTP answer | CPU | rows | target | |`);
  console.log(`| --- | --- | --- | --- | --- | --- | --- |`);
  console.log(
    `| first, nothing in memory (facts loaded by this scan) | ${ms(pit.cold.toLastSector)} | ${ms(pit.cold.toAnswer)} | ${ms(pit.cold.cpuMs)} | ${pit.cold.rows} | ≤ 2,000 ms | ${pit.cold.toLastSector <= 2000 ? 'met' : 'MISSED'} |`,
  );
  console.log(
    `| first, after the start's warm-up | ${ms(pit.first.toLastSector)} | ${ms(pit.first.toAnswer)} | ${ms(pit.first.cpuMs)} | ${pit.first.rows} | ≤ 2,000 ms | ${pit.first.toLastSector <= 2000 ? 'met' : 'MISSED'} |`,
  );
  console.log(
    `| repeat, median of ${runs} (min ${ms(pit.min)}, max ${ms(pit.max)}) | ${ms(pit.repeat)} | ${ms(pit.repeatAnswer)} | ${ms(pit.repeatCpu)} | ${pit.repeats[0]!.rows} | ≤ 200 ms | ${pit.repeat <= 200 ? 'met' : 'MISSED'} |`,
  );

  console.log(
    `\nAgainst the baseline of the same run (the same market without its fiscal quarters), to last sector:\n`,
  );
  console.log(
    `| scan | point-in-time | baseline, no quarters | ratio | CPU point-in-time / baseline | target | |`,
  );
  console.log(`| --- | --- | --- | --- | --- | --- | --- |`);
  const compare = (label: string, withPit: number, without: number, cpuPit: number, cpuBase: number) => {
    const ratio = withPit / without;
    console.log(
      `| ${label} | ${ms(withPit)} | ${ms(without)} | ${ratio.toFixed(2)}× | ${ms(cpuPit)} / ${ms(cpuBase)} | ≤ ${maxRatio}× the baseline | ${ratio <= maxRatio ? 'met' : 'MISSED'} |`,
    );
  };
  compare(
    'first, nothing in memory',
    pit.cold.toLastSector,
    base.cold.toLastSector,
    pit.cold.cpuMs,
    base.cold.cpuMs,
  );
  compare(
    "first, after the start's warm-up",
    pit.first.toLastSector,
    base.first.toLastSector,
    pit.first.cpuMs,
    base.first.cpuMs,
  );
  compare(
    `repeat, median of ${runs} (baseline min ${ms(base.min)}, max ${ms(base.max)})`,
    pit.repeat,
    base.repeat,
    pit.repeatCpu,
    base.repeatCpu,
  );
  const each = (repeats: Timing[]) => repeats.map((r) => r.toLastSector.toFixed(0)).join(', ');
  console.log(
    `\nrepeats, to last sector: point-in-time ${each(pit.repeats)} ms; baseline ${each(base.repeats)} ms`,
  );
  console.log(`(issue 26's reference before point-in-time fundamentals: 1.9 s first, 55 ms repeated)`);

  console.log(`\nRows per sector, first scan with nothing in memory:\n`);
  console.log(`| sector | point-in-time | baseline, no quarters |`);
  console.log(`| --- | --- | --- |`);
  const names = [
    ...new Set([
      ...sectors.map((sector) => sector.name),
      ...Object.keys(pit.cold.bySector),
      ...Object.keys(base.cold.bySector),
    ]),
  ];
  for (const name of names)
    console.log(`| ${name} | ${pit.cold.bySector[name] ?? '—'} | ${base.cold.bySector[name] ?? '—'} |`);
  const withRows = (bySector: Record<string, number>) =>
    sectors.filter((s) => (bySector[s.name] ?? 0) > 0).length;
  const pitSectors = withRows(pit.cold.bySector);
  console.log(
    `\nsectors with rows: ${pitSectors} of ${sectors.length} (point-in-time), ${withRows(base.cold.bySector)} of ${sectors.length} (baseline)${pitSectors > sectors.length / 2 ? '' : ' — WARNING: rows in few sectors, the figures time a scan that finds little'}`,
  );
  if (withRows(base.cold.bySector) === 0 && pitSectors > 0)
    console.log(
      `(the baseline finds no rows: a company without quarters has no EPS, and the scan's default filters ask for EPS ≥ 0 (minEps); every candidate's figures and scores are still worked out before the filters, so the work differs by the fundamentals and the rows sent)`,
    );
  for (const variant of Object.keys(variants) as Variant[])
    for (const timing of [cold[variant].first, warm[variant].first, ...warm[variant].repeats!])
      if (timing.sectors < sectors.length)
        console.log(
          `WARNING: ${variants[variant].label}: a scan pushed ${timing.sectors} sectors of ${sectors.length}`,
        );

  const verdict = (within: boolean, ratio: number) => (within && ratio <= maxRatio ? 'met' : 'MISSED');
  const coldRatio = pit.cold.toLastSector / base.cold.toLastSector;
  const repeatRatio = pit.repeat / base.repeat;
  return {
    rows: [
      [
        `Opportunity scan, S&P 500, ${sectors.length} × 20, first (nothing in memory)`,
        `${ms(pit.cold.toLastSector)}, ${coldRatio.toFixed(2)}× the baseline (${ms(base.cold.toLastSector)})`,
        `≤ 2,000 ms, ≤ ${maxRatio}× the baseline`,
        verdict(pit.cold.toLastSector <= 2000, coldRatio),
      ],
      [
        `Opportunity scan, repeated (median of ${runs})`,
        `${ms(pit.repeat)}, ${repeatRatio.toFixed(2)}× the baseline (${ms(base.repeat)})`,
        `≤ 200 ms, ≤ ${maxRatio}× the baseline`,
        verdict(pit.repeat <= 200, repeatRatio),
      ],
    ],
    notes: [
      `Scan baseline: the same market without its fiscal quarters (no fundamentals read or derived), measured in the same run; rows in ${pitSectors} of ${sectors.length} sectors.`,
    ],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  scan().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
