import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { jobFileUrl, type JobDoneEvent, type JobProgressEvent, type JobRow } from '@insight/shared';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, sql, type Selectable } from 'kysely';
import PgBoss from 'pg-boss';
import type { Db } from '../platform/db';
import { PGliteConnection } from '../platform/pglite-dialect';
import type { JobsTable } from './tables';

/** Jobs that ended on this node, by id: wakes whoever waits for one (`waitFor`). */
const settled = new EventEmitter().setMaxListeners(0);

export interface JobProgress {
  done: number;
  total: number;
  phase?: string;
  sector?: string;
}
export interface JobContext<P> {
  jobId: string;
  ownerId: number;
  params: P;
  signal: AbortSignal;
  progress(p: JobProgress): Promise<void>;
  outputDir: string;
}
export interface JobResult {
  file?: { path: string; name: string; contentType: string };
  result?: unknown;
}
export type JobHandler<P> = (ctx: JobContext<P>) => Promise<JobResult | void>;
export type { JobRow };

export interface JobRunnerOptions {
  dbKind: 'pglite' | 'postgres';
  /** Result files: one folder per job under it. */
  dir: string;
  /** Jobs this node runs at once. */
  concurrency: number;
  /** A running job whose run has not signed of life for this long is given to another run. */
  staleMs: number;
  /** How often a run signs of life (and learns of a cancel made on another node). */
  heartbeatMs?: number;
  /** Files and rows kept this long after a job finished. */
  retentionDays?: number;
  /** Runs a job waits before another look when its owner is at their per-user cap. */
  perUserRetryMs?: number;
  defaultPerUserLimit?: number;
  publish: {
    progress(ownerId: number, payload: JobProgressEvent): void;
    done(ownerId: number, payload: JobDoneEvent): void;
  };
  log: FastifyBaseLogger;
}

interface Definition {
  handler: JobHandler<unknown>;
  perUserLimit: number;
}

const queue = 'insight-jobs';
const shutdownReason = 'shutdown';
const cancelReason = 'cancelled';

/**
 * pg-boss over our own database connection: Kysely's (PGlite's single connection goes through the
 * same queue as every other query, so pg-boss never lands inside another caller's transaction).
 */
function bossDb(db: Db): PgBoss.Db {
  return {
    executeSql: (text, values) =>
      db.getExecutor().provideConnection(async (connection) => {
        if ((values === undefined || values.length === 0) && connection instanceof PGliteConnection) {
          return connection.exec(text);
        }
        const result = await connection.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: [...result.rows] };
      }),
  };
}

export function toJobRow(row: Selectable<JobsTable>): JobRow {
  const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());
  return {
    id: row.id,
    kind: row.kind,
    ownerId: row.owner_id,
    params: row.params,
    state: row.state,
    progress: row.progress,
    error: row.error,
    file:
      row.file_path && row.file_name
        ? { name: row.file_name, contentType: row.file_type ?? 'application/octet-stream' }
        : null,
    url: row.file_path && row.state === 'done' ? jobFileUrl(row.id) : null,
    result: row.result ?? null,
    createdAt: new Date(row.created_at).toISOString(),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}

/**
 * The product's one job runner (issue 18 item 1), on pg-boss. pg-boss delivers each job to one
 * worker of one node (SKIP LOCKED); our `jobs` row says what the owner sees and which run holds the
 * job: a run claims it (queued → running, with its token), signs of life while it works, and only
 * the run holding the token can finish it. A run that stops signing (its node died) is given a new
 * delivery by whichever node notices first; on the embedded default (one process, the data directory
 * locked) every job found running at start is such an orphan.
 */
export class JobRunner {
  private readonly definitions = new Map<string, Definition>();
  private readonly runs = new Map<string, { controller: AbortController; token: string }>();
  private readonly timers: NodeJS.Timeout[] = [];
  private boss: PgBoss | null = null;
  private workerIds: string[] = [];
  private stopping = false;
  private readonly heartbeatMs: number;
  private readonly retentionDays: number;
  private readonly perUserRetryMs: number;
  private readonly defaultPerUserLimit: number;

  constructor(
    private readonly db: Db,
    private readonly options: JobRunnerOptions,
  ) {
    this.heartbeatMs =
      options.heartbeatMs ?? Math.max(250, Math.min(10_000, Math.floor(options.staleMs / 4)));
    this.retentionDays = options.retentionDays ?? 30;
    this.perUserRetryMs = options.perUserRetryMs ?? 2000;
    this.defaultPerUserLimit = options.defaultPerUserLimit ?? 2;
  }

