import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { jobsApi, type JobRow } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { freshDatabase, startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { connectSocket } from '../../test/socket';

/** A test kind: counts its runs, moves its progress, waits at a gate the test opens. */
function gatedKind() {
  const started: string[] = [];
  const finished: string[] = [];
  let open = false;
  const waiters = new Set<() => void>();
  return {
    started,
    finished,
    open: () => {
      open = true;
      for (const wake of waiters) wake();
    },
    define(app: App, kind = 'test.gated') {
      app.jobs.define<{ label: string; steps?: number }>(kind, async (ctx) => {
        started.push(ctx.jobId);
        const steps = ctx.params.steps ?? 3;
        for (let step = 1; step <= steps; step += 1) {
          await ctx.progress({ done: step, total: steps, phase: `step ${step}` });
        }
        await new Promise<void>((resolve, reject) => {
          if (open) return resolve();
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          ctx.signal.addEventListener('abort', () => {
            waiters.delete(wake);
            reject(new Error('aborted'));
          });
        });
        const file = path.join(ctx.outputDir, 'report.csv');
        await fs.writeFile(file, `label\n${ctx.params.label}\n`);
        finished.push(ctx.jobId);
        return { file: { path: file, name: 'report.csv', contentType: 'text/csv' }, result: { rows: 1 } };
      });
    },
  };
}

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One gateway node over a given data directory or database (a restart reuses them). */
async function startNode(
  dataDir: string,
  databaseUrl: string | undefined,
  prepare: (app: App) => void,
  env: Record<string, string> = {},
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    INGEST: '0',
    DATABASE_URL: databaseUrl,
    ...env,
  });
  const app = await buildApp(config, { logger: false });
  prepare(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

describe('the job runner over HTTP and the socket', () => {
  let t: TestApp;
  const kind = gatedKind();
  let alice: HttpClient & { userId: number };
  let bob: HttpClient & { userId: number };
  const user = async () => {
    const created = await createUser(t.app);
    const client = new HttpClient(t.baseUrl);
    await signIn(client, created);
    return Object.assign(client, { userId: created.id });
  };
  beforeAll(async () => {
    t = await startTestApp({}, (app) => kind.define(app));
    alice = await user();
    bob = await user();
  });
  afterAll(async () => t?.close());

  it('pushes progress to the owner, keeps the file for the owner only, refuses another user', async () => {
    const socket = await connectSocket(t.baseUrl, { as: alice });
    const other = await connectSocket(t.baseUrl, { as: bob });
    const jobId = await t.app.jobs.enqueue('test.gated', alice.userId, { label: 'first' });

    const progress = await socket.waitFor('job:progress', {
      where: (p) => p.jobId === jobId && p.done === 3,
      timeoutMs: 15_000,
    });
    expect(progress).toEqual({ jobId, kind: 'test.gated', done: 3, total: 3, phase: 'step 3' });
    const listed = await alice.get(jobsApi.list);
    expect(listed.status).toBe(200);
    expect(listed.body.jobs.map((job: JobRow) => job.id)).toContain(jobId);
    expect((await bob.get(jobsApi.list)).body.jobs).toEqual([]);
    expect((await bob.get(`/api/jobs/${jobId}`)).status).toBe(404);
    expect((await bob.post(`/api/jobs/${jobId}/cancel`)).status).toBe(404);
    expect((await alice.get(`/api/jobs/${jobId}`)).body.job.state).toBe('running');

    kind.open();
    const done = await socket.waitFor('job:done', { where: (p) => p.jobId === jobId, timeoutMs: 15_000 });
    expect(done).toEqual({ jobId, state: 'done', url: `/api/jobs/${jobId}/file` });
    const file = await alice.get(`/api/jobs/${jobId}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    expect(file.text).toBe('label\nfirst\n');
    const stolen = await bob.get(`/api/jobs/${jobId}/file`);
    expect(stolen.status).toBe(404);
    expect(stolen.text).not.toContain('first');
    expect(other.received('job:progress')).toEqual([]);
    expect(other.received('job:done')).toEqual([]);

    const rerun = await alice.post(`/api/jobs/${jobId}/rerun`);
    expect(rerun.status).toBe(200);
    const again = await until(async () => {
      const job = (await alice.get(`/api/jobs/${rerun.body.jobId}`)).body.job as JobRow;
      return job.state === 'done' && job;
    });
    expect(again.params).toEqual({ label: 'first' });
    expect((await bob.post(`/api/jobs/${rerun.body.jobId}/rerun`)).status).toBe(404);
    socket.close();
    other.close();
  });

  it('lets the owner cancel a queued or running job, and only once', async () => {
    const gate = gatedKind();
    // A second kind that never opens: the run waits until cancelled.
    t.app.jobs.define('test.never', async (ctx) => {
      gate.started.push(ctx.jobId);
      await new Promise((_resolve, reject) =>
        ctx.signal.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    });
    const socket = await connectSocket(t.baseUrl, { as: alice });
    const jobId = await t.app.jobs.enqueue('test.never', alice.userId, {});
    await until(async () => gate.started.includes(jobId));
    expect((await bob.post(`/api/jobs/${jobId}/cancel`)).status).toBe(404);
    expect(await t.app.jobs.cancel(jobId, bob.userId)).toBe(false);
    const cancelled = await alice.post(`/api/jobs/${jobId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await socket.waitFor('job:done', { where: (p) => p.jobId === jobId })).toEqual({
      jobId,
      state: 'cancelled',
      url: null,
    });
    expect((await alice.post(`/api/jobs/${jobId}/cancel`)).status).toBe(409);
    expect((await alice.get(`/api/jobs/${jobId}`)).body.job.state).toBe('cancelled');
    expect((await alice.get(`/api/jobs/${jobId}/file`)).status).toBe(404);
    socket.close();
  });

  it('holds a user to the per-user cap while others run', async () => {
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    t.app.jobs.define(
      'test.capped',
      async (ctx) => {
        started.push(ctx.jobId);
        await new Promise<void>((resolve) => releases.set(ctx.jobId, resolve));
      },
      { perUserLimit: 1 },
    );
    const ids = [
      await t.app.jobs.enqueue('test.capped', alice.userId, {}),
      await t.app.jobs.enqueue('test.capped', alice.userId, {}),
    ];
    // Two workers may take the two deliveries in either order: whichever claims first runs alone.
    await until(async () => started.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(started).toHaveLength(1);
    const first = started[0]!;
    const second = ids.find((id) => id !== first)!;
    expect(ids).toContain(first);
    expect((await t.app.jobs.get(second))?.state).toBe('queued');
    releases.get(first)!();
    await until(async () => started.includes(second));
    releases.get(second)!();
    await until(async () => (await t.app.jobs.get(second))?.state === 'done');
  });

  it('refuses a malformed job id and an anonymous caller', async () => {
    expect((await alice.get('/api/jobs/not-a-job')).status).toBe(400);
    expect((await new HttpClient(t.baseUrl).get(jobsApi.list)).status).toBe(401);
  });
});

describe('a job survives a restart (embedded default)', () => {
  it('is run again after the restart and finishes once', async () => {
    if (process.env.DATABASE_URL) return; // the PostgreSQL case is the two-node test below
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'insight-jobs-'));
    const kind = gatedKind();
    const first = await startNode(dataDir, undefined, (app) => kind.define(app));
    const owner = await createUser(first.app);
    const jobId = await first.app.jobs.enqueue('test.gated', owner.id, { label: 'restart' });
    await until(async () => kind.started.includes(jobId));
    await first.app.close(); // the run is stopped before it finished

    expect(kind.finished).toEqual([]);
    kind.open();
    const second = await startNode(dataDir, undefined, (app) => kind.define(app));
    try {
      const job = await until(async () => {
        const row = await second.app.jobs.get(jobId);
        return row?.state === 'done' && row;
      });
      expect(job.result).toEqual({ rows: 1 });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(kind.started).toEqual([jobId, jobId]);
      expect(kind.finished).toEqual([jobId]);
      const row = await second.app.db
        .selectFrom('jobs')
        .select('attempts')
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(2);
    } finally {
      await second.app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.runIf(process.env.DATABASE_URL)('two gateway nodes on one PostgreSQL', () => {
  it('share the queue without running a job twice, and take over a silent node’s job', async () => {
    const database = await freshDatabase(null);
    const dirs = await Promise.all([0, 1].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'insight-jobs-'))));
    const runs = new Map<string, string[]>();
    const define = (name: string) => (app: App) => {
      app.jobs.define<{ ms: number }>(
        'test.quick',
        async (ctx) => {
          runs.set(ctx.jobId, [...(runs.get(ctx.jobId) ?? []), name]);
          await new Promise((resolve) => setTimeout(resolve, ctx.params.ms));
        },
        { perUserLimit: 10 },
      );
      app.jobs.define('test.gated', async (ctx) => {
        runs.set(ctx.jobId, [...(runs.get(ctx.jobId) ?? []), name]);
        if (name === 'a')
          await new Promise((_resolve, reject) =>
            ctx.signal.addEventListener('abort', () => reject(new Error('aborted'))),
          );
        return { result: { by: name } };
      });
    };
    const env = { JOBS_STALE_SECONDS: '2', JOBS_CONCURRENCY: '2' };
    const a = await startNode(dirs[0]!, database.url, define('a'), env);
    const b = await startNode(dirs[1]!, database.url, define('b'), env);
    try {
      const owner = await createUser(a.app);
      const ids = [];
      for (let i = 0; i < 12; i += 1) ids.push(await a.app.jobs.enqueue('test.quick', owner.id, { ms: 200 }));
      await until(async () => (await a.app.jobs.list(owner.id)).every((job) => job.state === 'done'), 30_000);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      for (const id of ids) expect(runs.get(id)?.length).toBe(1);
      const nodes = new Set(ids.flatMap((id) => runs.get(id) ?? []));
      expect(nodes).toEqual(new Set(['a', 'b']));

      // A job held by node a, which then stops signing of life: node b takes it over, once.
      await b.app.close().then(() => undefined);
      const gated = await a.app.jobs.enqueue('test.gated', owner.id, {});
      await until(async () => runs.get(gated)?.includes('a'));
      const b2 = await startNode(dirs[1]!, database.url, define('b'), env);
      await a.app.close();
      try {
        const job = await until(async () => {
          const row = await b2.app.jobs.get(gated);
          return row?.state === 'done' && row;
        }, 30_000);
        expect(job.result).toEqual({ by: 'b' });
        expect(runs.get(gated)).toEqual(['a', 'b']);
      } finally {
        await b2.app.close();
      }
    } finally {
      await a.app.close().catch(() => {});
      await b.app.close().catch(() => {});
      await database.drop();
      for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
