import type { ClientToServerEvents, ServerToClientEvents, SocketData } from '@insight/shared';
import type { Server, Socket } from 'socket.io';
import { PacketType } from 'socket.io-parser';

/**
 * What gateway nodes tell each other (never a browser). Only used when several nodes share the Redis
 * adapter: the node that ingested a quotes cycle lets the others push it to their own sockets.
 */
export interface InterServerEvents {
  'quotes:changed': (symbols: string[]) => void;
  /** The alerts of these profiles changed (new, removed): each node reads its cached copy again. */
  'alerts:changed': (profileIds: number[]) => void;
  /** A profile's alerts were rebuilt: each node sends its sockets watching it a fresh snapshot. */
  'alerts:resnapshot': (profileId: number) => void;
  /** A user's sessions were revoked: each node forgets the sessions it kept for them. */
  'sessions:forget': (userId: number) => void;
  /** A user dismissed an alert: each node forgets the dismissals it kept for them. */
  'alerts:dismissed': (userId: number) => void;
}

export type InsightServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type InsightSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export type ServerEvent = keyof ServerToClientEvents;
export type ServerEventArgs<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>;

/** Every connected socket, on every node. */
export const everyone = Symbol('everyone');

/** A room (rooms.* from shared, or a socket's id for that socket alone), several rooms, or everyone. */
export type Audience = string | readonly string[] | typeof everyone;

export interface Publisher {
  /**
   * The one way an event leaves the gateway. A room broadcast is encoded once and written to every
   * member; with the Redis adapter it reaches the members on every node, and with connection state
   * recovery it is kept for sockets that drop for a moment.
   */
  publish<E extends ServerEvent>(to: Audience, event: E, ...args: ServerEventArgs<E>): void;
  /**
   * The same, to this node's sockets only (no trip through Redis): for pushes that every node makes
   * for its own sockets, as the quotes fan-out does.
   */
  publishLocal<E extends ServerEvent>(to: Audience, event: E, ...args: ServerEventArgs<E>): void;
  /**
   * To one socket, outside the adapter: not kept for connection state recovery, not copied into the
   * Redis stream. For what a socket gets whole on join (the alerts snapshot): keeping a copy per join
   * would hold tens of KB per socket for two minutes, and a recovered socket gets the missed changes
   * replayed instead. A payload object sent to many sockets (a profile's shared page) is encoded once.
   */
  sendDirect<E extends ServerEvent>(socket: InsightSocket, event: E, ...args: ServerEventArgs<E>): void;
  /**
   * Resolves once every publish made before the call has reached this node's sockets. With Redis a
   * room broadcast reaches them only after its append to the stream is answered, while sendDirect
   * writes at once: what is cut now and sent direct after this keeps its place among the pushes.
   */
  delivered(): Promise<void>;
}

/** The part of Socket.IO's per-connection client that writes packets (what its adapter uses). */
interface PacketWriter {
  _packet(packets: unknown, options: { preEncoded: true }): void;
}

/**
 * `fanout`: the Redis connection the adapter appends to the stream with, when there is one. Redis
 * answers a connection's commands in order, so a PING sent after the appends is answered after them.
 */
export function createPublisher(io: InsightServer, fanout: { ping(): Promise<unknown> } | null): Publisher {
  const emit = <E extends ServerEvent>(local: boolean, to: Audience, event: E, args: ServerEventArgs<E>) => {
    // Socket.IO reads "to no room" as "to everyone": an empty list must reach no one.
    if (typeof to !== 'string' && to !== everyone && to.length === 0) return;
    const base = local ? io.local : io;
    const target = to === everyone ? base : base.to(typeof to === 'string' ? to : [...to]);
    target.emit(event, ...args);
  };
  /** Encoded packets by the payload object they carry (with the event they were encoded for). */
  const encoded = new WeakMap<object, { event: string; packets: unknown }>();
  const encode = (event: string, args: unknown[]) =>
    io.encoder.encode({ type: PacketType.EVENT, data: [event, ...args], nsp: '/' });
  return {
    publish: (to, event, ...args) => emit(false, to, event, args),
    publishLocal: (to, event, ...args) => emit(true, to, event, args),
    sendDirect: (socket, event, ...args) => {
      const [payload] = args;
      let packets: unknown;
      if (args.length === 1 && typeof payload === 'object' && payload !== null) {
        const known = encoded.get(payload);
        if (known?.event === event) packets = known.packets;
        else encoded.set(payload, { event, packets: (packets = encode(event, args)) });
      } else packets = encode(event, args);
      // Written to the socket's connection as the adapter writes a broadcast: socket.emit would pass
      // through the adapter (with connection state recovery on, every emit does), which stores the
      // packet for recovery and, with Redis, appends it to the stream that every node reads.
      (socket.client as unknown as PacketWriter)._packet(packets, { preEncoded: true });
    },
    async delivered() {
      if (!fanout) return; // the in-memory adapter delivers in the same turn
      await fanout.ping();
      // The adapter delivers in the continuation of each append's answer: let those run first.
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
  };
}
