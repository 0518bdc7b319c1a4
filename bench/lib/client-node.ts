/**
 * A load generator: many WebSocket connections from one process, driven by the bench over IPC.
 *
 * Thousands of socket.io-client instances would cost this process more than the gateway it loads, so
 * the protocol is spoken directly over `ws`: Engine.IO v4 (open "0{…}", ping "2" → pong "3") and
 * Socket.IO v5 in the main namespace (connect "40", connected "40{…}", refused "44{…}", event
 * `42["name",payload,…]`, ack `43<id>[…]`). The session cookie goes in the upgrade request, as a
 * browser sends it. In 'ws' mode the same code connects to a plain `ws` server (no protocol on top).
 */
import WebSocket from 'ws';
import { monoMs } from './clock';
import { serve } from './ipc';

type Mode = 'socketio' | 'ws';

interface Conn {
  ws: WebSocket;
}

const conns: Conn[] = [];

/** What is recorded of incoming events: a count, or each one's payload id and arrival time. */
let recording: { prefix: Buffer | null; ids: boolean } = { prefix: null, ids: false };
let received = 0;
let first = 0;
let last = 0;
let ids: number[] = [];
let times: number[] = [];
let sample: string | null = null;

const charCode = (char: string) => char.charCodeAt(0);
const [c0, c1, c2, c3, c4] = ['0', '1', '2', '3', '4'].map(charCode) as [
  number,
  number,
  number,
  number,
  number,
];

function record(data: Buffer) {
  const prefix = recording.prefix;
  if (
    prefix &&
    (data.length < prefix.length || data.compare(prefix, 0, prefix.length, 0, prefix.length) !== 0)
  )
    return;
  const now = monoMs();
  if (received === 0) {
    first = now;
    sample = data.toString('utf8');
  }
  received += 1;
  last = now;
  if (recording.ids) {
    // 42["alert:new",{"id":…},"<recovery offset>"]
    const [, payload] = JSON.parse(data.toString('utf8', 2)) as [string, { id: number }];
    ids.push(payload.id);
    times.push(now);
  }
}

/** Opens one connection; resolves once it is connected (and subscribed), rejects with the reason. */
function open(args: {
  url: string;
  mode: Mode;
  cookie?: string;
  subscribe?: string[];
  timeoutMs: number;
}): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(args.url, {
      headers: args.cookie ? { cookie: `insight_sid=${args.cookie}` } : {},
      perMessageDeflate: false,
      // A load generator checks nothing it does not need: the gateway's text is its own business.
      skipUTF8Validation: true,
      handshakeTimeout: args.timeoutMs,
    });
    const conn: Conn = { ws };
    let settled = false;
    const timer = setTimeout(() => fail('timed out'), args.timeoutMs);
    const done = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(conn);
    };
    function fail(reason: string) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      ws.terminate();
      reject(new Error(reason));
    }
    ws.on('error', (error) => fail(error.message));
    ws.on('close', () => fail('closed'));
    if (args.mode === 'ws') {
      ws.on('open', done);
      ws.on('message', (data: Buffer) => record(data));
      return;
    }
    ws.on('message', (data: Buffer) => {
      const kind = data[0];
      if (kind === c4) {
        const type = data[1];
        if (type === c2) return record(data);
        if (type === c0) {
          // Connected to the namespace (admitted by the gateway's middleware).
          if (!args.subscribe) return done();
          ws.send(`420${JSON.stringify(['quotes:subscribe', args.subscribe])}`);
          return;
        }
        if (type === c3 && data[2] === c0) {
          const answer = data.toString('utf8');
          return answer.includes('"ok":true') ? done() : fail(`subscribe refused: ${answer}`);
        }
        if (type === c4) return fail(`refused: ${data.toString('utf8', 2)}`);
        if (type === c1) return fail('disconnected by the server');
        return;
      }
      if (kind === c2) return ws.send('3'); // ping → pong
      if (kind === c0) return ws.send('40'); // open → connect to the main namespace
    });
  });
}

const api = {
  /** Opens one connection per cookie (or `count` in 'ws' mode), at most `concurrency` at a time. */
  async connect(args: {
    url: string;
    mode: Mode;
    cookies?: string[];
    count?: number;
    subscribe?: string[][];
    concurrency: number;
    timeoutMs: number;
  }) {
    const total = args.cookies?.length ?? args.count ?? 0;
    const errors = new Map<string, number>();
    let connected = 0;
    let nextIndex = 0;
    const started = monoMs();
    const worker = async () => {
      for (;;) {
        const i = nextIndex++;
        if (i >= total) return;
        try {
          conns.push(
            await open({
              url: args.url,
              mode: args.mode,
              timeoutMs: args.timeoutMs,
              ...(args.cookies ? { cookie: args.cookies[i]! } : {}),
              ...(args.subscribe ? { subscribe: args.subscribe[i]! } : {}),
            }),
          );
          connected += 1;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          errors.set(reason, (errors.get(reason) ?? 0) + 1);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(args.concurrency, total) }, worker));
    return {
      connected,
      failed: total - connected,
      errors: [...errors].map(([reason, count]) => `${count}× ${reason}`),
      ms: monoMs() - started,
    };
  },

  /** Starts recording, from zero, the events named `event` (every message when null). */
  record(args: { event: string | null; ids: boolean }) {
    recording = { prefix: args.event === null ? null : Buffer.from(`42["${args.event}"`), ids: args.ids };
    received = 0;
    first = 0;
    last = 0;
    ids = [];
    times = [];
    sample = null;
  },

  progress() {
    return { received, first, last, sample };
  },

  /** Resolves once `total` events arrived, or none arrived for `idleMs`, or after `timeoutMs`. */
  async waitFor(args: { total: number; idleMs: number; timeoutMs: number }) {
    const started = monoMs();
    let seen = received;
    let seenAt = started;
    while (received < args.total) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const now = monoMs();
      if (received !== seen) {
        seen = received;
        seenAt = now;
      }
      if (now - seenAt > args.idleMs || now - started > args.timeoutMs) break;
    }
    return { received, first, last, sample };
  },

  /** The ids and arrival times recorded (ids mode). */
  arrivals() {
    return { ids: Float64Array.from(ids), times: Float64Array.from(times) };
  },

  /** Drops every connection (as a closed tab does) and waits for them to be closed. */
  async closeAll() {
    const closing = conns.splice(0).map(
      ({ ws }) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.terminate();
        }),
    );
    await Promise.race([Promise.all(closing), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    return closing.length;
  },

  cpu() {
    const usage = process.cpuUsage();
    return { at: monoMs(), cpuMs: (usage.user + usage.system) / 1000 };
  },

  open() {
    return conns.filter(({ ws }) => ws.readyState === WebSocket.OPEN).length;
  },
};

export type ClientApi = typeof api;

serve(api, { pid: process.pid }, async () => {
  for (const { ws } of conns) ws.terminate();
});
