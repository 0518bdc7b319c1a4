import { sleep } from './clock';
import { Child } from './ipc';
import type { ClientApi } from './client-node';

export interface ConnectArgs {
  url: string;
  mode: 'socketio' | 'ws';
  /** One connection per cookie (socketio mode). */
  cookies?: string[];
  /** Connections to open without a cookie (ws mode). */
  count?: number;
  /** Symbols each connection subscribes to (quotes:subscribe), by the cookie's index. */
  subscribe?: string[][];
  /** Handshakes in flight per client process: the gateway's accept queue is never flooded. */
  concurrency?: number;
  timeoutMs?: number;
}

export interface ConnectResult {
  connected: number;
  failed: number;
  errors: string[];
  ms: number;
}

/**
 * The load: one or more client processes (bench/lib/client-node.ts), the connections spread evenly
 * over them. Each process holds under 10,000 sockets, so each stays far from its 20,000 open files.
 */
export class Clients {
  private constructor(private readonly nodes: Child<ClientApi>[]) {}

  static async start(processes: number, options: { cpu?: number } = {}) {
    const nodes = await Promise.all(
      Array.from({ length: processes }, async (_, i) => {
        const { child } = await Child.start<ClientApi>({
          name: `clients-${i + 1}`,
          script: 'lib/client-node.ts',
          ...(options.cpu === undefined ? {} : { cpu: options.cpu }),
        });
        return child;
      }),
    );
    return new Clients(nodes);
  }

  /** Connects every cookie (or `count` plain connections), split evenly over the processes. */
  async connect(args: ConnectArgs): Promise<ConnectResult> {
    const total = args.cookies?.length ?? args.count ?? 0;
    const share = Math.ceil(total / this.nodes.length);
    const results = await Promise.all(
      this.nodes.map((node, i) => {
        const from = i * share;
        const to = Math.min(total, from + share);
        return node.call(
          'connect',
          {
            url: args.url,
            mode: args.mode,
            ...(args.cookies ? { cookies: args.cookies.slice(from, to) } : { count: Math.max(0, to - from) }),
            ...(args.subscribe ? { subscribe: args.subscribe.slice(from, to) } : {}),
            concurrency: args.concurrency ?? 64,
            timeoutMs: args.timeoutMs ?? 30_000,
          },
          300_000,
        );
      }),
    );
    return {
      connected: results.reduce((sum, r) => sum + r.connected, 0),
      failed: results.reduce((sum, r) => sum + r.failed, 0),
      errors: results.flatMap((r) => r.errors),
      ms: Math.max(...results.map((r) => r.ms)),
    };
  }

  async record(event: string | null, ids = false) {
    await Promise.all(this.nodes.map((node) => node.call('record', { event, ids })));
  }

  /** Waits until `total` recorded events arrived in all, or none for `idleMs`, or `timeoutMs` passed. */
  async waitFor(total: number, { idleMs = 3000, timeoutMs = 120_000 } = {}) {
    const started = Date.now();
    let seen = -1;
    let seenAt = started;
    for (;;) {
      const progress = await Promise.all(this.nodes.map((node) => node.call('progress')));
      const received = progress.reduce((sum, p) => sum + p.received, 0);
      const firsts = progress.filter((p) => p.received > 0).map((p) => p.first);
      const result = {
        received,
        first: firsts.length > 0 ? Math.min(...firsts) : Number.NaN,
        last: Math.max(...progress.map((p) => p.last)),
        sample: progress.find((p) => p.sample !== null)?.sample ?? null,
      };
      const now = Date.now();
      if (received !== seen) {
        seen = received;
        seenAt = now;
      }
      if (received >= total || now - seenAt > idleMs || now - started > timeoutMs) return result;
      await sleep(25);
    }
  }

  /** Every recorded (id, arrival time), from all processes. */
  async arrivals() {
    const parts = await Promise.all(this.nodes.map((node) => node.call('arrivals')));
    return {
      ids: parts.flatMap((part) => Array.from(part.ids)),
      times: parts.flatMap((part) => Array.from(part.times)),
    };
  }

  /** CPU time used by the client processes so far, in all. */
  async cpuMs() {
    return (await Promise.all(this.nodes.map((node) => node.call('cpu')))).reduce(
      (sum, c) => sum + c.cpuMs,
      0,
    );
  }

  async open() {
    return (await Promise.all(this.nodes.map((node) => node.call('open')))).reduce((a, b) => a + b, 0);
  }

  async closeAll() {
    await Promise.all(this.nodes.map((node) => node.call('closeAll')));
  }

  async stop() {
    await Promise.all(this.nodes.map((node) => node.stop()));
  }
}
