import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  jobCancelResponseSchema,
  jobIdParamsSchema,
  jobListResponseSchema,
  jobResponseSchema,
  jobRerunResponseSchema,
  jobsApi,
  rooms,
} from '@insight/shared';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { HttpError, refusals } from '../platform/errors';
import { requireSession } from '../platform/session';
import { JobRunner, type JobHandler, type JobRow } from './service';

export type { JobContext, JobProgress, JobResult, JobRow } from './service';

/** What features use: define a kind at registration, enqueue from a route. */
export interface Jobs {
  define<P>(kind: string, handler: JobHandler<P>, options?: { perUserLimit?: number }): void;
  enqueue<P>(kind: string, ownerId: number, params: P): Promise<string>;
  get(jobId: string): Promise<JobRow | null>;
  /** The job once it has ended, or null after timeoutMs (a caller without a socket waits for it). */
  waitFor(jobId: string, timeoutMs: number): Promise<JobRow | null>;
  list(ownerId: number): Promise<JobRow[]>;
  cancel(jobId: string, ownerId: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

const notFound = () => new HttpError(404, 'No such job');

/**
 * The job runner (issue 18 item 1) as `app.jobs`, and the owner's calls: the list, one job, its file,
 * cancel and re-run. Another user's job answers 404, as if it did not exist.
 */
const plugin: FastifyPluginAsyncZod<{ config: Config; heartbeatMs?: number }> = async (app, options) => {
  const runner = new JobRunner(app.db, {
    dbKind: app.dbKind,
    dir: options.config.jobs.dir,
    concurrency: options.config.jobs.concurrency,
    staleMs: options.config.jobs.staleMs,
    ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
    log: app.log.child({ feature: 'jobs' }),
    // Realtime is registered after the features; it is there by the time a job runs.
    publish: {
      progress: (ownerId, payload) => {
        if (app.hasDecorator('realtime')) app.realtime.publish(rooms.user(ownerId), 'job:progress', payload);
      },
      done: (ownerId, payload) => {
        if (app.hasDecorator('realtime')) app.realtime.publish(rooms.user(ownerId), 'job:done', payload);
      },
    },
  });
  const jobs: Jobs = {
    define: (kind, handler, defineOptions) => runner.define(kind, handler, defineOptions),
    enqueue: (kind, ownerId, params) => runner.enqueue(kind, ownerId, params),
    get: (jobId) => runner.get(jobId),
    waitFor: (jobId, timeoutMs) => runner.waitFor(jobId, timeoutMs),
    list: (ownerId) => runner.list(ownerId),
    cancel: (jobId, ownerId) => runner.cancel(jobId, ownerId),
  };
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    await fs.mkdir(options.config.jobs.dir, { recursive: true });
    await runner.start();
  });
  // onClose hooks run in reverse order of registration: the features that use the database (the
  // ingestion) have stopped by now, so the queue's last queries do not wait behind them.
  app.addHook('onClose', async () => runner.stop());

  const mine = async (id: string, userId: number) => {
    const job = await runner.get(id);
    if (!job || job.ownerId !== userId) throw notFound();
    return job;
  };

  app.get(
    jobsApi.list,
    {
      config: { access: 'tools.use', effect: 'read' },
      schema: { response: { 200: jobListResponseSchema, ...refusals } },
    },
    async (request) => ({ status: true as const, jobs: await runner.list(requireSession(request).userId) }),
  );

  app.get(
    jobsApi.get,
    {
      config: { access: 'tools.use', effect: 'read' },
      schema: { params: jobIdParamsSchema, response: { 200: jobResponseSchema, ...refusals } },
    },
    async (request) => ({
      status: true as const,
      job: await mine(request.params.id, requireSession(request).userId),
    }),
  );

  app.get(
    jobsApi.file,
    { config: { access: 'tools.use', effect: 'read' }, schema: { params: jobIdParamsSchema } },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const row = await runner.file(request.params.id);
      if (!row || row.owner_id !== userId) throw notFound();
      if (row.state !== 'done' || !row.file_path) throw new HttpError(404, 'This job has no file');
      const stat = await fs.stat(row.file_path).catch(() => null);
      if (!stat) throw new HttpError(404, 'The file is no longer kept');
      const name = (row.file_name ?? path.basename(row.file_path)).replace(/["\r\n]/g, '');
      return reply
        .header('content-type', row.file_type ?? 'application/octet-stream')
        .header('content-length', String(stat.size))
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(row.file_path));
    },
  );

  app.post(
    jobsApi.cancel,
    {
      config: { access: 'tools.use', effect: 'write' },
      schema: { params: jobIdParamsSchema, response: { 200: jobCancelResponseSchema, ...refusals } },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const job = await mine(request.params.id, userId);
      if (!(await runner.cancel(job.id, userId))) throw new HttpError(409, 'This job has already finished');
      return { status: true as const, msg: 'Job cancelled' };
    },
  );

  app.post(
    jobsApi.rerun,
    {
      config: { access: 'tools.use', effect: 'write' },
      schema: { params: jobIdParamsSchema, response: { 200: jobRerunResponseSchema, ...refusals } },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const job = await mine(request.params.id, userId);
      return { status: true as const, jobId: await runner.enqueue(job.kind, userId, job.params) };
    },
  );
};

export const jobsPlugin = fp(plugin, { name: 'jobs', dependencies: ['db', 'session'] });
