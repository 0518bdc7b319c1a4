import type { Ack, AlertsPage } from '@insight/shared';
import { can, messages, profileMessages, rooms } from '@insight/shared';
import type { FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { HttpError } from '../platform/errors';
import { sessionCookieName, type Session } from '../platform/session';
import type { InsightServer, InsightSocket, Publisher } from './publish';
import { subscribe, unsubscribe, type QuoteFanout } from './quotes';

/**
 * The newest page of a profile's alerts as `userId` sees them, sent to a socket on join and on a
 * profile switch. Answers a function that cuts the page when called: the socket is sent what it
 * returns in the same turn, so a page and the pushes around it agree.
 */
export type AlertsSnapshotProvider = (profileId: number, userId: number) => Promise<() => AlertsPage>;

/** The room of one session's sockets, to end them at logout. Internal: no client ever sees it. */
const sessionRoomPrefix = 'session:';
export const sessionRoom = (sessionId: number) => `${sessionRoomPrefix}${sessionId}`;

type AlertsSnapshot = { profileId: number } & AlertsPage;

/** Why a connection is refused, as the client's connect_error message reads. */
export const refusals = {
  unauthorized: 'unauthorized',
  forbiddenOrigin: 'forbidden origin',
  noProfile: 'no investment profile',
  unavailable: 'unavailable',
} as const;

class Refusal extends Error {}

const profileIdSchema = z.number().int().positive();
const appFlavor = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Browsers send Origin; a page of another site must not ride on the user's cookie. Allowed: no Origin
 * (tests, native clients), the host the request was addressed to, or PUBLIC_URL.
 */
export function originAllowed(headers: IncomingHttpHeaders, publicOrigin: string): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return url.host === headers.host || url.origin === publicOrigin;
}

export interface ConnectionDeps {
  app: FastifyInstance;
  io: InsightServer;
  publisher: Publisher;
  quotes: QuoteFanout;
  publicOrigin: string;
  alertsSnapshot: () => AlertsSnapshotProvider;
}

/**
 * Admission (the `io.use` middleware) and the life of one socket: its rooms, what it is sent on
 * join, and its commands, each answered with the Ack envelope.
 */
