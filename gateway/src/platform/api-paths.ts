import { messages } from '@insight/shared';
import type { FastifyInstance, FastifyReply, FastifyServerOptions, RawServerDefault } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors';

/**
 * Both prefixes of the spec by one mechanism: every route is registered once, under `/api/...`, and
 * a request for `/api/v1/...` is rewritten to it before routing (spec 002 §7: the same calls answer
 * under both). A route registered by hand under `/api/v1/` would never be reached, so it stops the
 * gateway at start.
 */
export const apiPrefix = '/api/';
export const apiV1Prefix = '/api/v1/';

/** The canonical `/api/...` form of a request URL (query kept); any other URL unchanged. */
export function canonicalApiUrl(url: string): string {
  if (url.startsWith(apiV1Prefix)) return apiPrefix + url.slice(apiV1Prefix.length);
  if (url === '/api/v1' || url.startsWith('/api/v1?')) return '/api' + url.slice('/api/v1'.length);
  return url;
}

/** The `/api/v1/...` twin of a canonical route path. */
export const v1Alias = (path: string) =>
  path.startsWith(apiPrefix) ? apiV1Prefix + path.slice(apiPrefix.length) : path;

/**
 * Longest URL and longest path segment answered (the segment limit is also Fastify's
 * `maxParamLength`); longer ones are refused with 414 and the error body. A segment may take the
 * whole address: some path parameters have no length of their own (the Market Data report's tickers
 * and weights), and one that has (its 100-character e-mail) is longer percent-encoded, so their own
 * schemas answer for them, with their own messages, rather than a 414.
 */
export const urlLimits = { url: 4096, segment: 4096 } as const;

function errorJson(msg: string) {
  return JSON.stringify({ status: false, msg });
}

/**
 * For the Fastify constructor: the `/api/v1/` rewrite, and the refusals Fastify answers before any
 * route or error handler (an overlong parameter, a malformed URL, a broken request line or headers)
 * in the product's error body.
 */
export const apiPathServerOptions: Pick<
  FastifyServerOptions<RawServerDefault>,
  'rewriteUrl' | 'frameworkErrors' | 'clientErrorHandler'
> = {
  rewriteUrl: (request) => canonicalApiUrl(request.url ?? '/'),
  frameworkErrors: (error, _request, typedReply) => {
    // (Its reply type is generic over the route that was not found; a plain reply is what it is.)
    const reply = typedReply as unknown as FastifyReply;
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      void reply.status(414).send({ status: false, msg: messages.server.uriTooLong });
      return;
    }
    void reply.status(400).send({ status: false, msg: messages.server.badRequest });
  },
  clientErrorHandler: (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, text, msg] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', messages.server.uriTooLong]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', messages.server.badRequest]
          : [400, 'Bad Request', messages.server.badRequest];
    const body = errorJson(msg);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  },
};

export function isUrlTooLong(url: string): boolean {
  if (url.length > urlLimits.url) return true;
  const path = url.split('?', 1)[0] ?? '';
  return path.split('/').some((segment) => segment.length > urlLimits.segment);
}

export interface ApiRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every `/api/` route registered (method and canonical path); each also answers under `/api/v1/`. */
    apiRoutes: ApiRoute[];
  }
}

export const apiPathsPlugin = fp(
  async (app: FastifyInstance) => {
    const routes: ApiRoute[] = [];
    app.decorate('apiRoutes', routes);
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith(apiV1Prefix)) {
        throw new Error(
          `Route ${String(route.method)} ${route.url}: register it under /api/ only; /api/v1/ answers it too`,
        );
      }
      if (!route.url.startsWith(apiPrefix)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        routes.push({ method: String(method), url: route.url });
      }
    });
    // 414 for an address (or one of its segments) too long, with the product's error body.
    app.addHook('onRequest', async (request) => {
      if (isUrlTooLong(request.originalUrl ?? request.url))
        throw new HttpError(414, messages.server.uriTooLong);
    });
  },
  { name: 'api-paths' },
);
