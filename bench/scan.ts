/**
 * The opportunity scan's speed on the embedded default (PGlite, in process): a scan of the S&P 500,
 * all 11 sectors, 20 per sector, from the request to the last sector's `scan:sector` push, first with
 * nothing cached (a gateway just started) and then repeated with the same inputs. Prints figures; the
 * targets (first ≤ 2 s, repeat ≤ 200 ms) are printed as met or MISSED, never asserted.
 *
 *   node --import tsx bench/scan.ts
 *
 * The market is backfilled once into BENCH_SCAN_MARKET (default /tmp/insight-bench-scan-market, kept
 * between runs: a backfill takes a minute or two) and copied for the run.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { sectors, type ScanSector } from '@insight/shared';
import { scanApi } from '@insight/shared/scan/schemas';
import { buildApp } from '../gateway/src/app';
import { loadConfig } from '../gateway/src/config';
import { accountsRepo } from '../gateway/src/accounts/repo';
import { hashPassword } from '../gateway/src/accounts/passwords';

const marketDir = process.env.BENCH_SCAN_MARKET ?? path.join(os.tmpdir(), 'insight-bench-scan-market');
const runs = Number(process.env.BENCH_SCAN_REPEATS ?? 5);

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
    {
      logger: false,
    },
  );
  await app.ready();
  await app.ingestor.start();
  await app.close();
}

interface Timing {
  toLastSector: number;
  toAnswer: number;
  rows: number;
  sectors: number;
}

async function measure(mode: 'cold' | 'warm'): Promise<{ first: Timing; repeats?: Timing[] }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'insight-bench-scan-'));
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
    // Cold: nothing in memory (the compact bar rows in the database stay, as after any earlier start).
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
    const universes = (await (
      await fetch(`${baseUrl}/api/v1/universes`, { headers: { cookie } })
    ).json()) as {
      id: number;
      name: string;
    }[];
    const sp500 = universes.find((universe) => universe.name === 'S&P500')!.id;

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
      const started = performance.now();
      const response = await fetch(`${baseUrl}${scanApi.scan}?${query}`, { headers: { cookie } });
      const body = (await response.json()) as { opportunities: Record<string, unknown[]> };
      const answered = performance.now();
      while (pushed.length < sectors.length && performance.now() - answered < 5000)
        await new Promise((resolve) => setTimeout(resolve, 2));
      socket.off('scan:sector', onSector);
      const rows = Object.values(body.opportunities).reduce((n, list) => n + list.length, 0);
      return {
        toLastSector: lastSectorAt - started,
        toAnswer: answered - started,
        rows,
        sectors: pushed.length,
      };
    };

    const first = await scanOnce('first');
    if (mode === 'cold') {
      socket.close();
      return { first };
    }
    const repeats = [];
    for (let i = 0; i < runs; i++) repeats.push(await scanOnce(`repeat${i}`));
    socket.close();
    return { first, repeats };
  } finally {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  await ensureMarket();
  // The compact bar rows are written by a first load; run one so both measures start from them.
  await measure('cold');
  const cold = (await measure('cold')).first;
  const { first, repeats } = await measure('warm');
  const sorted = repeats!.map((r) => r.toLastSector).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  console.log(
    `\nOpportunity scan, S&P 500, ${sectors.length} sectors × 20, PGlite in process (${os.cpus()[0]?.model.trim()}, ${os.cpus().length} cores, Node ${process.version})`,
  );
  console.log(`| scan | to last sector | to HTTP answer | rows | target | |`);
  console.log(`| --- | --- | --- | --- | --- | --- |`);
  console.log(
    `| first, nothing in memory (facts loaded by this scan) | ${ms(cold.toLastSector)} | ${ms(cold.toAnswer)} | ${cold.rows} | ≤ 2,000 ms | ${cold.toLastSector <= 2000 ? 'met' : 'MISSED'} |`,
  );
  console.log(
    `| first, after the start's warm-up | ${ms(first.toLastSector)} | ${ms(first.toAnswer)} | ${first.rows} | ≤ 2,000 ms | ${first.toLastSector <= 2000 ? 'met' : 'MISSED'} |`,
  );
  console.log(
    `| repeat, median of ${runs} (min ${ms(sorted[0]!)}, max ${ms(sorted.at(-1)!)}) | ${ms(median)} | ${ms(repeats![Math.floor(runs / 2)]!.toAnswer)} | ${repeats![0]!.rows} | ≤ 200 ms | ${median <= 200 ? 'met' : 'MISSED'} |`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
