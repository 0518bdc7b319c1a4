/**
 * A newcomer's first start, timed: `node scripts/start.mjs` in a checkout (default: this one) with an
 * empty DATA_DIR, a free PORT and DEMO_SEED=1 DEMO_HISTORY=1 (as `npm start` sets them), on the
 * embedded defaults (PGlite, the simulated market). Prints the seconds from the spawn to the login
 * page (GET /login → 200 HTML) and to readiness (GET /api/health/ready → 200), both polled every
 * 100 ms, with the progress phases seen on the way; the backfill's own log line ("market data
 * backfilled": its time, each step's, the row counts) and "demo history seeded"; then the rows in the
 * database (bars, ratings, news, quarters when the checkout has them). Then it stops the process
 * group and removes the data.
 *
 *   node --import tsx bench/first-start.ts                          # this checkout
 *   node --import tsx bench/first-start.ts --dir /tmp/insight-before # another (a worktree of an older commit)
 *   BENCH_FIRST_START_DIR=/tmp/insight-before npm run bench -- first-start
 *
 * The checkout's client must be built (`npm run build`) and not older than its sources: otherwise
 * start.mjs would build it and the build would be timed, so the bench says so and stops. Prints
 * figures, asserts nothing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';
import type { BenchResult } from './lib/report';

const thisCheckout = path.resolve(import.meta.dirname, '..');
const timeoutMs = Number(process.env.BENCH_FIRST_START_TIMEOUT_MS ?? 10 * 60_000);
/** How long to wait after readiness for the demo history's line (a checkout may have none). */
const demoHistoryWaitMs = Number(process.env.BENCH_FIRST_START_DEMO_WAIT_MS ?? 120_000);
const pollEveryMs = 100;

/** The tables counted after the start, under the names the backfill's log line gives them. */
const countedTables: [label: string, table: string][] = [
  ['companies', 'companies'],
  ['bars', 'daily_bars'],
  ['analysts', 'analysts'],
  ['ratings', 'ratings'],
  ['earnings', 'earnings'],
  ['quarters', 'fiscal_quarters'],
  ['news', 'news'],
  ['quotes', 'quotes'],
];

class FirstStartError extends Error {}

function newestMtime(file: string): number {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

/** The checkout can start without building anything: its dependencies are installed, its client built and current. */
function checkCheckout(dir: string) {
  const build = `(cd ${dir} && npm run build)`;
  if (!fs.existsSync(path.join(dir, 'scripts/start.mjs')))
    throw new FirstStartError(`${dir} has no scripts/start.mjs: is it a checkout of Insight?`);
  if (!fs.existsSync(path.join(dir, 'node_modules')))
    throw new FirstStartError(`${dir} has no node_modules: run (cd ${dir} && npm ci) first.`);
  const dist = path.join(dir, 'client/dist/index.html');
  if (!fs.existsSync(dist))
    throw new FirstStartError(
      `${dir}/client/dist is missing: build the client first, ${build} (the figures are of a start, not of a build).`,
    );
  // start.mjs builds the client when it is older than these; the build would then be timed.
  const sources = ['client/src', 'shared/src', 'client/index.html']
    .map((p) => path.join(dir, p))
    .filter((p) => fs.existsSync(p));
  const sourcesTime = Math.max(...sources.map(newestMtime));
  if (fs.statSync(dist).mtimeMs < sourcesTime)
    throw new FirstStartError(
      `${dir}/client/dist is older than its sources, and start.mjs would build it (the build would be timed): run ${build} first.`,
    );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * CPU seconds (user + system, with the children already reaped) of every process of a process group,
 * from /proc: the start's work, less bent than the wall clock by other work on the machine. Null where
 * there is no /proc.
 */
function groupCpuSeconds(pgid: number): number | null {
  let ticks = 0;
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      // After "pid (comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    }
  } catch {
    return null;
  }
  return ticks / 100; // USER_HZ, 100 on Linux
}

async function get(url: string): Promise<{ status: number; type: string; body: string } | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      body: await response.text(),
    };
  } catch {
    return null; // not listening yet, or too slow to answer: try again at the next tick
  }
}

function dirBytes(dir: string): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) bytes += dirBytes(full);
    else if (entry.isFile()) bytes += fs.statSync(full).size;
  }
  return bytes;
}

