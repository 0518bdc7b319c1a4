import type { Right, Role } from '@insight/shared';
import { can, rolesOf } from '@insight/shared';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from './db';
import { forbidden, unauthorized } from './errors';
import { hashSecret, newPublicId, newSecret } from './tokens';

export const sessionCookieName = 'insight_sid';

/** Who is calling: the session row and the roles of its user (read again at least every sessionRecheckMs). */
export interface Session {
  id: number;
  publicId: string;
  userId: number;
  remember: boolean;
  roles: Role[];
}

/** What a route declares: 'public', or the right its caller must hold (from shared/auth/permissions). */
export type Access = 'public' | Right;

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
  }
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Whether the route changes state ('write': every POST/PUT/PATCH/DELETE and the spec's GETs that
     * change something) or only reads. Every /api route says which; the cross-site guard reads it.
     */
    effect?: 'read' | 'write';
    /**
     * A POST that only reads (finance_info): like a 'read' route, it may be answered on a session
     * checked within the last sessionRecheckMs. Every other 'write' route reads its session afresh.
     */
    readsOnly?: true;
  }
}

export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
}

// Writing last_seen_at on every request would turn every read into a write; a minute is precise enough.
const touchEveryMs = 60_000;
/**
 * How long a session read from the database answers a read for its cookie without being read again:
 * a page load's dozen calls, or a client's burst, read it once. A change is always authorised on a
 * session read afresh. A revocation made through this store (sign-out, password change, a stolen
 * token's family) takes effect at once, on this node and, told through `onForget`, on the others; a
 * role changed in the database takes effect at the next change at once, and at reads within this time.
 */
export const sessionRecheckMs = 2_000;
/** Sessions kept at most (the oldest are dropped first). */
const cachedSessionsMax = 50_000;

export class SessionStore {
  /** Sessions read lately, by token hash. */
  private readonly recent = new Map<string, { session: Session; until: number }>();
  /** Users whose sessions are read afresh until then (a revocation may still be committing). */
  private readonly uncached = new Map<number, number>();
  /** Told of every user whose sessions this node forgot, so the other nodes forget them too. */
  onForget: (userId: number) => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly lifetimes: SessionLifetimes,
  ) {}

  /**
   * Forgets the kept sessions of a user and reads theirs from the database for a while: called on
   * every revocation, before its transaction commits. `fromPeer`: another node told (not told again).
   */
  forgetUser(userId: number, fromPeer = false) {
    for (const [hash, entry] of this.recent) if (entry.session.userId === userId) this.recent.delete(hash);
    this.uncached.set(userId, Date.now() + sessionRecheckMs);
    if (!fromPeer) this.onForget(userId);
  }

  private remember(hash: string, session: Session) {
    const now = Date.now();
    const until = this.uncached.get(session.userId);
    if (until !== undefined) {
      if (until > now) return;
      this.uncached.delete(session.userId);
    }
    if (this.recent.size >= cachedSessionsMax) {
      const oldest = this.recent.keys().next();
      if (!oldest.done) this.recent.delete(oldest.value);
    }
    this.recent.set(hash, { session, until: now + sessionRecheckMs });
  }

  /** Opens a session; the returned secret goes into the cookie and is stored only hashed. */
  async create(
    userId: number,
    options: { remember: boolean; address: string | null; userAgent: string | null },
    trx: Db = this.db,
  ) {
    const secret = newSecret();
    const now = new Date();
    const row = await trx
      .insertInto('sessions')
      .values({
        token_hash: hashSecret(secret),
        public_id: newPublicId(),
        user_id: userId,
        remember: options.remember,
        last_seen_at: now,
        expires_at: new Date(now.getTime() + this.lifetimes.absoluteMs),
        address: options.address,
        user_agent: options.userAgent?.slice(0, 300) ?? null,
      })
      .returning(['id', 'public_id', 'expires_at'])
      .executeTakeFirstOrThrow();
    return { secret, id: row.id, publicId: row.public_id, expiresAt: row.expires_at };
  }

  /**
   * The live session of a cookie secret: not revoked, within its absolute and idle lifetimes.
   * `recent`: one read within the last sessionRecheckMs will do (for reads; see sessionRecheckMs).
   */
  async find(secret: string, { recent = false }: { recent?: boolean } = {}): Promise<Session | null> {
    const hash = hashSecret(secret);
    const kept = this.recent.get(hash);
    if (recent && kept && kept.until > Date.now()) return kept.session;
    if (kept) this.recent.delete(hash);
    const now = new Date();
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id',
        'sessions.public_id',
        'sessions.user_id',
        'sessions.remember',
        'sessions.last_seen_at',
        'users.account_type',
        'users.is_admin',
        'users.client_admin',
      ])
      .where('sessions.token_hash', '=', hash)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .where('sessions.last_seen_at', '>', new Date(now.getTime() - this.lifetimes.idleMs))
      .executeTakeFirst();
    if (!row) return null;
    if (now.getTime() - row.last_seen_at.getTime() > touchEveryMs) {
      await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
    }
    const session: Session = {
      id: row.id,
      publicId: row.public_id,
      userId: row.user_id,
      remember: row.remember,
      roles: rolesOf(row),
    };
    this.remember(hash, session);
    return session;
  }

  async revoke(sessionId: number, trx: Db = this.db) {
    const row = await trx
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('id', '=', sessionId)
      .returning('user_id')
      .executeTakeFirst();
    if (row) this.forgetUser(row.user_id);
  }

  /** Ends every session of a user, but `keep` (after a password change, the one that changed it). */
  async revokeAllOf(userId: number, keep: number | null, trx: Db = this.db) {
    this.forgetUser(userId);
    await trx
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .$if(keep !== null, (q) => q.where('id', '!=', keep!))
      .execute();
  }
}

export function setSessionCookie(
  reply: FastifyReply,
  session: { secret: string; expiresAt: Date },
  options: { remember: boolean; secure: boolean },
) {
  reply.setCookie(sessionCookieName, session.secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    // Without remember-me the cookie ends with the browser; the server's lifetimes apply either way.
    ...(options.remember ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(sessionCookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** The session of a request, or an answer of 401 / 403 when it lacks the route's right. */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

/**
 * Cookie sessions and the access check of every route. Each /api route must declare
 * `config.access`; one that does not stops the gateway at start, so no route is open by omission.
 */
export const sessionPlugin = fp(
  async (app, options: SessionLifetimes) => {
    await app.register(cookie);
    app.decorate('sessions', new SessionStore(app.db, options));
    app.decorateRequest('session', null);

    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/') && route.config?.access === undefined) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no config.access`);
      }
    });

    // Before the body is read or validated: an anonymous caller learns 401, never what the schema wants.
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (access === undefined) return;
      const secret = request.cookies[sessionCookieName];
      const { effect, readsOnly } = request.routeOptions.config;
      request.session = secret
        ? await app.sessions.find(secret, { recent: effect === 'read' || readsOnly === true })
        : null;
      if (access === 'public') return;
      if (!request.session) throw unauthorized();
      if (!can(request.session.roles, access)) throw forbidden();
    });
  },
  { name: 'session', dependencies: ['db'] },
);
