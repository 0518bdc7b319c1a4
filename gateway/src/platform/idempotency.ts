import { createHash } from 'node:crypto';
import { messages } from '@insight/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, conflict, HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write that creates something: honours an Idempotency-Key header (issue 14 §6). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { userId: number; key: string } | null;
  }
}

const keepMs = 24 * 60 * 60_000;
/** A first request that never finished (its node died) stops holding its key after this. */
const abandonedMs = 60_000;
const keyShape = /^[\x21-\x7e]{1,200}$/;

const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;
const hashOf = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url');

/**
 * Idempotency-Key on the writes that create things (deposits, positions, closes, a file): the
 * first request with a key acts and its answer is stored (per user, for a day); a retry with the
 * same key and body answers that same answer without acting again; the same key with another body
 * is refused (422), and while the first is still under way a retry answers 409. A 5xx answer is not
 * kept, so the retry acts. Without the header nothing changes.
 */
export const idempotencyPlugin = fp(
  async (app) => {
    app.decorateRequest('idempotency', null);

    app.addHook('preHandler', async (request, reply) => {
      if (!request.routeOptions.config.idempotent) return;
      const header = request.headers['idempotency-key'];
      if (header === undefined || !request.session) return;
      const key = Array.isArray(header) ? header[0]! : header;
      if (!keyShape.test(key)) throw badRequest(messages.idempotency.badKey, 'Idempotency-Key');
      const userId = request.session.userId;
      const route = routeOf(request);
      const requestHash = hashOf(request.body);
      const now = new Date();
      // The caller's keys past their day go as new ones come.
      await app.db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('expires_at', '<', now)
        .execute();

      for (let attempt = 0; attempt < 2; attempt++) {
        const taken = await app.db
          .insertInto('idempotency_keys')
          .values({
            user_id: userId,
            key,
            route,
            request_hash: requestHash,
            status_code: null,
            response: null,
            expires_at: new Date(now.getTime() + keepMs),
          })
          .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (taken) {
          request.idempotency = { userId, key };
          return;
        }
        const kept = await app.db
          .selectFrom('idempotency_keys')
          .selectAll()
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .executeTakeFirst();
        if (!kept) continue; // removed meanwhile: take it
        const abandoned =
          kept.status_code === null && now.getTime() - kept.created_at.getTime() > abandonedMs;
        if (kept.expires_at <= now || abandoned) {
          await app.db
            .deleteFrom('idempotency_keys')
            .where('user_id', '=', userId)
            .where('key', '=', key)
            .where('created_at', '=', kept.created_at)
            .execute();
          continue;
        }
        if (kept.route !== route || kept.request_hash !== requestHash)
          throw new HttpError(422, messages.idempotency.otherRequest);
        if (kept.status_code === null) throw conflict(messages.idempotency.underWay);
        return reply
          .status(kept.status_code)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .send(kept.response);
      }
      throw conflict(messages.idempotency.underWay);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const held = request.idempotency;
      if (!held) return payload;
      request.idempotency = null;
      const done = app.db
        .updateTable('idempotency_keys')
        .where('user_id', '=', held.userId)
        .where('key', '=', held.key);
      if (reply.statusCode >= 500 || typeof payload !== 'string') {
        await app.db
          .deleteFrom('idempotency_keys')
          .where('user_id', '=', held.userId)
          .where('key', '=', held.key)
          .execute();
      } else {
        await done.set({ status_code: reply.statusCode, response: payload }).execute();
      }
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['db', 'session'] },
);
