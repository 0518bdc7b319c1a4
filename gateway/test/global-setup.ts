import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

/**
 * Ingests the simulated market once, into a template database, before any test file runs. Test apps
 * that need market data (INGEST '1') start from a copy of it, instead of a backfill of their own each:
 * on PostgreSQL `CREATE DATABASE … TEMPLATE`, on PGlite a copy of the data directory.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'insight-template-'));
  let databaseUrl: string | undefined;
  let templateName: string | null = null;
  if (serverUrl) {
    templateName = `insight_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${templateName}`;
    databaseUrl = url.toString();
  }
  const started = Date.now();
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      INGEST: '1',
      LOG_LEVEL: 'silent',
    }),
    { logger: false },
  );
  await app.ready();
  await app.ingestor.start();
  await app.close();
  console.info(
    `test template: market backfilled in ${Date.now() - started} ms on ${serverUrl ? 'PostgreSQL' : 'PGlite'}`,
  );
  project.provide('marketTemplate', { pgliteDir: serverUrl ? null : dataDir, database: templateName });

  return async () => {
    if (serverUrl && templateName) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