/** The rows of the market's tables in the stopped start's database (a table the checkout lacks: null). */
async function countRows(dataDir: string): Promise<Record<string, number | null>> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    const counts: Record<string, number | null> = {};
    for (const [label, table] of countedTables) {
      const exists = await db.query<{ t: string | null }>(`select to_regclass('public.${table}')::text as t`);
      if (!exists.rows[0]?.t) {
        counts[label] = null;
        continue;
      }
      const result = await db.query<{ n: number | string }>(`select count(*) as n from ${table}`);
      counts[label] = Number(result.rows[0]?.n ?? 0);
    }
    return counts;
  } finally {
    await db.close();
  }
}

interface LogLine {
  at: number;
  line: Record<string, unknown>;
}

export interface FirstStartFigures {
  dir: string;
  toListening: number | null;
  toLogin: number | null;
  toReady: number | null;
  cpuAtReady: number | null;
  phases: { phase: string; at: number; done: number; total: number }[];
  backfilled: LogLine | null;
  demoHistory: LogLine | null;
  rows: Record<string, number | null> | null;
  dataBytes: number | null;
  /** From SIGTERM to the start's exit, and its exit code ('killed': SIGKILL after 15 s). */
  stop: { seconds: number; code: unknown } | null;
}

/** One first start of the checkout in `dir`: the figures, printed as they come and handed back. */
export async function measureFirstStart(dir: string): Promise<FirstStartFigures> {
  dir = path.resolve(dir);
  checkCheckout(dir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'insight-bench-first-start-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // A newcomer's environment: nothing of this shell's Insight settings (DATABASE_URL, REDIS_URL, …).
  const env: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'USER', 'LANG', 'LC_ALL', 'TMPDIR', 'TZ'])
    if (process.env[key] !== undefined) env[key] = process.env[key]!;
  Object.assign(env, { DATA_DIR: dataDir, PORT: String(port), DEMO_SEED: '1', DEMO_HISTORY: '1' });

  const figures: FirstStartFigures = {
    dir,
    toListening: null,
    toLogin: null,
    toReady: null,
    cpuAtReady: null,
    phases: [],
    backfilled: null,
    demoHistory: null,
    rows: null,
    dataBytes: null,
    stop: null,
  };
  const verbose = process.env.BENCH_FIRST_START_VERBOSE === '1' || process.argv.includes('--verbose');
  let child: ChildProcess | undefined;
  let exited = false;
  const killGroup = (signal: NodeJS.Signals) => {
    if (!child?.pid) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  // However this process ends (a timeout of run.ts, ^C), the start and its data go with it.
  const onExit = () => {
    killGroup('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', onExit);

  console.log(`first start of ${dir} (PORT ${port}, DATA_DIR ${dataDir}); load average ${loadAverage()}`);
  const spawned = performance.now();
  const seconds = () => (performance.now() - spawned) / 1000;
  try {
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: dir,
      env,
      detached: true, // a process group of its own: start.mjs, the gateway, tsx's helpers
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exit = new Promise<number | null>((resolve) =>
      child!.once('exit', (code) => {
        exited = true;
        resolve(code);
      }),
    );
    const lines: LogLine[] = [];
    readline.createInterface({ input: child.stdout! }).on('line', (text) => {
      const at = seconds();
      let line: Record<string, unknown> | null = null;
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === 'object') line = parsed as Record<string, unknown>;
      } catch {
        // not the gateway's JSON: start.mjs's own words
      }
      if (!line) {
        console.log(`  [start ${at.toFixed(1)} s] ${text}`);
        return;
      }
      lines.push({ at, line });
      const msg = String(line.msg ?? '');
      if (msg === 'market data backfilled') figures.backfilled = { at, line };
      if (msg === 'demo history seeded') figures.demoHistory = { at, line };
      if (msg === 'Insight gateway ready' && figures.toListening === null) figures.toListening = at;
      if (verbose || Number(line.level) >= 40 || msg === 'demo history failed')
        console.log(`  [gateway ${at.toFixed(1)} s] ${text.length > 400 ? `${text.slice(0, 400)}…` : text}`);
    });
    readline.createInterface({ input: child.stderr! }).on('line', (text) => {
      if (text.trim() !== '') console.error(`  [stderr ${seconds().toFixed(1)} s] ${text}`);
    });

    let lastPhase = '';
    const deadline = spawned + timeoutMs;
    while (figures.toLogin === null || figures.toReady === null) {
      if (exited) throw new FirstStartError(`the start ended with code ${await exit} before it was ready`);
      if (performance.now() > deadline)
        throw new FirstStartError(
          `not ready within ${timeoutMs / 1000} s (phase seen last: ${lastPhase || 'none'})`,
        );
      const tick = performance.now();
      const [login, ready] = await Promise.all([
        figures.toLogin === null ? get(`${base}/login`) : null,
        figures.toReady === null ? get(`${base}/api/health/ready`) : null,
      ]);
      const at = seconds();
      if (login?.status === 200 && login.type.includes('text/html') && /<html/i.test(login.body)) {
        figures.toLogin = at;
        console.log(`  login page at ${at.toFixed(1)} s`);
      }
      if (ready && (ready.status === 200 || ready.status === 503)) {
        try {
          const state = JSON.parse(ready.body) as {
            ready: boolean;
            phase: string;
            done: number;
            total: number;
          };
          if (state.phase !== lastPhase) {
            lastPhase = state.phase;
            figures.phases.push({ phase: state.phase, at, done: state.done, total: state.total });
            console.log(`  phase ${state.phase} at ${at.toFixed(1)} s (${state.done}/${state.total})`);
          }
          if (ready.status === 200 && state.ready) {
            figures.toReady = at;
            figures.cpuAtReady = child.pid ? groupCpuSeconds(child.pid) : null;
          }
        } catch {
          // not the readiness answer (an older checkout without the route answers the client's page)
        }
      }
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, pollEveryMs - (performance.now() - tick))),
      );
    }
    console.log(`  ready at ${figures.toReady.toFixed(1)} s`);

    // The backfill's line comes just after the ready state; the demo history's once it is seeded.
    const waitUntil = performance.now() + demoHistoryWaitMs;
    while (
      (!figures.backfilled || !figures.demoHistory) &&
      !exited &&
      performance.now() < waitUntil &&
      !lines.some(({ line }) => line.msg === 'demo history failed')
    )
      await new Promise((resolve) => setTimeout(resolve, pollEveryMs));

    const stopping = performance.now();
    killGroup('SIGTERM');
    const stopped = await Promise.race([exit, new Promise((resolve) => setTimeout(resolve, 15_000, 'late'))]);
    if (stopped === 'late') {
      killGroup('SIGKILL');
      await exit;
    }
    figures.stop = {
      seconds: (performance.now() - stopping) / 1000,
      code: stopped === 'late' ? 'killed' : stopped,
    };
    figures.dataBytes = dirBytes(dataDir);
    try {
      figures.rows = await countRows(dataDir);
    } catch (error) {
      console.log(
        `  (the rows could not be counted: ${error instanceof Error ? error.message : String(error)})`,
      );
    }
    return figures;
  } finally {
    killGroup('SIGKILL');
    process.off('exit', onExit);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function loadAverage() {
  return os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
}

const s = (x: number | null) => (x === null ? '—' : `${x.toFixed(1)} s`);
const ms = (x: unknown) => (typeof x === 'number' ? `${(x / 1000).toFixed(1)} s` : '—');
const count = (x: unknown) => (typeof x === 'number' ? x.toLocaleString('en-US') : '—');

/** Prints the figures of one start and hands back its rows for run.ts's summary. */
export function report(figures: FirstStartFigures): BenchResult {
  const backfill = figures.backfilled?.line;
  const steps = (backfill?.steps ?? {}) as Record<string, number>;
  const git = gitDescribe(figures.dir);
  console.log(
    `\nFirst start of ${figures.dir}${git ? ` (${git})` : ''}, PGlite, DEMO_SEED=1 DEMO_HISTORY=1 (${os.cpus()[0]?.model.trim()}, ${os.cpus().length} cores, Node ${process.version}); load average ${loadAverage()}\n`,
  );
  console.log(`| from the spawn to | seconds |`);
  console.log(`| --- | --- |`);
  console.log(`| the gateway listening ("Insight gateway ready") | ${s(figures.toListening)} |`);
  console.log(`| the login page (GET /login → 200) | ${s(figures.toLogin)} |`);
  console.log(`| ready (GET /api/health/ready → 200) | ${s(figures.toReady)} |`);
  console.log(`| the line "market data backfilled" | ${s(figures.backfilled?.at ?? null)} |`);
  console.log(`| the line "demo history seeded" | ${s(figures.demoHistory?.at ?? null)} |`);
  if (figures.cpuAtReady !== null)
    console.log(`\nCPU of the process group until ready: ${figures.cpuAtReady.toFixed(1)} s (user + system)`);
  console.log(
    `phases seen: ${figures.phases.map((p) => `${p.phase} ${p.at.toFixed(1)} s (${p.done}/${p.total})`).join(', ') || 'none'}`,
  );

  if (backfill) {
    console.log(`\nThe backfill by its own log line: ${ms(backfill.ms)} in all\n`);
    console.log(`| step | time | share |`);
    console.log(`| --- | --- | --- |`);
    const total = typeof backfill.ms === 'number' ? backfill.ms : 0;
    for (const [step, took] of Object.entries(steps))
      console.log(
        `| ${step} | ${ms(took)} | ${total > 0 ? `${((100 * took) / total).toFixed(0)} %` : '—'} |`,
      );
  } else console.log(`\nNo "market data backfilled" line seen.`);

  const logged = Object.fromEntries(
    Object.entries(backfill ?? {}).filter(
      ([key, value]) => typeof value === 'number' && !['level', 'time', 'pid', 'ms'].includes(key),
    ),
  );
  const labels = [...new Set([...countedTables.map(([label]) => label), ...Object.keys(logged)])];
  console.log(`\nRows: as the backfill's line counted them, and in the database once stopped\n`);
  console.log(`| rows | backfill line | database |`);
  console.log(`| --- | --- | --- |`);
  for (const label of labels)
    console.log(`| ${label} | ${count(logged[label])} | ${count(figures.rows?.[label] ?? null)} |`);
  if (figures.dataBytes !== null) console.log(`\nDATA_DIR: ${(figures.dataBytes / 1e6).toFixed(0)} MB`);
  if (figures.stop)
    console.log(
      `stopped (SIGTERM to the process group) in ${figures.stop.seconds.toFixed(1)} s, exit code ${String(figures.stop.code)}${figures.stop.code === 0 ? '' : ' (not a clean stop: see the lines above)'}`,
    );

  const demo = figures.demoHistory?.line;
  if (demo) {
    const rest = Object.entries(demo).filter(
      ([key]) => !['level', 'time', 'pid', 'hostname', 'msg'].includes(key),
    );
    console.log(`demo history: ${JSON.stringify(Object.fromEntries(rest))}`);
  }

  return {
    rows: [
      [
        'First start, PGlite (DEMO_SEED, DEMO_HISTORY)',
        `login page ${s(figures.toLogin)}, ready ${s(figures.toReady)} (backfill ${ms(backfill?.ms)})`,
        'measured before and after (README)',
        '',
      ],
    ],
    notes: [
      `First start: backfill steps ${Object.entries(steps)
        .map(([step, took]) => `${step} ${ms(took)}`)
        .join(', ')}; rows ${labels
        .filter((label) => (figures.rows?.[label] ?? null) !== null || logged[label] !== undefined)
        .map((label) => `${label} ${count(figures.rows?.[label] ?? logged[label])}`)
        .join(', ')}.`,
    ],
  };
}

/** The checkout's commit and how many tracked files its working tree changes. */
function gitDescribe(dir: string): string | null {
  const git = (...args: string[]) => spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8' });
  const head = git('log', '-1', '--format=%h %s');
  if (head.status !== 0) return null;
  const changed = git('status', '--porcelain', '--untracked-files=no')
    .stdout.split('\n')
    .filter(Boolean).length;
  const subject = head.stdout.trim();
  return `${subject.length > 60 ? `${subject.slice(0, 60)}…` : subject}${changed > 0 ? `, ${changed} tracked files changed` : ''}`;
}

/** For run.ts: the checkout of BENCH_FIRST_START_DIR, else this one. */
export async function firstStart(): Promise<BenchResult> {
  return report(await measureFirstStart(process.env.BENCH_FIRST_START_DIR ?? thisCheckout));
}

function dirArgument(): string {
  const at = process.argv.indexOf('--dir');
  if (at >= 0) {
    const value = process.argv[at + 1];
    if (!value) throw new FirstStartError('--dir needs a path');
    return value;
  }
  const inline = process.argv.find((arg) => arg.startsWith('--dir='));
  return inline?.slice('--dir='.length) ?? process.env.BENCH_FIRST_START_DIR ?? thisCheckout;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const stop = () => process.exit(130);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  measureFirstStart(dirArgument())
    .then(report)
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error instanceof FirstStartError ? error.message : error);
        process.exit(error instanceof FirstStartError ? 2 : 1);
      },
    );
}
