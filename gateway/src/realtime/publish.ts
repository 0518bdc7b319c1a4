import type { ClientToServerEvents, ServerToClientEvents, SocketData } from '@insight/shared';
import type { Server, Socket } from 'socket.io';

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
   * To one socket, outside the adapter: not kept for connection state recovery. For what a socket
   * gets whole on join (the alerts snapshot): keeping a copy per join would hold hundreds of KB per
   * socket for two minutes, and a recovered socket gets the missed changes replayed instead.
   */
  sendDirect<E extends ServerEvent>(socket: InsightSocket, event: E, ...args: ServerEventArgs<E>): void;
}

export function createPublisher(io: InsightServer): Publisher {
  const emit = <E extends ServerEvent>(local: boolean, to: Audience, event: E, args: ServerEventArgs<E>) => {
    // Socket.IO reads "to no room" as "to everyone": an empty list must reach no one.
    if (typeof to !== 'string' && to !== everyone && to.length === 0) return;
    const base = local ? io.local : io;
    const target = to === everyone ? base : base.to(typeof to === 'string' ? to : [...to]);
    target.emit(event, ...args);
  };
  return {
    publish: (to, event, ...args) => emit(false, to, event, args),
    publishLocal: (to, event, ...args) => emit(true, to, event, args),
    sendDirect: (socket, event, ...args) => {
      socket.emit(event, ...args);
    },
  };
}
