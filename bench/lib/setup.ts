import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { accountsRepo } from '../../gateway/src/accounts/repo';
import { migrateToLatest, openDatabase, type Db } from '../../gateway/src/platform/db';
import { hashSecret, newPublicId, newSecret } from '../../gateway/src/platform/tokens';
import { Child } from './ipc';
import type { GatewayApi, GatewayInfo } from './gateway-node';
import type { WsServerApi, WsServerInfo } from './ws-server';

/**
 * Databases for the gateways under test, and the users and sessions the load signs in with.
 *
 * PostgreSQL when it answers at BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), as
 * in the scaled mode: a database per benchmark, dropped at the end. Otherwise PGlite in a temporary
 * DATA_DIR. BENCH_DB=pglite or BENCH_DB=postgres forces one. The market is backfilled once into a
 * template (a database, or a PGlite directory) and copied for each benchmark that needs it.
 *
 * Users sign in with argon2, far too slow for thousands; the bench writes users and sessions straight
 * into the tables, the way SessionStore.create does (the cookie carries the secret, the table its
 * SHA-256), before the gateway starts, so that the gateway's memory is not touched by it.
 */

export const pgServerUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const prefix = `insight_bench_${process.pid}`;

const cleanups = new Set<() => Promise<void>>();

/** Drops every database and directory the bench made that is not dropped yet. */
export async function cleanupAll() {
  const pending = [...cleanups];
  cleanups.clear();
  await Promise.allSettled(pending.map((cleanup) => cleanup()));
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: pgServerUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Drops the databases of earlier bench runs that were killed before they could (their pid is gone). */
export async function dropStaleDatabases() {
  if ((await databaseKind()) !== 'postgres') return;
  const client = new pg.Client({ connectionString: pgServerUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'insight\\_bench\\_%'",
    );
    for (const { datname } of rows) {
      const pid = Number(/^insight_bench_(\d+)_/.exec(datname)?.[1]);
      if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) continue;
      await client.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let detected: 'postgres' | 'pglite' | null = null;

export async function databaseKind(): Promise<'postgres' | 'pglite'> {
  if (detected) return detected;
  const forced = process.env.BENCH_DB;
  if (forced === 'postgres' || forced === 'pglite') return (detected = forced);
  try {
    await adminQuery('select 1');
    detected = 'postgres';
  } catch {
    detected = 'pglite';
  }
  return detected;
}

async function tempDir(label: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `insight-bench-${label}-`));
  cleanups.add(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

export interface SeedSpec {
  /** Names the users' e-mails and profiles. */
  tag: string;
  users: number;
  /** Users that own an investment profile of their own and are on it; the others are on Default. */
  ownsProfile?: (index: number) => boolean;
  /** Sessions (devices) of each user: one socket each. */
  sessionsOf?: (index: number) => number;
}

export interface SeededUser {
  id: number;
  profileId: number;
  /** Cookie secrets, one per session. */
  cookies: string[];
}

export interface Seeded {
  defaultProfileId: number;
  users: SeededUser[];
}

const chunk = 1000;

async function seed(db: Db, spec: SeedSpec): Promise<Seeded> {
  const ownsProfile = spec.ownsProfile ?? (() => false);
  const sessionsOf = spec.sessionsOf ?? (() => 1);
  const { id: defaultProfileId } = await db
    .selectFrom('profiles')
    .select('id')
    .where('name', '=', 'Default')
    .executeTakeFirstOrThrow();
  const accountId = await accountsRepo(db).createAccount({
    name: `Bench ${spec.tag}`,
    valid_to: null,
    trail: false,
  });

  const users: SeededUser[] = [];
  for (let start = 0; start < spec.users; start += chunk) {
    const end = Math.min(spec.users, start + chunk);
    const rows = await db
      .insertInto('users')
      .values(
        Array.from({ length: end - start }, (_, k) => ({
          account_id: accountId,
          email: `bench-${spec.tag}-${start + k}@bench.test`,
          // Never signed in with: the sessions below are written directly.
          password_hash: 'bench-user-without-password',
          nickname: null,
          first_name: 'Bench',
          last_name: `User ${start + k}`,
          account_type: 'user' as const,
          current_profile_id: defaultProfileId,
          app_id: null,
          app_flavor: null,
          last_activity_at: null,
        })),
      )
      .returning('id')
      .execute();
    for (const row of rows) users.push({ id: row.id, profileId: defaultProfileId, cookies: [] });
  }

  const owners = users.filter((_, i) => ownsProfile(i));
  for (let start = 0; start < owners.length; start += chunk) {
    const slice = owners.slice(start, start + chunk);
    const rows = await db
      .insertInto('profiles')
      .values(slice.map((user) => ({ name: `bench-${spec.tag}-${user.id}`, owner_user_id: user.id })))
      .returning(['id', 'owner_user_id'])
      .execute();
    const byOwner = new Map(rows.map((row) => [row.owner_user_id, row.id]));
    for (const user of slice) user.profileId = byOwner.get(user.id)!;
  }
  await sql`update users set current_profile_id = p.id from profiles p
            where p.owner_user_id = users.id and users.account_id = ${accountId}`.execute(db);

  const now = new Date();
  const expires = new Date(now.getTime() + 7 * 86_400_000);
  const sessions = users.flatMap((user, i) =>
    Array.from({ length: sessionsOf(i) }, () => {
      const secret = newSecret();
      user.cookies.push(secret);
      return {
        token_hash: hashSecret(secret),
        public_id: newPublicId(),
        user_id: user.id,
        remember: false,
        last_seen_at: now,
        expires_at: expires,
        address: '127.0.0.1',
        user_agent: 'insight-bench',
      };
    }),
  );
  for (let start = 0; start < sessions.length; start += chunk)
    await db
      .insertInto('sessions')
      .values(sessions.slice(start, start + chunk))
      .execute();
  return { defaultProfileId, users };
}

/** One database of the gateway(s) of one benchmark. */
export class BenchDatabase {
  private constructor(
    readonly kind: 'postgres' | 'pglite',
    /** PostgreSQL: the database's URL; PGlite: undefined. */
    readonly url: string | undefined,
    /** PGlite: the DATA_DIR holding pgdata; PostgreSQL: a directory of its own for each node. */
    private readonly dataDir: string | null,
    readonly name: string,
  ) {}

  /** A new database, empty (migrated by its first user) or a copy of `template`. */
  static async create(label: string, template: BenchDatabase | null = null): Promise<BenchDatabase> {
    const kind = await databaseKind();
    if (kind === 'postgres') {
      const name = `${prefix}_${label}`;
      await adminQuery(`drop database if exists ${name} with (force)`);
      await adminQuery(
        template ? `create database ${name} template ${template.name}` : `create database ${name}`,
      );
      cleanups.add(() => adminQuery(`drop database if exists ${name} with (force)`));
      const url = new URL(pgServerUrl);
      url.pathname = `/${name}`;
      return new BenchDatabase(kind, url.toString(), null, name);
    }
    const dataDir = await tempDir(label);
    if (template?.dataDir)
      await fs.cp(path.join(template.dataDir, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
    return new BenchDatabase(kind, undefined, dataDir, label);
  }

  /** DATABASE_URL and DATA_DIR for a gateway node. PGlite has one process per directory. */
  async nodeEnv(label: string): Promise<Record<string, string>> {
    return {
      DATABASE_URL: this.url ?? '',
      DATA_DIR: this.dataDir ?? (await tempDir(`${this.name}-${label}`)),
    };
  }

  private async open<T>(work: (db: Db) => Promise<T>): Promise<T> {
    // PostgreSQL needs no directory; PGlite opens (and locks) the one the gateway will open next.
    const { db, release } = await openDatabase({
      databaseUrl: this.url,
      dataDir: this.dataDir ?? os.tmpdir(),
    });
    try {
      await migrateToLatest(db as Kysely<unknown>);
      return await work(db);
    } finally {
      await db.destroy();
      await release();
    }
  }

  seed(spec: SeedSpec): Promise<Seeded> {
    return this.open((db) => seed(db, spec));
  }

  /** The symbols of the stored market (companies and funds), sorted. */
  symbols(): Promise<string[]> {
    return this.open(async (db) =>
      (await db.selectFrom('companies').select('symbol').orderBy('symbol').execute()).map(
        (row) => row.symbol,
      ),
    );
  }

  async drop() {
    if (this.kind === 'postgres') await adminQuery(`drop database if exists ${this.name} with (force)`);
    else if (this.dataDir) await fs.rm(this.dataDir, { recursive: true, force: true });
  }
}

/** The environment of a gateway node: the gateway's own settings, nothing from the caller's shell. */
export function gatewayEnv(overrides: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    INGEST: '0',
    DEMO_SEED: '0',
    SIM_CONTROL: '0',
    DATABASE_URL: '',
    REDIS_URL: '',
    UPSTREAM_URL: '',
    SMTP_URL: '',
    PUBLIC_URL: '',
    ...overrides,
  };
}

export interface GatewayStart {
  name?: string;
  env: Record<string, string>;
  cpu?: number;
}

/** Starts a gateway node (bench/lib/gateway-node.ts) and waits until it listens. */
export async function startGateway(options: GatewayStart) {
  const { child, info } = await Child.start<GatewayApi, GatewayInfo>({
    name: options.name ?? 'gateway',
    script: 'lib/gateway-node.ts',
    env: gatewayEnv(options.env),
    // BENCH_GATEWAY_NODE_ARGS adds node flags, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile.
    nodeArgs: ['--expose-gc', ...(process.env.BENCH_GATEWAY_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    ...(options.cpu === undefined ? {} : { cpu: options.cpu }),
    readyTimeoutMs: 90_000,
  });
  return {
    gateway: child,
    port: info.port,
    url: `ws://127.0.0.1:${info.port}/socket.io/?EIO=4&transport=websocket`,
  };
}

let market: Promise<BenchDatabase> | null = null;

/** The market, backfilled once per bench run (as INGEST=1 does at start) into a template. */
export function marketTemplate(): Promise<BenchDatabase> {
  market ??= (async () => {
    const template = await BenchDatabase.create('market');
    const { gateway } = await startGateway({ name: 'backfill', env: await template.nodeEnv('backfill') });
    try {
      const { ms } = await gateway.call('backfill', undefined, 180_000);
      console.log(`  market backfilled into a template in ${(ms / 1000).toFixed(1)} s (${template.kind})`);
    } finally {
      await gateway.stop();
    }
    return template;
  })();
  return market;
}

/** Starts the plain `ws` baseline server (bench/lib/ws-server.ts). */
export async function startWsServer(options: { cpu?: number } = {}) {
  const { child, info } = await Child.start<WsServerApi, WsServerInfo>({
    name: 'ws-server',
    script: 'lib/ws-server.ts',
    ...(options.cpu === undefined ? {} : { cpu: options.cpu }),
  });
  return { server: child, url: `ws://127.0.0.1:${info.port}/` };
}
