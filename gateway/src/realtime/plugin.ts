import { rooms } from '@insight/shared';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { databaseIdentity, type Config } from '../config';
import { handleConnections, sessionRoom, type AlertsSnapshotProvider } from './connection';
import {
  createPublisher,
  everyone,
  type InsightServer,
  type InterServerEvents,
  type Publisher,
} from './publish';
import { QuoteFanout } from './quotes';

export interface Realtime {
  /** The one way to push an event: `publish(rooms.profile(id), 'alert:new', alert)`. */
  publish: Publisher['publish'];
  /** The alerts feature says how to read a profile's alerts; until then a joining socket gets none. */
  setAlertsSnapshotProvider(provider: AlertsSnapshotProvider): void;
  /** Ends the sockets of a session (logout), on every node. */
  disconnectSession(sessionId: number): void;
  /** Ends the sockets of every session of a user but `keepSessionId` (sessions revoked at once). */
  disconnectUser(userId: number, keepSessionId?: number | null): void;
  /** The users with a socket in a room now, on every node, each once. */
  usersIn(room: string): Promise<number[]>;
  /**
   * Tells the other gateway nodes (through the same Redis stream that carries the pushes; nothing
   * without Redis, where this node is the only one).
   */
  tellPeers<E extends keyof InterServerEvents>(event: E, ...args: Parameters<InterServerEvents[E]>): void;
  /**
   * Every socket watching the profile, on every node, is sent its alerts snapshot afresh (after the
   * profile's alerts were rebuilt as a whole).
   */
  resendSnapshots(profileId: number): void;
  /** Hears what another node tells (see tellPeers). */
  onPeer<E extends keyof InterServerEvents>(event: E, listener: InterServerEvents[E]): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Rooms are named by ids of one database, so the fan-out is per database (see databaseIdentity). */
const fanoutName = (config: Pick<Config, 'databaseUrl' | 'dataDir'>) =>
  `insight:sio:${databaseIdentity(config)}`;

/** Short enough that a dropped connection misses nothing, long enough for a train tunnel. */
const maxDisconnectionDuration = 2 * 60_000;

/**
 * Socket.IO on the gateway's own HTTP server, at /socket.io (design §5). Sockets sign in with the
 * session cookie and join the rooms of their user, session, investment profile and app flavour.
 * In-memory adapter by default; with REDIS_URL, the Redis streams adapter fans out between nodes.
 */
export const realtimePlugin = fp(
  async (app, { config }: { config: Pick<Config, 'publicUrl' | 'databaseUrl' | 'dataDir'> }) => {
    // The adapter gets its own connection (it duplicates it again for its blocking stream reads).
    const adapterClient = app.redis?.duplicate() ?? null;
    if (adapterClient) {
      adapterClient.on('error', (error: Error) =>
        app.log.warn({ err: error }, 'redis (socket adapter) error'),
      );
      await adapterClient.connect();
    }

    const io: InsightServer = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      // The middleware runs again on recovery: a session that ended while the socket was away stays out.
      connectionStateRecovery: { maxDisconnectionDuration, skipMiddlewares: false },
      ...(adapterClient
        ? {
            adapter: createAdapter(adapterClient, {
              streamName: fanoutName(config),
              channelPrefix: fanoutName(config),
            }),
          }
        : {}),
    });
    const publisher = createPublisher(io, adapterClient);
    const quotes = new QuoteFanout(io, publisher, app.db, app.log.child({ module: 'realtime' }));
    let alertsSnapshot: AlertsSnapshotProvider = async () => () => ({
      alerts: [],
      total: 0,
      has_more: false,
      cursor: null,
    });

    const connections = handleConnections({
      app,
      io,
      publisher,
      quotes,
      publicOrigin: new URL(config.publicUrl).origin,
      alertsSnapshot: () => alertsSnapshot,
    });

    // Facts from the ingestion. Market status goes to everyone through the adapter; quotes are
    // fanned out by each node to its own sockets, so the node that ingested tells the others.
    app.marketEvents.marketStatus = (open) =>
      publisher.publish(everyone, 'market:status', { open, at: new Date().toISOString() });
    app.marketEvents.quotes = (symbols) => {
      quotes.changed(symbols);
      if (adapterClient) io.serverSideEmit('quotes:changed', symbols);
    };
    io.on('quotes:changed', (symbols) => quotes.changed(symbols));
    io.on('alerts:resnapshot', (profileId) => void connections.resnapshot(profileId));
    // A session revoked on one node is forgotten by the others' session caches at once.
    app.sessions.onForget = (userId) => {
      if (adapterClient) io.serverSideEmit('sessions:forget', userId);
    };
    io.on('sessions:forget', (userId) => app.sessions.forgetUser(userId, true));

    // Redis away and back: what was published meanwhile may not have reached every node's sockets
    // (the other nodes' pushes, quotes announced while it was away), so each node's sockets get a
    // fresh snapshot once the fan-out is up again.
    if (adapterClient) {
      let lost = false;
      adapterClient.on('error', () => (lost = true));
      adapterClient.on('end', () => (lost = true));
      adapterClient.on('ready', () => {
        if (!lost) return;
        lost = false;
        connections.resync().then(
          (count) => app.log.info({ sockets: count }, 'fan-out back: sockets sent a fresh snapshot'),
          (error: unknown) => app.log.warn({ err: error }, 'resync after the fan-out returned failed'),
        );
      });
    }

    app.decorate('realtime', {
      publish: publisher.publish,
      setAlertsSnapshotProvider(provider) {
        alertsSnapshot = provider;
      },
      disconnectSession(sessionId) {
        io.in(sessionRoom(sessionId)).disconnectSockets(true);
      },
      disconnectUser(userId, keepSessionId = null) {
        const sockets = io.in(rooms.user(userId));
        const ended = keepSessionId === null ? sockets : sockets.except(sessionRoom(keepSessionId));
        ended.disconnectSockets(true);
      },
      async usersIn(room) {
        const sockets = await io.in(room).fetchSockets();
        return [...new Set(sockets.map((socket) => socket.data.userId))];
      },
      resendSnapshots(profileId) {
        if (adapterClient) io.serverSideEmit('alerts:resnapshot', profileId);
        void connections.resnapshot(profileId);
      },
      tellPeers(event, ...args) {
        if (adapterClient) io.serverSideEmit(event, ...args);
      },
      onPeer(event, listener) {
        io.on(event, listener as never);
      },
    } satisfies Realtime);

    // Before the HTTP server waits for its connections to end: close the sockets (recoverable on
    // another node), the engine and the adapter. The database is still open for work in flight.
    app.addHook('preClose', async () => {
      delete app.marketEvents.marketStatus;
      delete app.marketEvents.quotes;
      await quotes.close();
      await io.close();
    });
    app.addHook('onClose', async () => {
      if (adapterClient) await adapterClient.close().catch(() => adapterClient.destroy());
    });
  },
  { name: 'realtime', dependencies: ['db', 'redis', 'session', 'market', 'accounts'] },
);
