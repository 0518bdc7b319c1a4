import type { Simulator } from './simulator/simulator';

/**
 * Where upstream answers come from: a GET of a contract path with a query, answering JSON. The
 * in-process simulator and the HTTP client are the two implementations; everything above them is
 * one code path.
 */
export interface UpstreamSource {
  readonly kind: 'simulator' | 'http';
  get(path: string, query?: Record<string, string | undefined>): Promise<unknown>;
  /** The state of the connection, for /api/health. */
  state(): { ok: boolean; detail: string };
}

export class UpstreamUnavailable extends Error {}

export function inProcessSource(simulator: Simulator): UpstreamSource {
  let lastError: string | null = null;
  return {
    kind: 'simulator',
    async get(path, query = {}) {
      try {
        // A copy through JSON, as over the wire: nothing shared by reference leaves the simulator.
        const answer = JSON.parse(JSON.stringify(simulator.handle(path, query))) as unknown;
        lastError = null;
        return answer;
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        throw new UpstreamUnavailable(lastError);
      }
    },
    state: () =>
      lastError ? { ok: false, detail: lastError } : { ok: true, detail: 'in-process simulator' },
  };
}

export interface HttpSourceOptions {
  baseUrl: string;
  timeoutMs?: number;
  retries?: number;
  /** Consecutive failures that open the circuit, and how long it stays open before one trial call. */
  breakerThreshold?: number;
  breakerCooldownMs?: number;
  fetch?: typeof fetch;
}

/**
 * The upstream over HTTP: a timeout per call, retries with exponential backoff and full jitter, and
 * a circuit breaker so that an upstream that is down is not hammered and callers fail fast until a
 * trial call after the cool-down succeeds.
 */
export function httpSource(options: HttpSourceOptions): UpstreamSource {
  const timeoutMs = options.timeoutMs ?? 5000;
  const retries = options.retries ?? 2;
  const threshold = options.breakerThreshold ?? 5;
  const cooldownMs = options.breakerCooldownMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  let consecutiveFailures = 0;
  let openUntil = 0;
  let lastError = 'no call yet';
  let everSucceeded = false;

  async function once(url: string): Promise<unknown> {
    const response = await doFetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new UpstreamUnavailable(`${response.status} ${response.statusText} from ${url}`);
    return (await response.json()) as unknown;
  }

  return {
    kind: 'http',
    async get(path, query = {}) {
      const now = Date.now();
      if (consecutiveFailures >= threshold && now < openUntil) {
        throw new UpstreamUnavailable(`circuit open after ${consecutiveFailures} failures: ${lastError}`);
      }
      const params = new URLSearchParams(
        Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const url = `${options.baseUrl.replace(/\/$/, '')}${path}${params.size > 0 ? `?${params}` : ''}`;
      // Half-open: after the cool-down a single attempt decides.
      const attempts = consecutiveFailures >= threshold ? 1 : retries + 1;
      for (let attempt = 0; attempt < attempts; attempt++) {
        try {
          const answer = await once(url);
          consecutiveFailures = 0;
          everSucceeded = true;
          return answer;
        } catch (error) {
          lastError = error instanceof Error ? error.message : String(error);
          if (attempt < attempts - 1) {
            const backoff = Math.random() * Math.min(2000, 100 * 2 ** attempt);
            await new Promise((resolve) => setTimeout(resolve, backoff));
          }
        }
      }
      consecutiveFailures += 1;
      if (consecutiveFailures >= threshold) openUntil = Date.now() + cooldownMs;
      throw new UpstreamUnavailable(lastError);
    },
    state() {
      if (consecutiveFailures >= threshold)
        return { ok: false, detail: `unreachable (circuit open): ${lastError}` };
      if (consecutiveFailures > 0) return { ok: false, detail: `failing: ${lastError}` };
      return {
        ok: true,
        detail: everSucceeded ? `reachable at ${options.baseUrl}` : `not called yet (${options.baseUrl})`,
      };
    },
  };
}