  define<P>(kind: string, handler: JobHandler<P>, options: { perUserLimit?: number } = {}): void {
    if (this.definitions.has(kind)) throw new Error(`Job kind ${kind} is defined twice`);
    this.definitions.set(kind, {
      handler: handler as JobHandler<unknown>,
      perUserLimit: options.perUserLimit ?? this.defaultPerUserLimit,
    });
  }

  async start(): Promise<void> {
    const boss = new PgBoss({
      db: bossDb(this.db),
      schema: 'pgboss',
      // Our own sweeps give a silent node's jobs to another; pg-boss keeps its tables tidy.
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: 300,
      monitorStateIntervalSeconds: 600,
    });
    boss.on('error', (error) => this.options.log.error({ err: error }, 'job queue error'));
    await boss.start();
    await boss.createQueue(queue, { name: queue, policy: 'standard', retryLimit: 0 });
    this.boss = boss;

    await this.sweep(this.options.dbKind === 'pglite');
    for (let i = 0; i < this.options.concurrency; i += 1) {
      this.workerIds.push(
        await boss.work<{ jobId: string }>(
          queue,
          { batchSize: 1, pollingIntervalSeconds: 2 },
          async ([job]) => {
            if (job) await this.deliver(job.id, job.data.jobId);
          },
        ),
      );
    }
    const every = (ms: number, task: () => Promise<unknown>) => {
      const timer = setInterval(() => {
        if (!this.stopping)
          task().catch((error) => this.options.log.error({ err: error }, 'job runner task failed'));
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(Math.max(500, Math.floor(this.options.staleMs / 2)), () => this.sweep(false));
    every(this.heartbeatMs, () => this.heartbeat());
    every(24 * 3600_000, () => this.cleanup());
    void this.cleanup().catch((error) => this.options.log.error({ err: error }, 'job cleanup failed'));
  }

  async stop(): Promise<void> {
    const started = Date.now();
    this.stopping = true;
    for (const timer of this.timers) clearInterval(timer);
    // A run stopped by a shutdown stays 'running': the next start (or another node) gives it a new run.
    for (const run of this.runs.values()) run.controller.abort(shutdownReason);
    const boss = this.boss;
    this.boss = null;
    if (boss) await boss.stop({ graceful: false, close: false });
    this.options.log.info({ ms: Date.now() - started }, 'job runner stopped');
  }

  async enqueue<P>(kind: string, ownerId: number, params: P): Promise<string> {
    if (!this.definitions.has(kind)) throw new Error(`No job kind ${kind}`);
    const id = randomUUID();
    const bossId = randomUUID();
    await this.db
      .insertInto('jobs')
      .values({
        id,
        kind,
        owner_id: ownerId,
        params: JSON.stringify(params ?? null),
        state: 'queued',
        boss_id: bossId,
      })
      .execute();
    await this.send(bossId, id);
    return id;
  }

  /**
   * The job once it has ended (done, failed or cancelled): told at once when it ends on this node,
   * else found by looking every second (another node ran it). Null after `timeoutMs`.
   */
  async waitFor(jobId: string, timeoutMs: number): Promise<JobRow | null> {
    const ended = (row: JobRow | null) =>
      row !== null && (row.state === 'done' || row.state === 'failed' || row.state === 'cancelled');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await this.get(jobId);
      if (ended(row)) return row;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(1000, left));
        function done() {
          clearTimeout(timer);
          settled.off(jobId, done);
          resolve();
        }
        settled.on(jobId, done);
      });
    }
  }

  async get(jobId: string): Promise<JobRow | null> {
    const row = await this.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
    return row ? toJobRow(row) : null;
  }

  /** The job with its file's place on disk, for the download. */
  async file(jobId: string) {
    const row = await this.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
    return row ?? null;
  }

  async list(ownerId: number): Promise<JobRow[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('created_at', 'desc')
      .limit(200)
      .execute();
    return rows.map(toJobRow);
  }

  /** Cancels the owner's queued or running job; false when there is none such. */
  async cancel(jobId: string, ownerId: number): Promise<boolean> {
    const row = await this.db
      .updateTable('jobs')
      .set({ state: 'cancelled', run_token: null, finished_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', jobId)
      .where('owner_id', '=', ownerId)
      .where('state', 'in', ['queued', 'running'])
      .returning(['boss_id'])
      .executeTakeFirst();
    if (!row) return false;
    this.runs.get(jobId)?.controller.abort(cancelReason);
    // The delivery, if not yet taken, is dropped; a run on another node learns at its next heartbeat.
    await this.boss?.cancel(queue, row.boss_id).catch(() => {});
    this.options.publish.done(ownerId, { jobId, state: 'cancelled', url: null });
    return true;
  }

  private async send(bossId: string, jobId: string, startAfterMs = 0) {
    if (!this.boss) throw new Error('The job runner is not started');
    await this.boss.send(
      queue,
      { jobId },
      {
        id: bossId,
        retryLimit: 0,
        expireInHours: 23,
        ...(startAfterMs > 0 ? { startAfter: new Date(Date.now() + startAfterMs) } : {}),
      },
    );
    if (startAfterMs === 0) for (const worker of this.workerIds) this.boss.notifyWorker(worker);
  }

  /** One pg-boss delivery: claim the job, run it, finish it, unless the job moved on meanwhile. */
  private async deliver(bossId: string, jobId: string) {
    if (this.stopping) return;
    const token = randomUUID();
    const claim = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', jobId)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.state !== 'queued' || row.boss_id !== bossId) return null; // an old delivery
      const definition = this.definitions.get(row.kind);
      if (!definition) return { row, definition: null, wait: null };
      // The per-user cap, across nodes: the owner's lock makes count-then-claim atomic.
      await sql`select pg_advisory_xact_lock(${7_001}, ${row.owner_id})`.execute(trx);
      const running = await trx
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', row.owner_id)
        .where('state', '=', 'running')
        .executeTakeFirstOrThrow();
      if (Number(running.n) >= definition.perUserLimit) {
        const next = randomUUID();
        await trx
          .updateTable('jobs')
          .set({ boss_id: next, updated_at: sql`now()` })
          .where('id', '=', jobId)
          .execute();
        return { row, definition, wait: next };
      }
      const claimed = await trx
        .updateTable('jobs')
        .set({
          state: 'running',
          run_token: token,
          attempts: sql`attempts + 1`,
          heartbeat_at: sql`now()`,
          started_at: sql`coalesce(started_at, now())`,
          updated_at: sql`now()`,
        })
        .where('id', '=', jobId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row: claimed, definition, wait: null };
    });
    if (!claim) return;
    if (claim.wait) {
      await this.send(claim.wait, jobId, this.perUserRetryMs);
      return;
    }
    if (!claim.definition) {
      await this.finish(
        jobId,
        null,
        { state: 'failed', error: `No job kind ${claim.row.kind}` },
        claim.row.owner_id,
      );
      return;
    }
    await this.run(claim.row, claim.definition, token);
  }

  private async run(row: Selectable<JobsTable>, definition: Definition, token: string) {
    const controller = new AbortController();
    this.runs.set(row.id, { controller, token });
    const outputDir = path.join(this.options.dir, row.id);
    try {
      await fs.mkdir(outputDir, { recursive: true });
      const result = await definition.handler({
        jobId: row.id,
        ownerId: row.owner_id,
        params: row.params,
        signal: controller.signal,
        outputDir,
        progress: async (p) => {
          if (controller.signal.aborted) return;
          const progress = {
            done: p.done,
            total: p.total,
            ...(p.phase === undefined ? {} : { phase: p.phase }),
            ...(p.sector === undefined ? {} : { sector: p.sector }),
          };
          const held = await this.db
            .updateTable('jobs')
            .set({ progress: JSON.stringify(progress), heartbeat_at: sql`now()`, updated_at: sql`now()` })
            .where('id', '=', row.id)
            .where('run_token', '=', token)
            .where('state', '=', 'running')
            .returning('id')
            .executeTakeFirst();
          if (!held) {
            controller.abort(cancelReason);
            return;
          }
          this.options.publish.progress(row.owner_id, {
            jobId: row.id,
            kind: row.kind,
            done: progress.done,
            total: progress.total,
            ...(p.phase === undefined ? {} : { phase: p.phase }),
          });
        },
      });
      if (controller.signal.aborted) return this.afterAbort(row, controller);
      await this.finish(row.id, token, { state: 'done', result: result ?? {} }, row.owner_id);
    } catch (error) {
      if (controller.signal.aborted) return this.afterAbort(row, controller);
      this.options.log.warn({ err: error, jobId: row.id, kind: row.kind }, 'job failed');
      const message = error instanceof Error ? error.message : String(error);
      await this.finish(row.id, token, { state: 'failed', error: message }, row.owner_id);
    } finally {
      this.runs.delete(row.id);
    }
  }

  private async afterAbort(row: Selectable<JobsTable>, controller: AbortController) {
    // Cancelled: the row already says so. Shutdown: left running for the next run. Either way the
    // files of this run are dropped.
    if (controller.signal.reason === cancelReason) {
      await fs.rm(path.join(this.options.dir, row.id), { recursive: true, force: true });
    }
  }

  private async finish(
    jobId: string,
    token: string | null,
    outcome: { state: 'done'; result: JobResult } | { state: 'failed'; error: string },
    ownerId: number,
  ) {
    const file = outcome.state === 'done' ? outcome.result.file : undefined;
    let query = this.db
      .updateTable('jobs')
      .set({
        state: outcome.state,
        run_token: null,
        error: outcome.state === 'failed' ? outcome.error.slice(0, 2000) : null,
        result:
          outcome.state === 'done' && outcome.result.result !== undefined
            ? JSON.stringify(outcome.result.result)
            : null,
        file_path: file?.path ?? null,
        file_name: file?.name ?? null,
        file_type: file?.contentType ?? null,
        finished_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('id', '=', jobId)
      .where('state', 'in', ['running', 'queued']);
    if (token !== null) query = query.where('run_token', '=', token);
    const done = await query.returning('id').executeTakeFirst();
    settled.emit(jobId);
    if (!done) return; // cancelled or taken over meanwhile: that outcome stands
    this.options.publish.done(ownerId, {
      jobId,
      state: outcome.state,
      url: outcome.state === 'done' && file ? jobFileUrl(jobId) : null,
    });
  }

  /** Signs of life for this node's runs; a run whose job was cancelled or taken elsewhere stops. */
  private async heartbeat() {
    for (const [jobId, run] of this.runs) {
      const held = await this.db
        .updateTable('jobs')
        .set({ heartbeat_at: sql`now()` })
        .where('id', '=', jobId)
        .where('run_token', '=', run.token)
        .where('state', '=', 'running')
        .returning('id')
        .executeTakeFirst();
      if (!held) run.controller.abort(cancelReason);
    }
  }

  /**
   * Gives a new delivery to every job whose run went silent (all running ones when `orphansOnly`
   * applies: the embedded default at start), and to queued jobs whose delivery pg-boss no longer holds.
   * The update is atomic, so only one node re-sends each.
   */
  private async sweep(allRunning: boolean) {
    if (!this.boss) return;
    const ownRuns = [...this.runs.keys()];
    let stale = this.db
      .updateTable('jobs')
      .set({ state: 'queued', run_token: null, boss_id: sql`gen_random_uuid()`, updated_at: sql`now()` })
      .where('state', '=', 'running');
    if (!allRunning) {
      stale = stale.where(
        'heartbeat_at',
        '<',
        sql<Date>`now() - ${`${this.options.staleMs} milliseconds`}::interval`,
      );
    }
    if (ownRuns.length > 0) stale = stale.where('id', 'not in', ownRuns);
    const retaken = await stale.returning(['id', 'boss_id']).execute();
    const lost = await this.db
      .updateTable('jobs')
      .set({ boss_id: sql`gen_random_uuid()`, updated_at: sql`now()` })
      .where('state', '=', 'queued')
      .where('updated_at', '<', sql<Date>`now() - interval '30 seconds'`)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom(sql`pgboss.job`.as('b'))
              .select(sql`1`.as('one'))
              .where(sql.ref('b.id'), '=', sql.ref('jobs.boss_id'))
              .where(sql.ref('b.state'), 'in', ['created', 'retry', 'active']),
          ),
        ),
      )
      .returning(['id', 'boss_id'])
      .execute();
    for (const job of [...retaken, ...lost]) {
      this.options.log.info({ jobId: job.id }, 'job given a new run');
      await this.send(job.boss_id, job.id);
    }
  }

  /** Finished jobs and their files are kept `retentionDays` (30) days. */
  private async cleanup() {
    const old = await this.db
      .deleteFrom('jobs')
      .where('state', 'in', ['done', 'failed', 'cancelled'])
      .where('finished_at', '<', sql<Date>`now() - ${`${this.retentionDays} days`}::interval`)
      .returning('id')
      .execute();
    for (const job of old) await fs.rm(path.join(this.options.dir, job.id), { recursive: true, force: true });
  }
}
