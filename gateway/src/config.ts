import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 1, 0, true or false' })
  .transform((value) => value === '1' || value === 'true');
const positiveInt = z.coerce
  .number({ error: 'must be a whole number above 0' })
  .int({ error: 'must be a whole number above 0' })
  .positive({ error: 'must be a whole number above 0' });
const url = (protocols: string[]) =>
  z
    .string()
    .refine((value) => protocols.some((protocol) => value.startsWith(protocol)) && URL.canParse(value), {
      error: `must be a URL starting with ${protocols.join(' or ')}`,
    });

/**
 * TRUST_PROXY in Fastify's own forms: `0`/`false` (no proxy: the socket's address), a hop count
 * (`1`: one proxy, so the address is the one that proxy saw, the right-most X-Forwarded-For entry),
 * a comma-separated list of proxy addresses or CIDRs, or `true` (trust every hop: only when the
 * proxy replaces X-Forwarded-For, since a client writes the left-most entry).
 */
const trustProxy = z.string().transform((value, ctx): boolean | number | string[] => {
  const text = value.trim();
  if (text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = (entry: string) => {
    const [address, bits, extra] = entry.split('/');
    if (extra !== undefined || !address || net.isIP(address) === 0) return false;
    if (bits === undefined) return true;
    const max = net.isIP(address) === 4 ? 32 : 128;
    return /^\d+$/.test(bits) && Number(bits) <= max;
  };
  const bad = entries.filter(
    (entry) => !valid(entry) && !['loopback', 'linklocal', 'uniquelocal'].includes(entry),
  );
  if (entries.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be 0, a hop count, true, or a comma-separated list of proxy addresses or CIDRs${bad.length > 0 ? ` (not an address: ${bad.join(', ')})` : ''}`,
    });
    return z.NEVER;
  }
  return entries;
});

/** Every setting of the gateway, from environment variables (design §9). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'must be a port number from 0 to 65535' })
    .int({ error: 'must be a port number from 0 to 65535' })
    .min(0, { error: 'must be a port number from 0 to 65535' })
    .max(65535, { error: 'must be a port number from 0 to 65535' })
    .default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where job result files are kept (default DATA_DIR/jobs). */
  JOBS_DIR: z.string().min(1).optional(),
  /** Jobs one gateway node runs at once. */
  JOBS_CONCURRENCY: positiveInt.default(2),
  /** A running job whose node has not signed of life for this long is taken over by another node. */
  JOBS_STALE_SECONDS: positiveInt.default(60),
  DATABASE_URL: url(['postgres://', 'postgresql://']).optional(),
  REDIS_URL: url(['redis://', 'rediss://']).optional(),
  UPSTREAM_URL: url(['http://', 'https://']).optional(),
  SMTP_URL: url(['smtp://', 'smtps://']).optional(),
  MAIL_FROM: z.string().min(3).default('Insight <no-reply@insight.test>'),
  /** Where support requests (/contact) are mailed; replies go to their sender. */
  SUPPORT_EMAIL: z.string().min(3).default('support@insight.test'),
  /** Support requests one user, address or e-mail may send per hour. */
  SUPPORT_MAX_PER_HOUR: positiveInt.default(5),
  /** The address users reach the product at; links in mails point here. */
  PUBLIC_URL: url(['http://', 'https://']).optional(),
  SIM_SEED: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .default(42),
  SIM_SPEED: z.coerce
    .number({ error: 'must be a number above 0 and at most 100000' })
    .positive({ error: 'must be a number above 0 and at most 100000' })
    .max(100000, { error: 'must be a number above 0 and at most 100000' })
    .default(1),
  SIM_CONTROL: flag.default(false),
  DEMO_SEED: flag.default(false),
  /** With DEMO_SEED: the demo user's two years of past file, watchlist and notifications (sim/demo-history.ts). */
  DEMO_HISTORY: flag.default(false),
  /** Ingest market data from the upstream (backfill, then polls). Tests that need none turn it off. */
  INGEST: flag.default(true),
  /** Behind a load balancer: which hops of X-Forwarded-For to trust (see trustProxy). */
  TRUST_PROXY: trustProxy.default(false),
  COOKIE_SECURE: flag.optional(),
  SESSION_IDLE_MINUTES: positiveInt.default(120),
  SESSION_ABSOLUTE_HOURS: positiveInt.default(24 * 7),
  REMEMBER_ME_DAYS: positiveInt.default(30),
  /** Failed sign-ins to one account from one address before that pair waits for the window. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt.default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt.default(20),
  /** Failed sign-ins to one account from every address before each further try waits, doubling. */
  LOGIN_DELAY_AFTER_FAILURES: positiveInt.default(10),
  LOGIN_MAX_DELAY_SECONDS: positiveInt.default(60),
  LOGIN_THROTTLE_MINUTES: positiveInt.default(15),
  /** The built client served at /. */
  CLIENT_DIST: z.string().min(1).optional(),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  dataDir: string;
  /** The job runner: result files' directory, jobs run at once per node, when a silent node's job is taken over. */
  jobs: { dir: string; concurrency: number; staleMs: number };
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  upstreamUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  support: { email: string; maxPerHour: number };
  publicUrl: string;
  sim: { seed: number; speed: number; control: boolean };
  demoSeed: boolean;
  demoHistory: boolean;
  ingest: boolean;
  trustProxy: boolean | number | string[];
  cookieSecure: boolean;
  session: { idleMs: number; absoluteMs: number; rememberMeMs: number };
  loginThrottle: {
    /** Failures to one account from one address before the pair waits out the window. */
    perAccountAndAddress: number;
    perAddress: number;
    /** Failures to one account from all addresses before growing delays (never a lock-out). */
    perAccountBeforeDelay: number;
    maxDelayMs: number;
    windowMs: number;
  };
  clientDist: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

const minute = 60_000;

/** Reads and checks the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in a docker-compose file with `FOO=`.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        return `${name}=${JSON.stringify(present[name] ?? '')}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.DEMO_SEED && e.NODE_ENV === 'production') {
    problems.push('DEMO_SEED=1 is refused when NODE_ENV=production: demo accounts have published passwords.');
  }
  if (e.SIM_CONTROL && e.NODE_ENV === 'production') {
    problems.push('SIM_CONTROL=1 is refused when NODE_ENV=production.');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const repoRoot = path.resolve(import.meta.dirname, '../..');
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    dataDir: path.resolve(e.DATA_DIR),
    jobs: {
      dir: path.resolve(e.JOBS_DIR ?? path.join(e.DATA_DIR, 'jobs')),
      concurrency: e.JOBS_CONCURRENCY,
      staleMs: e.JOBS_STALE_SECONDS * 1000,
    },
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    upstreamUrl: e.UPSTREAM_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    support: { email: e.SUPPORT_EMAIL, maxPerHour: e.SUPPORT_MAX_PER_HOUR },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    sim: { seed: e.SIM_SEED, speed: e.SIM_SPEED, control: e.SIM_CONTROL },
    demoSeed: e.DEMO_SEED,
    demoHistory: e.DEMO_SEED && e.DEMO_HISTORY,
    ingest: e.INGEST,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    session: {
      idleMs: e.SESSION_IDLE_MINUTES * minute,
      absoluteMs: e.SESSION_ABSOLUTE_HOURS * 60 * minute,
      rememberMeMs: e.REMEMBER_ME_DAYS * 24 * 60 * minute,
    },
    loginThrottle: {
      perAccountAndAddress: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      perAccountBeforeDelay: e.LOGIN_DELAY_AFTER_FAILURES,
      maxDelayMs: e.LOGIN_MAX_DELAY_SECONDS * 1000,
      windowMs: e.LOGIN_THROTTLE_MINUTES * minute,
    },
    clientDist: e.CLIENT_DIST ? path.resolve(e.CLIENT_DIST) : path.join(repoRoot, 'client/dist'),
  };
}

/**
 * TRUST_PROXY for Fastify. A hop count becomes a function trusting that many hops next to the server
 * (this Fastify refuses a bare number): with 1, the address is the one the one proxy saw (the right-most
 * X-Forwarded-For entry), never one the client wrote to the left of it.
 */
export function trustProxyOption(value: Config['trustProxy']) {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

/**
 * The database of record a node writes to. Nodes of one database share one poller lock and one
 * socket fan-out; two deployments (or two test runs) on one Redis never see each other's.
 */
export function databaseIdentity(config: Pick<Config, 'databaseUrl' | 'dataDir'>) {
  if (!config.databaseUrl) return `pglite:${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `${url.host}${url.pathname}`;
}
