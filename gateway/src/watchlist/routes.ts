import { rooms } from '@insight/shared';
import {
  watchlistApi,
  watchlistResponseSchema,
  watchSymbolBodySchema,
  type WatchlistResponse,
} from '@insight/shared/watchlist/schemas';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marketNow } from '../market/service';
import { requireSession } from '../platform/session';
import { WatchlistService } from './service';
import { refusals } from '../platform/errors';

declare module 'fastify' {
  interface FastifyInstance {
    watchlist: WatchlistService;
  }
}

const answers = { 200: watchlistResponseSchema, ...refusals };

/**
 * The watchlist calls (spec 000 §7, spec 001 §7): each answers the whole watchlist, and a change is
 * pushed to the user's other tabs as 'watchlist:changed'. Investors only ('watchlist.use').
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const service = new WatchlistService(app.db, {
    now: () => marketNow(app.ingestor.marketStatus()?.at),
  });
  app.decorate('watchlist', service);

  // Realtime is registered after the features; it is there by the time a request comes.
  const pushed = (userId: number, watchlist: WatchlistResponse) => {
    if (app.hasDecorator('realtime'))
      app.realtime.publish(rooms.user(userId), 'watchlist:changed', watchlist);
    return watchlist;
  };

  app.get(
    watchlistApi.get,
    { config: { access: 'watchlist.use', effect: 'read' }, schema: { response: answers } },
    async (request) => service.list(requireSession(request).userId),
  );

  app.post(
    watchlistApi.follow,
    {
      config: { access: 'watchlist.use', effect: 'write' },
      schema: { body: watchSymbolBodySchema, response: answers },
    },
    async (request) => {
      const { userId } = requireSession(request);
      return pushed(userId, await service.follow(userId, request.body.data.symbol));
    },
  );

  app.post(
    watchlistApi.unfollow,
    {
      config: { access: 'watchlist.use', effect: 'write' },
      schema: { body: watchSymbolBodySchema, response: answers },
    },
    async (request) => {
      const { userId } = requireSession(request);
      return pushed(userId, await service.unfollow(userId, request.body.data.symbol));
    },
  );
};

export const watchlistRoutes = fp(routes, { name: 'watchlist', dependencies: ['db', 'session', 'market'] });
