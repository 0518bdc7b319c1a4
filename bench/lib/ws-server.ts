/**
 * The baseline: a minimal `ws` WebSocketServer in a process of its own, sending the very bytes the
 * gateway sends, to as many clients, the same way (`count` messages, `chunk` per event-loop turn).
 * What Socket.IO, Engine.IO and the gateway cost on top of the WebSocket writes is the difference.
 */
import { once } from 'node:events';
import { WebSocketServer } from 'ws';
import { monoMs, sleep } from './clock';
import { serve } from './ipc';

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
await once(wss, 'listening');
const address = wss.address();
const port = typeof address === 'object' && address ? address.port : 0;

const api = {
  clients() {
    return wss.clients.size;
  },

  cpu() {
    const usage = process.cpuUsage();
    return { at: monoMs(), cpuMs: (usage.user + usage.system) / 1000 };
  },

  /** `count` messages to every client, `chunk` per event-loop turn. */
  async broadcast(args: { text: string; count: number; chunk: number }) {
    const data = Buffer.from(args.text);
    const start = monoMs();
    for (let i = 0; i < args.count; i++) {
      for (const ws of wss.clients) ws.send(data, { binary: false });
      if ((i + 1) % args.chunk === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    return { start, loopEnd: monoMs() };
  },

  /**
   * Cycles of one message to `perCycle` clients drawn at random (the same draw for every run), as the
   * gateway's latency cycles write to the sockets of random profiles; the time of each send loop.
   */
  async spans(args: { text: string; perCycle: number; cycles: number; intervalMs: number }) {
    const data = Buffer.from(args.text);
    const all = [...wss.clients];
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const spans: number[] = [];
    for (let cycle = 0; cycle < args.cycles; cycle++) {
      const chosen = Array.from({ length: args.perCycle }, () => all[Math.floor(next() * all.length)]!);
      const started = performance.now();
      for (const ws of chosen) ws.send(data, { binary: false });
      spans.push(performance.now() - started);
      await sleep(args.intervalMs);
    }
    return spans;
  },
};

export type WsServerApi = typeof api;
export interface WsServerInfo {
  port: number;
}

serve(api, { port } satisfies WsServerInfo, async () => {
  for (const ws of wss.clients) ws.terminate();
  wss.close();
});
