import { z } from 'zod';

/**
 * Durable jobs (issue 18 item 1): reports, scans, backtests and admin fetches run on the gateway's one
 * job runner. The owner watches them in "My reports" and over the socket (`job:progress`, `job:done`).
 */
export const jobsApi = {
  list: '/api/jobs',
  get: '/api/jobs/:id',
  file: '/api/jobs/:id/file',
  cancel: '/api/jobs/:id/cancel',
  rerun: '/api/jobs/:id/rerun',
} as const;

export const jobFileUrl = (jobId: string) => `/api/jobs/${jobId}/file`;

export const jobStates = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const jobStateSchema = z.enum(jobStates);
export type JobState = z.infer<typeof jobStateSchema>;
export const finishedJobStates: readonly JobState[] = ['done', 'failed', 'cancelled'];

export const jobProgressSchema = z.object({
  done: z.number(),
  total: z.number(),
  phase: z.string().optional(),
  sector: z.string().optional(),
});
export type JobProgressValue = z.infer<typeof jobProgressSchema>;

/** One job as the owner sees it. Times ISO 8601; `url` the download when the job left a file. */
export const jobRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  ownerId: z.number(),
  params: z.unknown(),
  state: jobStateSchema,
  progress: jobProgressSchema.nullable(),
  error: z.string().nullable(),
  file: z.object({ name: z.string(), contentType: z.string() }).nullable(),
  url: z.string().nullable(),
  result: z.unknown(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRowSchema>;

export const jobListResponseSchema = z.object({ status: z.literal(true), jobs: z.array(jobRowSchema) });
export type JobListResponse = z.infer<typeof jobListResponseSchema>;
export const jobResponseSchema = z.object({ status: z.literal(true), job: jobRowSchema });
export const jobIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be a job id' }) });
export const jobRerunResponseSchema = z.object({ status: z.literal(true), jobId: z.string() });
export const jobCancelResponseSchema = z.object({ status: z.literal(true), msg: z.string() });

/** Socket `job:progress` (to the owner's room). */
export const jobProgressEventSchema = z.object({
  jobId: z.string(),
  kind: z.string(),
  done: z.number(),
  total: z.number(),
  phase: z.string().optional(),
});
export type JobProgressEvent = z.infer<typeof jobProgressEventSchema>;

/** Socket `job:done` (to the owner's room): the final state and, when the job left a file, its download. */
export const jobDoneEventSchema = z.object({
  jobId: z.string(),
  state: jobStateSchema,
  url: z.string().nullable(),
});
export type JobDoneEvent = z.infer<typeof jobDoneEventSchema>;

/** Readable names of the job kinds the product defines (others show their kind). */
export const jobKindLabels: Record<string, string> = {
  'admin.addSymbols': 'Add symbols',
  'backtest.excel': 'Backtest',
  'backtest.strategy': 'Strategy backtest',
  'backtest.alerts': 'Alerts backtest',
  'reports.marketData': 'Market Data report',
};
