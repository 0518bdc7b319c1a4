import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../gateway/src/app';
import { loadConfig } from '../../gateway/src/config';
import { accountsRepo } from '../../gateway/src/accounts/repo';
import { hashPassword } from '../../gateway/src/accounts/passwords';

/**
 * The benches that time one feature in process on the embedded default (PGlite): scan, reports,
 * backtest. The market is backfilled once into BENCH_SCAN_MARKET (default
 * /tmp/insight-bench-scan-market, kept between runs: a backfill takes a minute or two) and each run
 * starts a gateway on a copy of it, so no run sees another's writes.
 */
export const marketDir = process.env.BENCH_SCAN_MARKET ?? path.join(os.tmpdir(), 'insight-bench-scan-market');

type App = Awaited<ReturnType<typeof buildApp>>;

/** Backfills the simulated market into `marketDir`, unless an earlier run did. */
export async function ensureMarket() {
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

export interface MarketGateway {
  app: App;
  baseUrl: string;
  /** Closes the gateway and removes its copy of the market. */
  close(): Promise<void>;
}

export interface MarketGatewayOptions {
  /**
   * Run on the copy once the gateway is built (migrated, its database open) and before it listens:
   * before the scanner's start-up warm-up, which begins on listen, loads anything. E.g. a baseline
   * without some facts: `prepare: (app) => sql\`truncate some_table\`.execute(app.db)`.
   */
  prepare?: (app: App) => Promise<unknown>;
}

/**
 * A gateway in this process on a fresh copy of the market (its folder named after `name`), listening
 * on a free port, with the system universes refreshed and the scanner's start-up warm-up done.
 */
export async function startMarketGateway(
  name: string,
  options: MarketGatewayOptions = {},
): Promise<MarketGateway> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `insight-bench-${name}-`));
  const removeCopy = () => fs.rm(dataDir, { recursive: true, force: true });
  let app: App | undefined;
  try {
    await fs.cp(path.join(marketDir, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
    app = await buildApp(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, INGEST: '0', PORT: '0', LOG_LEVEL: 'silent' }),
      { logger: false },
    );
    await options.prepare?.(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await app.universes.refreshSystemUniverses();
    await app.scanner.cache.warming;
    const started = app;
    return {
      app: started,
      baseUrl,
      close: async () => {
        await started.close();
        await removeCopy();
      },
    };
  } catch (error) {
    await app?.close();
    await removeCopy();
    throw error;
  }
}

/** A new user (an admin when asked) of a new account, signed in over HTTP: its address and cookie. */
export async function signInNewUser({ app, baseUrl }: MarketGateway, options: { admin?: boolean } = {}) {
  const repo = accountsRepo(app.db);
  const accountId = await repo.createAccount({ name: 'bench', valid_to: null, trail: false });
  const email = `bench-${Date.now()}@example.test`;
  const password = 'Passw0rd1';
  await repo.createUser({
    account_id: accountId,
    email,
    password_hash: await hashPassword(password),
    nickname: null,
    first_name: 'Bench',
    last_name: options.admin ? 'Admin' : 'User',
    account_type: 'user',
    current_profile_id: null,
    app_id: null,
    app_flavor: null,
    last_activity_at: null,
    ...(options.admin ? { is_admin: true } : {}),
  });
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      loginData: { method: 'email', credentials: { email, password }, remember_me: false },
    }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return { email, cookie };
}

/** The id of the S&P 500 system universe, as the signed-in user lists it. */
export async function sp500UniverseId(baseUrl: string, cookie: string): Promise<number> {
  const universes = (await (await fetch(`${baseUrl}/api/universes`, { headers: { cookie } })).json()) as {
    id: number;
    name: string;
  }[];
  return universes.find((universe) => universe.name === 'S&P500')!.id;
}

/** The market's newest trading day, YYYY-MM-DD (the simulated clock may differ from the wall clock). */
export async function newestMarketDay(app: App): Promise<string> {
  const newest = await app.db
    .selectFrom('daily_bars')
    .select((eb) => eb.fn.max('date').as('day'))
    .where('symbol', '=', 'SPY')
    .executeTakeFirstOrThrow();
  return String(newest.day);
}

/**
 * Times a job from its request to its end: the request's answer must carry the job's id. The
 * gateway's CPU time over the same span (user + system) is less bent by other work on the machine.
 */
export async function timeJob(app: App, request: () => Promise<Response>, timeoutMs: number) {
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const response = await request();
  const accepted = (await response.json()) as { jobId?: string; msg?: string };
  const acknowledged = performance.now();
  if (!accepted.jobId) throw new Error(`refused: ${response.status} ${accepted.msg}`);
  const job = await app.jobs.waitFor(accepted.jobId, timeoutMs);
  const ended = performance.now();
  const cpu = process.cpuUsage(cpuStart);
  if (job?.state !== 'done') throw new Error(`the job ended ${job?.state ?? 'late'}: ${job?.error ?? ''}`);
  return {
    job,
    toAck: acknowledged - started,
    toDone: ended - started,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}
