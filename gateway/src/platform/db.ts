import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import fp from 'fastify-plugin';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { migrations } from './migrations/index';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: 'pglite' | 'postgres';
  }
}

// DATE columns stay 'YYYY-MM-DD' strings: a calendar day has no time zone to shift.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
// BIGINT holds volumes and counts, all far below 2^53: read them as numbers, as PGlite does.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  log?: { warn: (object: object, message: string) => void };
}) {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 10_000,
    });
    // An idle client whose connection drops (PostgreSQL restarted, a proxy timed out) emits 'error' on
    // the pool; unheard, that would end the process. The pool drops the client and opens a new one.
    pool.on('error', (error: Error) => options.log?.warn({ err: error }, 'database idle connection error'));
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      kind: 'postgres' as const,
      release: () => {},
    };
  }
  const release = lockDataDir(options.dataDir);
  try {
    const pglite = await PGlite.create({
      dataDir: path.join(options.dataDir, 'pgdata'),
      parsers: { 1082: (value: string) => value },
    });
    return {
      db: new Kysely<Database>({ dialect: new PGliteDialect(pglite) }),
      kind: 'pglite' as const,
      release: async () => {
        await pglite.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function migrateToLatest(db: Kysely<unknown>) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return results?.filter((result) => result.status === 'Success').map((result) => result.migrationName) ?? [];
}

/** The database of record: PGlite under DATA_DIR, or PostgreSQL when DATABASE_URL is set. */
export const dbPlugin = fp(
  async (app, options: { databaseUrl?: string | undefined; dataDir: string }) => {
    const { db, kind, release } = await openDatabase({ ...options, log: app.log });
    try {
      const applied = await migrateToLatest(db as Kysely<unknown>);
      if (applied.length > 0) app.log.info({ applied }, 'database migrated');
    } catch (error) {
      await db.destroy();
      await release();
      throw error;
    }
    app.decorate('db', db);
    app.decorate('dbKind', kind);
    app.addHook('onClose', async () => {
      await db.destroy();
      await release();
    });
  },
  { name: 'db' },
);

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * Rejects after `ms`: a call made for a health answer (or any caller that must not hang on a
 * database or Redis that is away) gives up instead of waiting for the connection's own timeout.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
