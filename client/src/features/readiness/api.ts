import { readinessSchema, readyApi, type Readiness } from '@insight/shared';

/**
 * GET /api/health/ready: 503 with the progress while the first backfill runs, 200 once ready. Read
 * outside the request layer: a 503 here is an answer, not an error.
 */
export async function readReadiness(signal?: AbortSignal): Promise<Readiness | null> {
  try {
    const response = await fetch(readyApi, { signal, headers: { accept: 'application/json' } });
    const parsed = readinessSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
