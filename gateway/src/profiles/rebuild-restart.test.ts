import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { profilesApi } from '@insight/shared';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';

async function until<T>(probe: () => Promise<T | false | null | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const newProfile = (n: string) => ({
  first_name: 'Fund',
  last_name: n,
  email: `fund.${n.toLowerCase()}@example.test`,
  password: 'Gr0wthFund',
});

describe('a rebuild interrupted by a restart', () => {
  it('finishes after the restart', async () => {
    if (process.env.DATABASE_URL) return; // the embedded default: every running job is re-run at start
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'insight-profiles-'));
    const start = async (gate: boolean) => {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', INGEST: '0' });
      const app = await buildApp(config, { logger: false });
      await app.listen({ host: '127.0.0.1', port: 0 });
      if (gate) {
        // The first node's rebuild cannot get past loading the facts (once the start's own load is
        // done): it is still running at the stop.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await app.scanner.cache.warming;
        app.scanner.cache.facts = () => new Promise(() => {});
      }
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      return { app, baseUrl: `http://127.0.0.1:${port}` };
    };
    const first = await start(true);
    await first.app.accounts.createProfileAccount(newProfile('Restart'));
    const owner = new HttpClient(first.baseUrl);
    await signIn(owner, newProfile('Restart'));
    const saved = await owner.post(profilesApi.queue, {
      pf_data: { newBuild: true, portfolioSize: null, teamUpdatePeriod: 1, sectors: [{ sector_ref_id: 1 }] },
    });
    expect(saved.status).toBe(200);
    const jobId = saved.body.job_id as string;
    await until(async () => (await first.app.jobs.get(jobId))?.state === 'running');
    await first.app.close();

    const second = await start(false);
    try {
      const job = await until(async () => {
        const row = await second.app.jobs.get(jobId);
        if (row?.state === 'failed') throw new Error(`the rebuild failed: ${row.error}`);
        return row?.state === 'done' && row;
      });
      expect(job.state).toBe('done');
      const rebuild = await second.app.db
        .selectFrom('profile_rebuilds')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(rebuild).toMatchObject({ job_id: jobId, state: 'done', done: 1, total: 1 });
      const sector = await second.app.db.selectFrom('profile_sectors').selectAll().executeTakeFirstOrThrow();
      expect(sector.team_built_at).not.toBeNull();
      const attempts = await second.app.db
        .selectFrom('jobs')
        .select('attempts')
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      expect(attempts.attempts).toBe(2);
    } finally {
      await second.app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
