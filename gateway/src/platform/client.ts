import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@insight/shared';
import fp from 'fastify-plugin';

/**
 * Serves the built client at / with history-API fallback: any GET that is not an API call or a file
 * answers index.html, and the client's router takes it from there. Unknown API paths answer 404 JSON.
 */
export const clientPlugin = fp(
  async (app, options: { clientDist: string }) => {
    const index = path.join(options.clientDist, 'index.html');
    const built = fs.existsSync(index);
    if (built) {
      await app.register(fastifyStatic, {
        root: options.clientDist,
        // Files are looked up per request, so a rebuilt client is served without a restart.
        wildcard: true,
        index: 'index.html',
        // Hashed assets never change; index.html must always be fresh.
        setHeaders: (res, filePath) => {
          res.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn({ clientDist: options.clientDist }, 'client not built: run `npm run build` to serve it');
    }

    app.setNotFoundHandler(async (request, reply) => {
      const isApi = request.url.startsWith('/api/') || request.url === '/api';
      if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(404).send({ status: false, msg: messages.server.notFound });
      }
      if (!built) {
        return reply
          .status(503)
          .type('text/plain')
          .send('The Insight client is not built. Run `npm run build` (or `npm start`, which builds it).');
      }
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'client' },
);
