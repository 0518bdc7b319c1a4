/**
 * The gateway under test, in its own process so that its memory and CPU are its own: the real app
 * (buildApp, loadConfig from this process's environment), listening on 127.0.0.1, driven by the
 * bench over IPC. Started with --expose-gc so that memory is read after a full collection.
 *
 * The only thing added to the app: a reference to its Socket.IO server, taken when Socket.IO attaches
 * to the HTTP server, to read counts for the report. BENCH_SIO_OPTIONS (JSON) may override Socket.IO /
 * Engine.IO options for an experiment; the bench's headline figures never set it.
 */
import { rooms } from '@insight/shared';
import { Server, type ServerOptions } from 'socket.io';
import { buildApp } from '../../gateway/src/app';
import { loadConfig } from '../../gateway/src/config';
import type { Feed } from '../../gateway/src/market/ingest';
import { monoMs, sleep } from './clock';
import { serve } from './ipc';
import { benchAlert, quotesBatch } from './payloads';

let io: Server | null = null;
const variant = process.env.BENCH_SIO_OPTIONS
  ? (JSON.parse(process.env.BENCH_SIO_OPTIONS) as Partial<ServerOptions>)
  : null;
const attach = Server.prototype.attach;
Server.prototype.attach = function (this: Server, srv, opts) {
  // eslint-disable-next-line @typescript-eslint/no-this-alias -- kept to read the server's counts
  io = this;
  // Socket.IO passes its own (private) options to Engine.IO here: an experiment's overrides go there.
  if (variant) Object.assign((this as unknown as { opts: Partial<ServerOptions> }).opts, variant);
  return attach.call(this, srv, opts);
};

const config = loadConfig(process.env);
const app = await buildApp(config, { logger: { level: config.logLevel } });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
if (!io) throw new Error('Socket.IO did not attach to the gateway server');
const server: Server = io;

/** What the in-memory adapter keeps for connection state recovery (absent with the Redis adapter). */
interface RecoveryStore {
  packets?: unknown[];
  sessions?: Map<unknown, unknown>;
}

export interface MemReport {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** Engine.IO connections and Socket.IO sockets on this node. */
  engineClients: number;
  sockets: number;
  /** Broadcast packets and disconnected sessions kept for connection state recovery. */
  recoveryPackets: number;
  recoverySessions: number;
}

export interface IngestCycle {
  /** Upstream calls of each feed's poll, by upstream path. */
  calls: Record<string, Record<string, number>>;
  ms: Record<string, number>;
}