export function handleConnections(deps: ConnectionDeps): {
  resync: () => Promise<number>;
  resnapshot: (profileId: number) => Promise<number>;
} {
  const { app, io, publisher, quotes } = deps;
  const log = app.log.child({ module: 'realtime' });

  /** The live session of the socket's cookie, read again each time (roles may have changed). */
  async function sessionOf(socket: InsightSocket): Promise<Session | null> {
    const header = socket.handshake.headers.cookie;
    if (!header) return null;
    const secret = app.parseCookie(header)[sessionCookieName];
    return secret ? app.sessions.find(secret) : null;
  }

  async function admit(socket: InsightSocket) {
    if (!originAllowed(socket.handshake.headers, deps.publicOrigin))
      throw new Refusal(refusals.forbiddenOrigin);
    const session = await sessionOf(socket);
    if (!session) throw new Refusal(refusals.unauthorized);
    if (socket.recovered) {
      // Back within two minutes: rooms and data are restored; it must still be the same user.
      if (socket.data.userId !== session.userId) throw new Refusal(refusals.unauthorized);
      socket.data.sessionId = session.id;
      return;
    }
    const { current: profileId } = await app.accounts.profilesOf(session.userId);
    if (profileId === null) throw new Refusal(refusals.noProfile);
    socket.data = {
      userId: session.userId,
      sessionId: session.id,
      profileId,
      app: await appOf(session.userId, socket.handshake.auth.app),
    };
  }

  /**
   * The app room a socket asks for (handshake `auth.app`, as the mobile view sends it): only the
   * flavour its user belongs to (set with their app id); anything else joins no app room.
   */
  async function appOf(userId: number, asked: unknown): Promise<string | null> {
    if (typeof asked !== 'string' || !appFlavor.test(asked) || !app.hasDecorator('apps')) return null;
    const own = await app.apps.appOf(userId);
    return own?.flavor === asked ? asked : null;
  }

  /**
   * The app's broadcasts the user has not had yet (sent while they were offline), taken from the
   * outbox once: a second socket connecting later does not get them again. Taken but not sent (the
   * socket went away meanwhile) they go back to the outbox.
   */
  async function deliverAppMessages(socket: InsightSocket) {
    const { userId, app: flavor } = socket.data;
    if (flavor === null || !app.hasDecorator('apps') || !socket.connected) return;
    const pending = await app.apps.deliverPending(userId, flavor);
    if (pending.length === 0) return;
    if (!socket.connected) {
      await app.apps.returnPending(
        userId,
        pending.map((message) => message.id),
      );
      return;
    }
    for (const message of pending) publisher.publish(socket.id, 'app:message', message);
  }

  io.use((socket, next) => {
    admit(socket).then(
      () => next(),
      (error: unknown) => {
        if (error instanceof Refusal) return next(error);
        if (error instanceof HttpError && error.statusCode === 401)
          return next(new Error(refusals.unauthorized));
        log.error({ err: error }, 'socket admission failed');
        next(new Error(refusals.unavailable));
      },
    );
  });

  /** The snapshot event of a page: one object per page and profile, so it is encoded once for all. */
  const snapshots = new WeakMap<AlertsPage, Map<number, AlertsSnapshot>>();
  function snapshotOf(profileId: number, page: AlertsPage): AlertsSnapshot {
    let byProfile = snapshots.get(page);
    if (!byProfile) snapshots.set(page, (byProfile = new Map()));
    let snapshot = byProfile.get(profileId);
    if (!snapshot) byProfile.set(profileId, (snapshot = { profileId, ...page }));
    return snapshot;
  }

  async function sendSnapshot(socket: InsightSocket) {
    const { profileId, userId } = socket.data;
    const page = await deps.alertsSnapshot()(profileId, userId);
    // Cut now, sent once every push published before the cut has reached the socket: an alert in
    // the snapshot was pushed before it (and is superseded by it), one not in it is pushed after.
    const delivered = publisher.delivered();
    const snapshot = snapshotOf(profileId, page());
    await delivered;
    // A switch made while this was read sends its own snapshot.
    if (socket.data.profileId !== profileId || !socket.connected) return;
    publisher.sendDirect(socket, 'alerts:snapshot', snapshot);
  }

  /**
   * Through the adapter, not node-locally: the Redis adapter numbers only what passes through its
   * stream, and a socket can be recovered only from a number it has received.
   */
  function sendMarketStatus(socket: InsightSocket) {
    publisher.publish(socket.id, 'market:status', {
      open: app.ingestor.marketOpen(),
      at: new Date().toISOString(),
    });
  }

  /** Runs a command and answers it with the Ack envelope; an unexpected failure is logged, not leaked. */
  function command<T>(socket: InsightSocket, name: string, run: (input: unknown) => Promise<Ack<T>>) {
    return (input: unknown, ack?: (answer: Ack<T>) => void) => {
      const reply = (answer: Ack<T>) => {
        if (typeof ack === 'function') ack(answer);
      };
      run(input).then(reply, (error: unknown) => {
        log.error({ err: error, command: name, userId: socket.data.userId }, 'socket command failed');
        reply({ ok: false, error: messages.server.internal });
      });
    };
  }

  async function switchProfile(socket: InsightSocket, input: unknown): Promise<Ack<{ profileId: number }>> {
    const session = await sessionOf(socket);
    if (!session || session.userId !== socket.data.userId)
      return { ok: false, error: messages.session.required };
    if (!can(session.roles, 'profile.switch')) return { ok: false, error: messages.session.forbidden };
    const parsed = profileIdSchema.safeParse(input);
    if (!parsed.success) return { ok: false, error: 'profileId must be a whole number above 0' };
    const profileId = parsed.data;
    const { available } = await app.accounts.profilesOf(session.userId);
    if (!available.includes(profileId)) {
      return { ok: false, error: profileMessages.unknownProfile };
    }
    const previous = socket.data.profileId;
    if (previous !== profileId) {
      await socket.leave(rooms.profile(previous));
      socket.data.profileId = profileId;
      await socket.join(rooms.profile(profileId));
    }
    await sendSnapshot(socket);
    return { ok: true, data: { profileId } };
  }

  io.on('connection', (socket) => {
    const { userId, sessionId, profileId, app: flavor } = socket.data;
    if (socket.recovered) {
      // Missed room broadcasts were replayed by Socket.IO. The session may be a new one (a sign-in
      // in another tab), and quotes are pushed node-locally, so they are sent afresh.
      const stale = [...socket.rooms].filter(
        (room) => room.startsWith(sessionRoomPrefix) && room !== sessionRoom(sessionId),
      );
      for (const room of stale) void socket.leave(room);
      void socket.join(sessionRoom(sessionId));
      quotes
        .pushCurrent(socket)
        .catch((error: unknown) => log.warn({ err: error }, 'quotes after recovery failed'));
    } else {
      void socket.join([
        rooms.user(userId),
        sessionRoom(sessionId),
        rooms.profile(profileId),
        ...(flavor === null ? [] : [rooms.app(flavor)]),
      ]);
      sendMarketStatus(socket);
      sendSnapshot(socket).catch((error: unknown) =>
        log.error({ err: error, userId }, 'alerts snapshot failed'),
      );
    }
    // Fresh or recovered: what was sent while the user had no socket in the app room.
    deliverAppMessages(socket).catch((error: unknown) =>
      log.error({ err: error, userId }, 'app messages delivery failed'),
    );

    socket.on(
      'quotes:subscribe',
      command(socket, 'quotes:subscribe', (input) => subscribe(socket, input, quotes)),
    );
    socket.on(
      'quotes:unsubscribe',
      command(socket, 'quotes:unsubscribe', (input) => unsubscribe(socket, input)),
    );
    socket.on(
      'profile:switch',
      command(socket, 'profile:switch', (input) => switchProfile(socket, input)),
    );
  });

  return {
    /**
     * After the fan-out was away (Redis down and back), pushes may have missed this node's sockets:
     * each is sent its alerts whole, the market status and its quotes afresh. Returns how many.
     */
    /** This node's sockets watching the profile are each sent its alerts whole (the profile was rebuilt). */
    async resnapshot(profileId: number) {
      const sockets = [...io.of('/').sockets.values()].filter(
        (socket) => socket.data.profileId === profileId,
      );
      await Promise.all(
        sockets.map((socket) =>
          sendSnapshot(socket).catch((error: unknown) =>
            log.warn({ err: error, userId: socket.data.userId }, 'alerts snapshot failed'),
          ),
        ),
      );
      return sockets.length;
    },
    async resync() {
      const sockets = [...io.of('/').sockets.values()];
      await Promise.all(
        sockets.map(async (socket) => {
          try {
            sendMarketStatus(socket);
            await sendSnapshot(socket);
            await quotes.pushCurrent(socket);
          } catch (error) {
            log.warn({ err: error, userId: socket.data.userId }, 'resync after the fan-out returned failed');
          }
        }),
      );
      return sockets.length;
    },
  };
}
