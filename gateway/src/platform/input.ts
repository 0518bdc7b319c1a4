import { controlCharactersMessage, fieldWithControlCharacters } from '@insight/shared';
import fp from 'fastify-plugin';
import { badRequest } from './errors';

/**
 * Text at the boundary (issue 14 §5): before any route's schema, every string of the path, the query
 * and the body is checked once for control characters (NUL and the like; newline and tab are
 * allowed), and a request holding one is refused with a 400 naming the field.
 */
export const inputPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        const field = fieldWithControlCharacters(part);
        if (field !== null) {
          const name = field === '' ? 'body' : field;
          throw badRequest(`${name}: ${controlCharactersMessage}`, name);
        }
      }
    });
  },
  { name: 'input' },
);