/** mulberry32: the same "random" profiles every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let nextAlertId = 1;

const api = {
  async mem(): Promise<MemReport> {
    const gc = globalThis.gc;
    if (!gc) throw new Error('start the gateway node with --expose-gc');
    // Several full collections with pauses: finalizers and weak references settle over a few rounds.
    for (let i = 0; i < 4; i++) {
      gc();
      await sleep(150);
    }
    const memory = process.memoryUsage();
    const adapter = server.of('/').adapter as unknown as RecoveryStore;
    return {
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      external: memory.external,
      arrayBuffers: memory.arrayBuffers,
      engineClients: server.engine.clientsCount,
      sockets: server.of('/').sockets.size,
      recoveryPackets: adapter.packets?.length ?? 0,
      recoverySessions: adapter.sessions?.size ?? 0,
    };
  },

  /**
   * Diagnostics only, after the measurement it qualifies: forgets the broadcast packets the in-memory
   * adapter keeps for connection state recovery (they expire after maxDisconnectionDuration anyway),
   * to tell that transient memory from what a connection holds for its life.
   */
  forgetRecoveryPackets() {
    const adapter = server.of('/').adapter as unknown as RecoveryStore;
    const count = adapter.packets?.length ?? 0;
    adapter.packets?.splice(0);
    return count;
  },

  sockets() {
    return { engineClients: server.engine.clientsCount, sockets: server.of('/').sockets.size };
  },

  cpu() {
    const usage = process.cpuUsage();
    return { at: monoMs(), cpuMs: (usage.user + usage.system) / 1000 };
  },

  /** The alert rules over the stored market (as the first poll after a backfill runs them). */
  async evaluateAlerts() {
    await app.alerts.evaluate();
    const profile = await app.db
      .selectFrom('profiles')
      .select('id')
      .where('name', '=', 'Default')
      .executeTakeFirstOrThrow();
    const alerts = await app.db
      .selectFrom('alerts')
      .select('id')
      .where('profile_id', '=', profile.id)
      .orderBy('at', 'desc')
      .execute();
    return { profileId: profile.id, alertIds: alerts.map((alert) => alert.id) };
  },

  /** Dismissals by users, through the service a user's dismiss call uses. */
  async dismiss(args: { profileId: number; userIds: number[]; alertIds: number[] }) {
    for (const userId of args.userIds)
      for (const alertId of args.alertIds) await app.alerts.act(userId, [args.profileId], alertId, 'dismiss');
    return args.userIds.length * args.alertIds.length;
  },

  /** The market backfill (as INGEST=1 runs it at start), for a template database. */
  async backfill() {
    const started = performance.now();
    await app.ingestor.start();
    if (app.ingestor.lastError) throw new Error(`backfill failed: ${app.ingestor.lastError}`);
    return { ms: performance.now() - started };
  },

  /**
   * Cycles of `perCycle` random profiles, each pushed one `alert:new`. The span of a cycle is taken
   * around the publish loop only: Socket.IO's in-memory adapter encodes once and writes to every
   * member synchronously, so when the loop ends, the last write has been handed to the socket.
   * Answers the spans and, by alert id, the time each publish began (monotonic clock).
   */
  async latencyRun(args: {
    profileIds: number[];
    perCycle: number;
    cycles: number;
    warmupCycles: number;
    intervalMs: number;
  }) {
    const next = random(42);
    const spans: number[] = [];
    const sentAt: number[] = [];
    const firstMeasuredId = nextAlertId + args.warmupCycles * args.perCycle;
    for (let cycle = 0; cycle < args.warmupCycles + args.cycles; cycle++) {
      const pool = [...args.profileIds];
      const chosen: number[] = [];
      for (let i = 0; i < args.perCycle; i++) {
        const j = i + Math.floor(next() * (pool.length - i));
        [pool[i], pool[j]] = [pool[j]!, pool[i]!];
        chosen.push(pool[i]!);
      }
      const alerts = chosen.map(() => benchAlert(nextAlertId++));
      const started = performance.now();
      for (let i = 0; i < chosen.length; i++) {
        const alert = alerts[i]!;
        sentAt[alert.id] = monoMs();
        app.realtime.publish(rooms.profile(chosen[i]!), 'alert:new', alert);
      }
      const span = performance.now() - started;
      if (cycle >= args.warmupCycles) spans.push(span);
      await sleep(args.intervalMs);
    }
    return { spans, sentAt, firstMeasuredId, lastId: nextAlertId - 1 };
  },

  /** One `alert:new` to a room; answers when its publish began (monotonic clock). */
  publishAlert(args: { room: string; id: number }) {
    const alert = benchAlert(args.id);
    const at = monoMs();
    app.realtime.publish(args.room, 'alert:new', alert);
    return at;
  },

  /** `count` `quotes` broadcasts to a room, `chunk` per event-loop turn. */
  async broadcast(args: { room: string; count: number; chunk: number }) {
    const payloads = Array.from({ length: 16 }, (_, i) => quotesBatch(i));
    const start = monoMs();
    for (let i = 0; i < args.count; i++) {
      app.realtime.publish(args.room, 'quotes', payloads[i % payloads.length]!);
      if ((i + 1) % args.chunk === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    return { start, loopEnd: monoMs() };
  },

  /** One poll of each feed, in order, as the ingestion's timers run them; upstream calls counted. */
  async ingestCycle(args: { feeds: Feed[] }): Promise<IngestCycle> {
    const calls: IngestCycle['calls'] = {};
    const ms: IngestCycle['ms'] = {};
    for (const feed of args.feeds) {
      const before = new Map(app.upstream.calls);
      const started = performance.now();
      await app.ingestor.run(feed);
      ms[feed] = performance.now() - started;
      const delta: Record<string, number> = {};
      for (const [path, count] of app.upstream.calls) {
        const made = count - (before.get(path) ?? 0);
        if (made > 0) delta[path] = made;
      }
      calls[feed] = delta;
      const error = app.ingestor.errors.get(feed);
      if (error) throw new Error(`poll of ${feed} failed: ${error}`);
    }
    return { calls, ms };
  },
};

export type GatewayApi = typeof api;
export interface GatewayInfo {
  port: number;
  pid: number;
  dbKind: string;
}

serve(api, { port, pid: process.pid, dbKind: app.dbKind } satisfies GatewayInfo, () => app.close());
