import { messages } from '@insight/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, HttpError } from './errors';
import type { Access } from './session';

/** An /api route as declared: what the authorisation matrix and the property tests are generated from. */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  effect: 'read' | 'write';
  idempotent: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route registered, in order (issue 14 §7). */
    routeTable: ApiRoute[];
  }
}

const changing = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin in an Origin or Referer header; an opaque one ('null', a sandboxed frame) is foreign. */
function originOf(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  return URL.canParse(value) ? new URL(value).origin : 'foreign';
}

/** The origins Insight's own pages are served from: the public URL and the address the request came to. */
function ownOrigins(request: FastifyRequest, publicUrl: string): Set<string> {
  const own = new Set([new URL(publicUrl).origin]);
  own.add(`${request.protocol}://${request.host}`);
  return own;
}

/** Why a browser's request to change something must be refused, or null when it may go on. */
export function crossSiteRefusal(request: FastifyRequest, publicUrl: string): string | null {
  const own = ownOrigins(request, publicUrl);
  const origin = originOf(request.headers.origin);
  if (origin !== null && !own.has(origin)) return 'origin';
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') return 'sec-fetch-site';
  // Another origin of the same site (a sibling subdomain) only with our own Origin.
  if (site === 'same-site' && origin === null) return 'sec-fetch-site';
  // Browsers without Fetch Metadata still send the page they come from on a followed link.
  const referer = originOf(request.headers.referer);
  if (origin === null && site === undefined && referer !== null && !own.has(referer)) return 'referer';
  return null;
}

function hasBody(request: FastifyRequest) {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}

/**
 * The one guard against cross-site state changes (issue 14): every /api route declares its
 * `config.effect`, the gateway refuses to start when one does not (or calls a POST/PUT/PATCH/DELETE
 * a read), and a 'write' route refuses, before anything else runs, a request a browser marks as
 * coming from another site (Fetch Metadata, a foreign Origin or Referer) and a body that is not JSON.
 * Clients that send none of those headers (tests, apps, curl) are not concerned.
 */
export const crossSitePlugin = fp(
  async (app, options: { publicUrl: string }) => {
    const table: ApiRoute[] = [];
    app.decorate('routeTable', table);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      const effect = route.config?.effect;
      if (effect !== 'read' && effect !== 'write') {
        throw new Error(
          `Route ${String(route.method)} ${route.url} declares no config.effect ('read' or 'write')`,
        );
      }
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (effect === 'read' && methods.some((method) => changing.has(method))) {
        throw new Error(
          `Route ${String(route.method)} ${route.url} changes by its method but declares effect 'read'`,
        );
      }
      for (const method of methods) {
        if (method === 'HEAD') continue;
        table.push({
          method,
          url: route.url,
          access: route.config!.access!,
          effect,
          idempotent: route.config?.idempotent === true,
        });
      }
    });

    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.effect !== 'write') return;
      const refusal = crossSiteRefusal(request, options.publicUrl);
      if (refusal !== null) {
        request.log.warn({ refusal, origin: request.headers.origin }, 'cross-site write refused');
        throw forbidden(messages.session.crossSite);
      }
      if (hasBody(request)) {
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (type !== 'application/json') throw new HttpError(415, messages.session.jsonOnly);
      }
    });
  },
  { name: 'cross-site' },
);
