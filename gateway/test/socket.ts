import type { ClientToServerEvents, ServerToClientEvents } from '@insight/shared';
import { io, type Socket } from 'socket.io-client';
import type { HttpClient } from './http';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

export interface SocketOptions {
  /** A signed-in client whose cookies the socket presents; none for an anonymous socket. */
  as?: HttpClient;
  /** An Origin header, as a browser page would send. */
  origin?: string;
  /** The mobile web view's app flavour (handshake auth.app). */
  app?: string;
}

/** One received event; `args` as the listener got them (Socket.IO may append a recovery offset). */
interface Received {
  event: string;
  args: unknown[];
}

/**
 * A socket.io-client socket to a test app that records every event it receives, so that a test can
 * wait for one ("within a second") or assert that one never came before a later one did.
 */
export class TestSocket {
  readonly socket: ClientSocket;
  readonly log: Received[] = [];
  private readonly waiters = new Set<() => void>();

  constructor(baseUrl: string, options: SocketOptions = {}) {
    const cookie = options.as ? [...options.as.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    if (options.origin) headers.origin = options.origin;
    this.socket = io(baseUrl, {
      path: '/socket.io',
      // Node's WebSocket client sends the headers a browser would (cookie, origin) on every attempt.
      transports: ['websocket'],
      extraHeaders: headers,
      auth: options.app === undefined ? {} : { app: options.app },
      forceNew: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 300,
      autoConnect: false,
    });
    this.socket.onAny((event: string, ...args: unknown[]) => {
      this.log.push({ event, args });
      for (const wake of this.waiters) wake();
    });
  }

  /** Connects; rejects with the server's refusal (connect_error message). */
  connect(timeoutMs = 5000): Promise<this> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error('socket did not connect in time')), timeoutMs);
      const done = (error?: Error) => {
        clearTimeout(timer);
        this.socket.off('connect', onConnect);
        this.socket.off('connect_error', done);
        if (error) reject(error);
        else resolve(this);
      };
      const onConnect = () => done();
      this.socket.on('connect', onConnect);
      this.socket.on('connect_error', done);
      this.socket.connect();
    });
  }

  /** Where the log stands now: pass it as `since` to wait only for what comes after. */
  mark(): number {
    return this.log.length;
  }

  /** The payloads of an event received so far (from `since`). */
  received<E extends EventName>(event: E, since = 0): Payload<E>[] {
    return this.log
      .slice(since)
      .filter((entry) => entry.event === event)
      .map((entry) => entry.args[0] as Payload<E>);
  }

  /** The first `event` (from `since`) whose payload matches; rejects after `timeoutMs`. */
  waitFor<E extends EventName>(
    event: E,
    options: { since?: number; where?: (payload: Payload<E>) => boolean; timeoutMs?: number } = {},
  ): Promise<Payload<E>> {
    const { since = 0, where = () => true, timeoutMs = 2000 } = options;
    const find = () => this.received(event, since).find(where);
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no matching '${event}' within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  /** Sends a command and resolves with its Ack. */
  command<E extends keyof ClientToServerEvents>(
    event: E,
    input: Parameters<ClientToServerEvents[E]>[0],
    timeoutMs = 2000,
  ): Promise<Parameters<NonNullable<Parameters<ClientToServerEvents[E]>[1]>>[0]> {
    // Typed at this method's signature; socket.io-client's own typing cannot follow a generic event.
    const untyped = this.socket.timeout(timeoutMs) as unknown as {
      emitWithAck(event: string, ...args: unknown[]): Promise<unknown>;
    };
    return untyped.emitWithAck(event, input) as Promise<
      Parameters<NonNullable<Parameters<ClientToServerEvents[E]>[1]>>[0]
    >;
  }

  /** Resolves at the next disconnect, with its reason. */
  disconnected(timeoutMs = 2000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket was not disconnected in time')), timeoutMs);
      this.socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  }

  close() {
    this.socket.disconnect();
  }
}

/** Opens and connects a socket; see TestSocket. */
export function connectSocket(baseUrl: string, options: SocketOptions = {}): Promise<TestSocket> {
  return new TestSocket(baseUrl, options).connect();
}
