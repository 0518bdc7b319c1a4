import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../src/app';
import { loadConfig, type Config, type Env } from '../src/config';

export interface TestApp {
  app: App;
  config: Config;
  baseUrl: string;
  dataDir: string;
  close: () => Promise<void>;
}

/**
 * A fresh database for one test app: on PostgreSQL (DATABASE_URL set, as on CI) a new database that is
 * dropped afterwards; otherwise PGlite in a temporary DATA_DIR.
 */
export async function freshDatabase(
  template: string | null,
): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { url: undefined, drop: async () => {} };
  const name = `insight_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The market ingested once by test/global-setup.ts. */
    marketTemplate: { pgliteDir: string | null; database: string | null };
  }
}

export function templateOfMarket() {
  try {
    return inject('marketTemplate');
  } catch {
    return null; // run without the global setup (e.g. by another config): a backfill of its own
  }
}

/** Starts the real gateway on a free port over its real database (and Redis when REDIS_URL is set). */
export async function startTestApp(
  env: Env = {},
  prepare?: (app: App) => void,
  buildOptions: BuildOptions = { logger: false },
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'insight-test-'));
  // With market data wanted, start from the template the global setup ingested (see global-setup.ts).
  const template = env.INGEST === '1' ? templateOfMarket() : null;
  if (template?.pgliteDir)
    await fs.cp(path.join(template.pgliteDir, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
  const database = await freshDatabase(template?.database ?? null);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL,
    // Market data is ingested only by the tests that ask for it (INGEST: '1'): a backfill takes seconds.
    INGEST: '0',
    ...(env as Record<string, string | undefined>),
  });
  const app = await buildApp(config, buildOptions);
  prepare?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    config,
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    close: async () => {
      await app.close();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
